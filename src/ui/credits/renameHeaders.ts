/** The column-mapping dialog's answer applied to a listing's text, before the reader reads it. */
import { parseCsv } from '../../formats/csv/parseCsv';

/** RFC 4180 quoting only: the cells go back to the reader as they were (no formula prefix). */
const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The text with the first row holding a mapped header renamed to the template's headers. */
export function renameHeaders(text: string, rename: Record<string, string>): string {
  let done = false;
  return parseCsv(text)
    .map((cells) => {
      if (done || !cells.some((cell) => Object.hasOwn(rename, cell))) return cells;
      done = true;
      return cells.map((cell) => (Object.hasOwn(rename, cell) ? (rename[cell] as string) : cell));
    })
    .map((cells) => cells.map(quote).join(','))
    .join('\r\n');
}
