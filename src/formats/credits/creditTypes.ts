/**
 * The normalized shape of credit-availability rows read from the two listings planners have:
 * RIBITS' "Credit Classification" report and BWSR's "Available Wetland Bank Credits Listing"
 * transcribed into this project's template (data/templates/, data/README.md "Credit listings").
 */

/** Which listing a row came from. */
export type ListingKind = 'ribits-credit-classification' | 'bwsr-listing';

/**
 * Which approvals a BWSR credit carries: Wetland Conservation Act only, Clean Water Act Section
 * 404 only, or both. The three are separate pools and are never summed: a WCA-only credit cannot
 * serve a 404 permit, and credits transferred out of an account cannot be resold as federally approved.
 */
export type BwsrApproval = 'wca-only' | '404-only' | 'wca-and-404';

/** The unit a figure is in, as the file states it. */
export type CreditUnit = 'square-feet' | 'acres' | 'credits';

/** How a row's as-of date was known: stated in the file, given by the user (`--as-of`), or the file's own date. */
export type AsOfFrom = 'file' | 'user' | 'file-date' | 'unknown';

/** One good row of a credit listing. */
export interface CreditRow {
  /** The file's name as the user gave it. */
  file: string;
  /** Spreadsheet row (the header is usually row 1). */
  row: number;
  kind: ListingKind;
  /** RIBITS `BANK_ID`, when the row gives it (BWSR template column "RIBITS bank id"). */
  ribitsBankId: number | null;
  /** BWSR account with its transfer `T` kept (`1545`, `T1729`), when the row gives it. */
  bwsrAccount: string | null;
  bankName: string;
  county: string | null;
  /** BWSR listing: the approval pool. Null for RIBITS rows, which give a jurisdiction instead. */
  approval: BwsrApproval | null;
  /** RIBITS report: `Jurisdiction` as written (Federal, State, …). Null for BWSR rows. */
  jurisdiction: string | null;
  /** BWSR: credit type as written; RIBITS: `Credit Classification Type`. */
  creditType: string | null;
  /** RIBITS: `Credit Classification`. */
  creditClassification: string | null;
  /** BWSR: credit subgroup letter (e.g. `A`), when given. */
  creditSubgroup: string | null;
  /** BWSR: plant community type as written, when given. */
  plantCommunity: string | null;
  /** BWSR: Circular 39 wetland type (e.g. `Type 3`), when given. */
  circular39Type: string | null;
  available: number;
  /** RIBITS: released credits; null for BWSR rows. */
  released: number | null;
  /** RIBITS: potential credits; null for BWSR rows. */
  potential: number | null;
  unit: CreditUnit;
  /** The unit cell as written; null when the file has no unit column (RIBITS report: "credits"). */
  unitAsWritten: string | null;
  pricePerCredit: number | null;
  contact: string | null;
  /** ISO date the figure is as of. */
  asOf: string | null;
  asOfFrom: AsOfFrom;
}

/** A row that could not be read, with where and why. */
export interface BadCreditRow {
  file: string;
  row: number;
  /** The column header as written in the file; null for a problem with the whole row. */
  column: string | null;
  value: string | null;
  message: string;
}

/** What reading one listing gives: the good rows and the bad ones, apart, so the caller can refuse or keep. */
export interface CreditListing {
  file: string;
  kind: ListingKind;
  rows: CreditRow[];
  bad: BadCreditRow[];
  /** Spreadsheet row of the header. */
  headerRow: number;
  /** Field → the header it was read from. */
  columns: Record<string, string>;
  /** What the reader says of the file besides its rows: the encoding it was read in when not UTF-8. */
  notices?: string[];
}

/** A file that cannot be read as a listing at all (no header, a missing column): names file, row and column. */
export class CreditFileError extends Error {
  override name = 'CreditFileError';
  constructor(
    readonly file: string,
    readonly row: number | null,
    readonly column: string | null,
    message: string,
  ) {
    super(message);
  }
}
