/**
 * CSV text into rows of cells, for files read whole (a sites file, a credit listing). The CLI's
 * streaming reader of large files is `csvRecords`.
 */

/** One CSV record and the spreadsheet row it is on (1-based; blank records count, as a spreadsheet shows them). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/**
 * Splits CSV text into records (RFC 4180 quoting), each with its spreadsheet row number, so a
 * reader can name the row of a bad cell as the planner sees it. Blank records are left out but
 * still counted; a quoted line break stays inside its cell and row.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let number = 1;
  const end = () => {
    row.push(cell);
    if (row.some((value) => value.trim() !== '')) records.push({ row: number, cells: row });
    number++;
    row = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      end();
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) end();
  return records;
}

/** Splits CSV text into rows of cells (RFC 4180 quoting); blank rows are left out. */
export function parseCsv(text: string): string[][] {
  return parseCsvRecords(text).map((record) => record.cells);
}
