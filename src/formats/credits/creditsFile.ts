import type {
  AsOfFrom,
  BadCreditRow,
  BwsrApproval,
  CreditListing,
  CreditUnit,
  ListingKind,
} from './creditTypes.ts';
import type { MatchedBy, MatchedCreditRow, UnmatchedCreditRow } from './joinCreditRows.ts';

/**
 * One pool of a bank's credits: one listing row. Pools are kept apart — by approval (WCA only,
 * 404 only, both) or RIBITS jurisdiction, by credit type, subgroup, plant community, unit and
 * source — and never summed.
 */
export interface CreditPool {
  approval: BwsrApproval | null;
  jurisdiction: string | null;
  creditType: string | null;
  creditClassification: string | null;
  creditSubgroup: string | null;
  plantCommunity: string | null;
  circular39Type: string | null;
  available: number;
  released: number | null;
  potential: number | null;
  unit: CreditUnit;
  pricePerCredit: number | null;
  contact: string | null;
  /** The listing file's name. */
  source: string;
  sourceKind: ListingKind;
  /** Its spreadsheet row. */
  row: number;
  asOf: string | null;
  asOfFrom: AsOfFrom;
  matchedBy: MatchedBy;
}

/** One listing that went into the build. */
export interface CreditListingSummary {
  file: string;
  kind: ListingKind;
  goodRows: number;
  badRows: number;
  matchedRows: number;
  unmatchedRows: number;
  /** The distinct as-of dates of its rows, and how each was known. */
  asOf: { date: string | null; from: AsOfFrom }[];
}

/** A row that matched no bank (or several), named for review. */
export interface UnmatchedListingRow {
  file: string;
  row: number;
  bankName: string;
  bwsrAccount: string | null;
  ribitsBankId: number | null;
  reason: string;
}

/** `public/data/credits.json` (data/SCHEMA.md). */
export interface CreditsFile {
  schema: 1;
  generatedAt: string;
  notice: string;
  listings: CreditListingSummary[];
  /** `sites` id → that bank's pools. A bank with no row here has no figure: nothing is invented. */
  banks: Record<string, { pools: CreditPool[] }>;
  unmatched: UnmatchedListingRow[];
  /** Rows refused but skipped with the user's consent (`--skip-bad-rows`); empty otherwise. */
  skippedBadRows: BadCreditRow[];
}

/** What every reader of the figures repeats: the listing is a snapshot, the board's account is the truth. */
export const CREDITS_NOTICE =
  'Credit figures are as of the listing dates shown and must be confirmed with BWSR before a replacement plan is approved: no sale, withdrawal or use of bank credits is valid until the board debits the account (Minn. R. 8420.0745).';

/** Puts read listings and their join into the credits.json shape. */
export function buildCreditsFile(
  listings: readonly CreditListing[],
  joined: { matched: readonly MatchedCreditRow[]; unmatched: readonly UnmatchedCreditRow[] },
  generatedAt: string,
): CreditsFile {
  const banks: CreditsFile['banks'] = {};
  for (const { row, siteId, matchedBy } of joined.matched) {
    banks[siteId] ??= { pools: [] };
    banks[siteId].pools.push({
      approval: row.approval,
      jurisdiction: row.jurisdiction,
      creditType: row.creditType,
      creditClassification: row.creditClassification,
      creditSubgroup: row.creditSubgroup,
      plantCommunity: row.plantCommunity,
      circular39Type: row.circular39Type,
      available: row.available,
      released: row.released,
      potential: row.potential,
      unit: row.unit,
      pricePerCredit: row.pricePerCredit,
      contact: row.contact,
      source: row.file,
      sourceKind: row.kind,
      row: row.row,
      asOf: row.asOf,
      asOfFrom: row.asOfFrom,
      matchedBy,
    });
  }
  const summaries = listings.map((listing) => {
    const dates = new Map<string, { date: string | null; from: AsOfFrom }>();
    for (const r of listing.rows) dates.set(`${r.asOf}|${r.asOfFrom}`, { date: r.asOf, from: r.asOfFrom });
    return {
      file: listing.file,
      kind: listing.kind,
      goodRows: listing.rows.length,
      badRows: new Set(listing.bad.map((b) => b.row)).size,
      matchedRows: joined.matched.filter((m) => listing.rows.includes(m.row)).length,
      unmatchedRows: joined.unmatched.filter((u) => listing.rows.includes(u.row)).length,
      asOf: [...dates.values()],
    };
  });
  return {
    schema: 1,
    generatedAt,
    notice: CREDITS_NOTICE,
    listings: summaries,
    banks,
    unmatched: joined.unmatched.map(({ row, reason }) => ({
      file: row.file,
      row: row.row,
      bankName: row.bankName,
      bwsrAccount: row.bwsrAccount,
      ribitsBankId: row.ribitsBankId,
      reason,
    })),
    skippedBadRows: listings.flatMap((l) => l.bad),
  };
}

