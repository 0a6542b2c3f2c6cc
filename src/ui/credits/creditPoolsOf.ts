/**
 * The pools by bank from the build's credits.json and the loaded listings joined to the banks
 * (banks.json): loaded on demand by useCreditPools, so the readers stay out of the page's first
 * JavaScript. Pure apart from the clock of `generatedAt`.
 */
import {
  buildCreditsFile,
  type CreditPool,
  type CreditsFile,
  parseCreditsFile,
} from '../../formats/credits/creditsFile';
import { joinCreditRows } from '../../formats/credits/joinCreditRows';
import { parseBanksFile } from '../../formats/ribits/banksFile';
import type { LoadedListing } from './loadedListing';

/** What the page's credit figures rest on. */
export interface CreditPools {
  /** `sites` id → its pools (a bank no row names: absent). */
  bySite: Record<string, CreditPool[]>;
  /** The build's credits.json, or null. */
  build: CreditsFile | null;
  /** The loaded listings joined: rows that matched no bank are named here. */
  loaded: CreditsFile | null;
}

/** Null when neither a build's credits.json nor a listing is there. */
export function creditPoolsOf(
  buildJson: unknown,
  listings: readonly LoadedListing[],
  banksJson: unknown,
): CreditPools | null {
  let build: CreditsFile | null = null;
  try {
    build = buildJson === null ? null : parseCreditsFile(buildJson);
  } catch {
    build = null;
  }
  let loaded: CreditsFile | null = null;
  if (listings.length > 0) {
    let identities: ReturnType<typeof parseBanksFile>['banks'] = [];
    try {
      identities = banksJson === null ? [] : parseBanksFile(banksJson).banks;
    } catch {
      identities = [];
    }
    loaded = buildCreditsFile(
      listings.map((listing) => ({
        file: listing.file,
        kind: listing.kind,
        rows: listing.rows,
        bad: listing.leftOut,
        headerRow: 1,
        columns: {},
      })),
      joinCreditRows(
        listings.flatMap((listing) => listing.rows),
        identities,
      ),
      new Date().toISOString(),
    );
  }
  if (build === null && loaded === null) return null;
  const bySite: Record<string, CreditPool[]> = {};
  for (const file of [build, loaded])
    for (const [siteId, { pools }] of Object.entries(file?.banks ?? {}))
      bySite[siteId] = [...(bySite[siteId] ?? []), ...pools];
  return { bySite, build, loaded };
}
