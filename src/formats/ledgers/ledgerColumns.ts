import { normaliseHeader } from '../credits/normaliseHeader.ts';
import type { CsvRecord } from '../csv/parseCsv.ts';
import { LedgerFileError } from './ledgerTypes.ts';

/** One field a ledger export gives, and the headers it may come under, best first (already normalised). */
export interface LedgerColumnSpec {
  field: string;
  /** The header used in messages. */
  header: string;
  names: readonly string[];
  required: boolean;
}

const col = (field: string, header: string, names: string[], required = false): LedgerColumnSpec => ({
  field,
  header,
  names,
  required,
});

/**
 * The columns of RIBITS's ledger exports. Headers are compared ignoring case, spaces and
 * punctuation (normaliseHeader). Where one meaning arrives under several headers
 * (RIBITS-LEDGERS.md), the first name present wins: the transaction's kind is `Transaction Type`,
 * else `Credit Action` (RIBITSr: "Release, Withdrawal, …"), else `Type` — the "Ledger Transactions"
 * report has both `Type` and `Credit Action`, and only the latter is documented to hold the kind.
 * The bank is `Bank Name` or `Name` and/or `Bank ID`: one of them is needed.
 */
export const LEDGER_COLUMNS: readonly LedgerColumnSpec[] = [
  col('bankName', 'Bank Name', ['bankname', 'name', 'banksitename']),
  col('ribitsBankId', 'Bank ID', ['bankid', 'ribitsbankid']),
  col('transactionId', 'Transaction ID', ['transactionid', 'ledgerid']),
  col('transactionType', 'Transaction Type', ['transactiontype', 'creditaction', 'type'], true),
  col('jurisdiction', 'Jurisdiction', ['jurisdiction'], true),
  col('transactionDate', 'Transaction Date', ['transactiondate', 'date'], true),
  col('credits', 'Credits', ['credits', 'credit', 'creditamount'], true),
  col(
    'impactHuc',
    'Impact HUC',
    ['impacthuc', 'impacthuclist', 'impacthucs', 'impacthuc8', 'impacthuc12'],
    true,
  ),
];

/** Where each field's column is, the header as written, and which alternatives were passed over. */
export interface FoundLedgerColumns {
  headerRow: number;
  index: Record<string, number>;
  written: Record<string, string>;
  notes: string[];
}

const HEADER_SEARCH_ROWS = 20;

/** The fields still missing in one record, the bank counting as found with either a name or an id. */
function missingIn(index: Record<string, number>): LedgerColumnSpec[] {
  const missing = LEDGER_COLUMNS.filter((s) => s.required && index[s.field] === undefined);
  if (index.bankName === undefined && index.ribitsBankId === undefined)
    missing.unshift(col('bank', 'Bank Name (or Bank ID)', [], true));
  return missing;
}

/**
 * Finds the header row — the first of the first 20 records holding every needed column — and
 * each field's column.
 * @throws LedgerFileError when a header appears twice, or no record holds every needed column
 *   (naming the missing ones and the columns found)
 */
export function findLedgerColumns(records: readonly CsvRecord[], file: string): FoundLedgerColumns {
  let best: { missing: LedgerColumnSpec[]; row: number | null; cells: string[] } | null = null;
  for (const record of records.slice(0, HEADER_SEARCH_ROWS)) {
    const normalised = record.cells.map(normaliseHeader);
    const index: Record<string, number> = {};
    const written: Record<string, string> = {};
    const notes: string[] = [];
    for (const spec of LEDGER_COLUMNS) {
      const present = spec.names.filter((name) => normalised.includes(name));
      const name = present[0];
      if (name === undefined) continue;
      const at = normalised.flatMap((h, i) => (h === name ? [i] : []));
      if (at.length > 1)
        throw new LedgerFileError(
          file,
          record.row,
          record.cells[at[1]!]!.trim(),
          `${file}, row ${record.row}: the ${spec.header} column appears twice ("${record.cells[at[0]!]!.trim()}" and "${record.cells[at[1]!]!.trim()}")`,
        );
      index[spec.field] = at[0]!;
      written[spec.field] = record.cells[at[0]!]!.trim();
      if (present.length > 1)
        notes.push(
          `${file}: the ${spec.header} is read from "${written[spec.field]}"; also present: ${present
            .slice(1)
            .map((n) => `"${record.cells[normalised.indexOf(n)]!.trim()}"`)
            .join(', ')}`,
        );
    }
    const missing = missingIn(index);
    if (missing.length === 0) return { headerRow: record.row, index, written, notes };
    if (best === null || missing.length < best.missing.length)
      best = { missing, row: record.row, cells: record.cells };
  }
  const missing = best?.missing ?? missingIn({});
  const first = missing[0]!;
  throw new LedgerFileError(
    file,
    best?.row ?? null,
    first.header,
    `${file}, row ${best?.row ?? 1}: no "${first.header}" column${
      missing.length > 1
        ? ` (also missing: ${missing
            .slice(1)
            .map((m) => `"${m.header}"`)
            .join(', ')})`
        : ''
    } for a RIBITS ledger export ("Ledger Transactions" or "Transactions by Watershed"); columns found: ${
      (best?.cells ?? [])
        .filter((c) => c.trim() !== '')
        .map((c) => `"${c.trim()}"`)
        .join(', ') || 'none'
    }`,
  );
}
