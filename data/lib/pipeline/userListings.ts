import type { CreditListing } from '../../../src/formats/credits/creditTypes.ts';
import type { LedgerExport } from '../../../src/formats/ledgers/ledgerTypes.ts';
import { readCreditListingFiles } from '../buildCreditListings.ts';
import { readLedgerExportFiles } from '../buildLedgerExports.ts';
import type { BuildContext } from './buildContext.ts';

/** The credit listings and ledger exports given, read before anything else so a bad one is refused at once. */
export interface UserListings {
  listings: CreditListing[] | null;
  ledgerExports: { ledger: LedgerExport; asOf: string }[] | null;
}

export function readUserListings(ctx: BuildContext): UserListings {
  const { credits, ledgers } = ctx.options;
  return {
    listings: credits && credits.files.length > 0 ? readCreditListingFiles(credits, ctx.log) : null,
    ledgerExports: ledgers && ledgers.files.length > 0 ? readLedgerExportFiles(ledgers, ctx.log) : null,
  };
}
