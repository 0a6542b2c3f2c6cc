/**
 * One CSV cell for a file a planner opens in a spreadsheet: quoted when needed, and text
 * starting with = + - @ (or tab / carriage return) prefixed with ' so the spreadsheet never
 * runs it as a formula (OWASP "CSV injection"). A purely numeric cell such as -92.47 is left
 * as it is: it cannot be a formula, and a prefix would turn a coordinate into text.
 */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Formats one value as a CSV cell (RFC 4180 quoting, formula prefixes neutralised). */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Joins rows of cells into CSV text with CRLF line ends, as RFC 4180 asks. */
export function csvText(
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
