import type { CsvRecord } from '../csv/parseCsv.ts';
import { CreditFileError } from './creditTypes.ts';
import { normaliseHeader } from './normaliseHeader.ts';

/** One column a listing reader looks for. */
export interface ColumnSpec {
  /** The field it fills. */
  field: string;
  /** The header planners see in the template / report (used in messages). */
  header: string;
  /** Accepted headers, already normalised (see normaliseHeader). */
  names: readonly string[];
  required: boolean;
}

/** Where each field's column is, and the header as the file writes it. */
export interface FoundColumns {
  headerRow: number;
  index: Record<string, number>;
  written: Record<string, string>;
}

/** How many leading records may come before the header (a title line, a report date). */
const HEADER_SEARCH_ROWS = 20;

/**
 * Finds the header row (the first of the first 20 records holding every required column) and
 * each field's column, matching headers case-, space- and punctuation-insensitively.
 * @returns null when no record holds every required column, with `missing` for the closest one
 */
export function locateColumns(
  records: readonly CsvRecord[],
  specs: readonly ColumnSpec[],
  file: string,
): FoundColumns | { missing: ColumnSpec[]; row: number | null; found: string[] } {
  let best: { missing: ColumnSpec[]; row: number | null; found: string[] } = {
    missing: specs.filter((s) => s.required),
    row: records[0]?.row ?? null,
    found: records[0]?.cells ?? [],
  };
  for (const record of records.slice(0, HEADER_SEARCH_ROWS)) {
    const normalised = record.cells.map(normaliseHeader);
    const index: Record<string, number> = {};
    const written: Record<string, string> = {};
    for (const spec of specs) {
      const at = normalised.flatMap((h, i) => (spec.names.includes(h) ? [i] : []));
      if (at.length > 1)
        throw new CreditFileError(
          file,
          record.row,
          record.cells[at[1]!]!,
          `${file}, row ${record.row}: the ${spec.header} column appears twice ("${record.cells[at[0]!]}" and "${record.cells[at[1]!]}")`,
        );
      if (at.length === 1) {
        index[spec.field] = at[0]!;
        written[spec.field] = record.cells[at[0]!]!.trim();
      }
    }
    const missing = specs.filter((s) => s.required && index[s.field] === undefined);
    if (missing.length === 0) return { headerRow: record.row, index, written };
    if (missing.length < best.missing.length) best = { missing, row: record.row, found: record.cells };
  }
  return best;
}
