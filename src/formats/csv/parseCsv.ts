/**
 * CSV text into rows of cells, for files read whole (a sites file, a credit listing). The CLI's
 * streaming reader of large files is `csvRecords`.
 */

/** One CSV record and the spreadsheet row it is on (1-based; blank records count, as a spreadsheet shows them). */
export interface CsvRecord {
  row: number;
  cells: string[];
  /**
   * Why the record may not be what the spreadsheet shows (a quote never closed, a stray quote,
   * a quoted cell holding a line break and the delimiter), with its 1-based column; absent when
   * it reads cleanly. A reader of figures refuses such a row, naming it.
   */
  problem?: { column: number; message: string };
}

/**
 * Splits CSV text into records (RFC 4180 quoting), each with its spreadsheet row number, so a
 * reader can name the row of a bad cell as the planner sees it. Blank records are left out but
 * still counted; a quoted line break stays inside its cell and row. `\n`, `\r\n` and `\r` all end a
 * row, mixed in one file as an edited file mixes them.
 *
 * Strict where a lenient reader would bend the figures without a word: a quote that is never
 * closed would swallow every later row into one cell, so its record is marked (`problem`) and
 * reading starts again on the next line, every later row read as written; a quote inside an
 * unquoted cell, text after a closing quote, and a quoted cell holding both a line break and the
 * delimiter (the sign of two rows read as one) mark their record too.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let start = 0;
  let row = 1;
  for (;;) {
    const { next, nextRow, unclosed } = readUntilUnclosed(text, start, row, records);
    if (!unclosed) return records;
    // Read again from the line after the one the quote opened on: those rows are the file's own.
    start = next;
    row = nextRow;
  }
}

/**
 * Reads records from `start` (on spreadsheet row `row`) into `records`. At a quote never closed,
 * pushes its record up to the quote's line with a problem and returns where to read again.
 */
function readUntilUnclosed(
  text: string,
  start: number,
  firstRow: number,
  records: CsvRecord[],
): { next: number; nextRow: number; unclosed: boolean } {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  /** The cell was quoted and its quote closed: only a delimiter or a line end may follow. */
  let closed = false;
  let quoteAt = { index: 0, row: 0 };
  let problem: CsvRecord['problem'];
  let number = firstRow;
  let recordRow = firstRow;
  let breakInQuotes = false;
  let delimiterInQuotes = false;
  const flag = (message: string) => {
    problem ??= { column: cells.length + 1, message };
  };
  const endCell = () => {
    if (breakInQuotes && delimiterInQuotes)
      flag(`a quoted cell holds a line break and commas: two rows may have been read as one`);
    cells.push(cell);
    cell = '';
    closed = false;
    breakInQuotes = false;
    delimiterInQuotes = false;
  };
  const end = () => {
    endCell();
    if (problem || cells.some((value) => value.trim() !== ''))
      records.push({ row: recordRow, cells, ...(problem ? { problem } : {}) });
    cells = [];
    problem = undefined;
    recordRow = number + 1;
  };
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
        closed = true;
      } else {
        // A quoted line break stays in its cell and its spreadsheet row.
        if (char === '\n' || char === '\r') breakInQuotes = true;
        else if (char === ',') delimiterInQuotes = true;
        cell += char;
      }
    } else if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      end();
      number++;
    } else if (char === '"' && cell === '' && !closed) {
      quoted = true;
      quoteAt = { index: i, row: number };
    } else {
      if (closed) flag(`text after a closing quote ("${cell}" then "${char}…")`);
      else if (char === '"') flag(`a quote inside a cell that does not begin with one`);
      closed = false;
      cell += char;
    }
  }
  if (quoted) {
    // Never closed: the record ends where the quote's line ends, marked; the rest is read again.
    const lineEnd = text.slice(quoteAt.index).search(/\r\n|\n|\r/);
    cell =
      lineEnd < 0 ? text.slice(quoteAt.index + 1) : text.slice(quoteAt.index + 1, quoteAt.index + lineEnd);
    problem = {
      column: cells.length + 1,
      message: `a quote opened on row ${quoteAt.row} is never closed: the rest of the file would be read as one cell`,
    };
    breakInQuotes = false;
    number = quoteAt.row;
    end();
    if (lineEnd < 0) return { next: text.length, nextRow: number + 1, unclosed: false };
    const at = quoteAt.index + lineEnd;
    return { next: at + (text.startsWith('\r\n', at) ? 2 : 1), nextRow: quoteAt.row + 1, unclosed: true };
  }
  if (cell !== '' || cells.length > 0 || closed) end();
  return { next: text.length, nextRow: number, unclosed: false };
}

/** Splits CSV text into rows of cells (RFC 4180 quoting); blank rows are left out. */
export function parseCsv(text: string): string[][] {
  return parseCsvRecords(text).map((record) => record.cells);
}
