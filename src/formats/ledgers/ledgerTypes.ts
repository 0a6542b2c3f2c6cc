/**
 * The normalized shape of transactions read from RIBITS's ledger CSV exports — the "Ledger
 * Transactions" and "Transactions by Watershed" reports (../shared/data/RIBITS-LEDGERS.md gives
 * what is known of their headers). No real Minnesota export has been seen: the reader matches
 * headers by name and says what it could not read.
 */

/** One good row of a ledger export. */
export interface LedgerRow {
  /** The file's name as the user gave it. */
  file: string;
  /** Spreadsheet row (the header is usually row 1). */
  row: number;
  kind: 'ribits-ledger-export';
  /** `Bank ID`, when the export gives it. */
  ribitsBankId: number | null;
  /** Always null: an export gives no account column (the joiner reads it from the RIBITS name). */
  bwsrAccount: null;
  /** `Bank Name` / `Name` as written; empty when the export names the bank by id only. */
  bankName: string;
  /** `Transaction ID`, when the export gives it (as written). */
  transactionId: string | null;
  /** `Transaction Type` / `Credit Action` / `Type` as written (Withdrawal, Release, …). */
  transactionType: string;
  /** `Jurisdiction` as written (State, Federal, …). */
  jurisdiction: string;
  /** ISO date; null when the cell is empty (such a withdrawal is reported, never dated by guess). */
  transactionDate: string | null;
  transactionDateText: string | null;
  /** `Credits` as written, sign kept (RIBITS's sign convention is unverified: readers use the magnitude). */
  credits: number;
  /** The impact's HUC8s and HUC12s, 8 or 12 digits each; empty when the cell is empty. */
  impactHucs: string[];
}

/** A row that could not be read, with where and why. */
export interface BadLedgerRow {
  file: string;
  row: number;
  /** The column header as written in the file; null for a problem with the whole row. */
  column: string | null;
  value: string | null;
  message: string;
}

/** What reading one export gives: the good rows and the bad ones, apart, so the caller can refuse or keep. */
export interface LedgerExport {
  file: string;
  rows: LedgerRow[];
  bad: BadLedgerRow[];
  /** Spreadsheet row of the header. */
  headerRow: number;
  /** Field → the header it was read from. */
  columns: Record<string, string>;
  /** Which header was read when several could mean the same thing (`"Credit Action" read; "Type" also present`). */
  notes: string[];
}

/** A file that cannot be read as a ledger export at all (no header, a missing column): names file, row and column. */
export class LedgerFileError extends Error {
  override name = 'LedgerFileError';
  constructor(
    readonly file: string,
    readonly row: number | null,
    readonly column: string | null,
    message: string,
  ) {
    super(message);
  }
}
