import type { CsvRecord } from './parseCsv.ts';

/** A row refused because it may not be what the spreadsheet shows, named as a reader names a bad row. */
export interface MisreadRow {
  file: string;
  row: number;
  column: string | null;
  value: string | null;
  message: string;
}

/**
 * A row of figures that may not be what the spreadsheet shows: a quoting problem the CSV reader
 * marked (parseCsvRecords), or more filled cells than the header has columns (an unquoted comma:
 * `1.234,5` would read as 1.234 and push every later cell one column on). Such a row is refused,
 * named by file, row and column, never read as given. Null for a row that reads cleanly.
 */
export function misreadRow(record: CsvRecord, header: readonly string[], file: string): MisreadRow | null {
  const columnName = (at: number) => (header[at - 1] ?? '').trim() || `column ${at}`;
  if (record.problem) {
    const column = columnName(record.problem.column);
    return {
      file,
      row: record.row,
      column,
      value: record.cells[record.problem.column - 1] ?? null,
      message: `${file}, row ${record.row}, column "${column}": ${record.problem.message}`,
    };
  }
  const lastFilled = record.cells.findLastIndex((c) => c.trim() !== '');
  if (lastFilled < header.length) return null;
  return {
    file,
    row: record.row,
    column: null,
    value: null,
    message: `${file}, row ${record.row}: ${lastFilled + 1} cells where the header has ${header.length} columns (cell ${lastFilled + 1}: ${JSON.stringify(record.cells[lastFilled]!.trim())}); a cell may hold an unquoted comma, as a decimal comma (1.234,5) does, so the row is not read`,
  };
}
