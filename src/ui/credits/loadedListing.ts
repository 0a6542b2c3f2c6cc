import type { BadCreditRow, CreditRow, ListingKind } from '../../formats/credits/creditTypes';

/** One listing loaded in the page: its good rows, and the bad rows the user agreed to leave out. */
export interface LoadedListing {
  id: string;
  file: string;
  kind: ListingKind;
  /** The as-of date the user gave (used where the file states none), or null. */
  asOf: string | null;
  loadedAt: string;
  rows: CreditRow[];
  leftOut: BadCreditRow[];
}
