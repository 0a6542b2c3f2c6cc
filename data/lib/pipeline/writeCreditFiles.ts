import type { BankEntry } from '../../../src/formats/ribits/banksFile.ts';
import { joinCreditListings } from '../buildCreditListings.ts';
import { joinLedgerExportFiles } from '../buildLedgerExports.ts';
import type { BuildContext } from './buildContext.ts';
import type { BuildFiles, CreditsManifestEntry, LedgerExportsManifestEntry } from './pipelineTypes.ts';
import type { UserListings } from './userListings.ts';

/**
 * Joins the credit listings and ledger exports to the build's banks (bad input refuses the build
 * before anything is written) and adds credits.json and ledger-exports.json; returns their entries.
 */
export function writeCreditFiles(
  ctx: BuildContext,
  { listings, ledgerExports }: UserListings,
  banks: readonly BankEntry[] | null,
  files: BuildFiles,
): { credits?: CreditsManifestEntry; ledgerExports?: LedgerExportsManifestEntry } {
  const { options, retrieved, log } = ctx;
  const written: { credits?: CreditsManifestEntry; ledgerExports?: LedgerExportsManifestEntry } = {};
  if (listings) {
    if (!banks) log('credits: the build has no banks to join the listings to; every row is unmatched.');
    const credits = joinCreditListings(listings, banks ?? [], retrieved, log);
    if (options.credits) {
      const text = `${JSON.stringify(credits, null, 2)}\n`;
      files.set('credits.json', text);
      written.credits = {
        file: 'credits.json',
        bytes: Buffer.byteLength(text),
        banks: Object.keys(credits.banks).length,
        pools: Object.values(credits.banks).reduce((n, b) => n + b.pools.length, 0),
        unmatchedRows: credits.unmatched.length,
        skippedBadRows: new Set(credits.skippedBadRows.map((b) => `${b.file}:${b.row}`)).size,
        listings: credits.listings.map((l) => ({
          file: l.file,
          kind: l.kind,
          asOf: l.asOf.map((a) => a.date),
        })),
        inputs: options.credits,
      };
    }
  }
  if (ledgerExports) {
    const ledgersFile = joinLedgerExportFiles(ledgerExports, banks ?? [], retrieved, log);
    if (options.ledgers) {
      const text = `${JSON.stringify(ledgersFile)}\n`;
      files.set('ledger-exports.json', text);
      written.ledgerExports = {
        file: 'ledger-exports.json',
        bytes: Buffer.byteLength(text),
        transactions: ledgersFile.transactions.length,
        unmatchedRows: ledgersFile.transactions.filter((t) => t.siteId === null).length,
        skippedBadRows: new Set(ledgersFile.skippedBadRows.map((b) => `${b.file}:${b.row}`)).size,
        exports: ledgersFile.exports.map(({ file, asOf, firstTransaction, lastTransaction }) => ({
          file,
          asOf,
          firstTransaction,
          lastTransaction,
        })),
        inputs: options.ledgers,
      };
    }
  }
  return written;
}