/** credits.json that is not in the documented shape; names the field. */
export class CreditsFileError extends Error {
  override name = 'CreditsFileError';
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const UNITS: readonly CreditUnit[] = ['square-feet', 'acres', 'credits'];
const APPROVALS: readonly BwsrApproval[] = ['wca-only', '404-only', 'wca-and-404'];
const KINDS: readonly ListingKind[] = ['bwsr-listing', 'ribits-credit-classification'];
const FROM: readonly AsOfFrom[] = ['file', 'user', 'file-date', 'unknown'];

/**
 * Checks a parsed `credits.json` (what the page and the CLI read) and returns it typed.
 * @throws CreditsFileError naming the first field that is wrong
 */
export function parseCreditsFile(value: unknown): CreditsFile {
  if (!isRecord(value) || value.schema !== 1) throw new CreditsFileError('credits.json: expected schema 1');
  if (!isRecord(value.banks)) throw new CreditsFileError('credits.json: "banks" must be an object');
  const banks: CreditsFile['banks'] = {};
  for (const [siteId, entry] of Object.entries(value.banks)) {
    if (!isRecord(entry) || !Array.isArray(entry.pools))
      throw new CreditsFileError(`credits.json: bank "${siteId}" has no "pools" list`);
    banks[siteId] = {
      pools: entry.pools.map((p, i) => {
        const where = `credits.json: bank "${siteId}" pool ${i + 1}`;
        if (!isRecord(p)) throw new CreditsFileError(`${where} is not an object`);
        const available = num(p.available);
        if (available === null || available < 0)
          throw new CreditsFileError(`${where} has no "available" amount`);
        if (!UNITS.includes(p.unit as CreditUnit))
          throw new CreditsFileError(`${where} has an unknown "unit"`);
        if (p.approval !== null && !APPROVALS.includes(p.approval as BwsrApproval))
          throw new CreditsFileError(`${where} has an unknown "approval"`);
        if (!KINDS.includes(p.sourceKind as ListingKind))
          throw new CreditsFileError(`${where} has an unknown "sourceKind"`);
        if (!FROM.includes(p.asOfFrom as AsOfFrom))
          throw new CreditsFileError(`${where} has an unknown "asOfFrom"`);
        return {
          approval: (p.approval as BwsrApproval | null) ?? null,
          jurisdiction: str(p.jurisdiction),
          creditType: str(p.creditType),
          creditClassification: str(p.creditClassification),
          creditSubgroup: str(p.creditSubgroup),
          plantCommunity: str(p.plantCommunity),
          circular39Type: str(p.circular39Type),
          available,
          released: num(p.released),
          potential: num(p.potential),
          unit: p.unit as CreditUnit,
          pricePerCredit: num(p.pricePerCredit),
          contact: str(p.contact),
          source: str(p.source) ?? '',
          sourceKind: p.sourceKind as ListingKind,
          row: num(p.row) ?? 0,
          asOf: str(p.asOf),
          asOfFrom: p.asOfFrom as AsOfFrom,
          matchedBy: (str(p.matchedBy) ?? 'exact-name') as MatchedBy,
        };
      }),
    };
  }
  return {
    schema: 1,
    generatedAt: str(value.generatedAt) ?? '',
    notice: str(value.notice) ?? CREDITS_NOTICE,
    listings: Array.isArray(value.listings) ? (value.listings as CreditListingSummary[]) : [],
    banks,
    unmatched: Array.isArray(value.unmatched) ? (value.unmatched as UnmatchedListingRow[]) : [],
    skippedBadRows: Array.isArray(value.skippedBadRows) ? (value.skippedBadRows as BadCreditRow[]) : [],
  };
}
