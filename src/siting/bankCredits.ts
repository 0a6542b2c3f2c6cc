import type { CreditPool } from '../formats/credits/creditsFile.ts';
import type { BwsrApproval, CreditUnit } from '../formats/credits/creditTypes.ts';
import { coversAcres, sumAcres } from './exactAcres.ts';
import { roundApart } from './roundForDisplay.ts';
import type { BankCredits, Candidate, PoolView, Reason, WetlandType } from './types.ts';

/**
 * A figure older than this many days before the application date (or today) is marked stale.
 * The product's threshold (issue 21), not a rule's: no part of Minn. R. ch. 8420 dates a listing.
 */
export const STALE_AFTER_DAYS = 90;

/** 43,560 square feet make one acre: listings in square feet are compared with acres required. */
export const SQUARE_FEET_PER_ACRE = 43560;

/** Where the notice and a zero balance rest (the stored copies give the part without subparts). */
export const WITHDRAWAL_CITE = 'Minn. R. 8420.0745';

/**
 * What every ranking that shows credit figures repeats: a listing is a snapshot; the board's
 * account is what counts. Quotes Minn. R. 8420.0745 and its reference to 8420.0755 subp. 1 B.
 */
export const CONFIRM_WITH_BWSR: Reason = {
  text: 'Credit availability must be confirmed with BWSR before the replacement plan is approved: "Local government unit approval of replacement plans involving the use of banking credits is conditional upon withdrawal of the credits by the board", and "No sale, withdrawal, transfer, or use of banking credits for replacement is valid until the board debits the applicable bank account". The board supplies information on available bank credits (part 8420.0755, subpart 1, item B).',
  cite: WITHDRAWAL_CITE,
};

/** What a bank row says when no credit listing is loaded: how to get one, no figure. */
export const CREDITS_NOT_LOADED =
  "Credits not loaded: this tool has no credit figures for this bank. Load a listing (RIBITS' Credit Classification report, or BWSR's Available Wetland Bank Credits Listing transcribed into the project's template), or build with `npm run data -- --credits FILE`, or ask BWSR.";

/** Approval filter: pools carrying WCA approval, Section 404 approval, or both at once. */
export type ApprovalFilter = 'wca' | '404' | 'both';

export const APPROVAL_WORDS: Record<BwsrApproval, string> = {
  'wca-only': 'WCA only',
  '404-only': 'Section 404 only',
  'wca-and-404': 'WCA and Section 404',
};

export const UNIT_WORDS: Record<CreditUnit, string> = {
  acres: 'acres',
  'square-feet': 'square feet',
  credits: 'credits',
};

const DAY_MS = 86_400_000;

function isoDay(value: string | null | undefined): number | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? time : null;
}

/** Days from `asOf` to `reference` (ISO dates); null when either is unknown. */
export function ageInDays(asOf: string | null, reference: string | null): number | null {
  const from = isoDay(asOf);
  const to = isoDay(reference);
  return from === null || to === null ? null : Math.round((to - from) / DAY_MS);
}

/** The Circular 39 type a listing cell names (`Type 3`, `3`, `type 3 shallow marsh`), or null. */
export function circular39Of(cell: string | null): WetlandType | null {
  if (cell === null) return null;
  const match = /^\s*(?:type\s*)?([1-8])\b/i.exec(cell);
  return match ? (match[1] as WetlandType) : null;
}

/** A pool's figure in acres, or null when its unit is not an area. */
export function poolAcres(pool: Pick<CreditPool, 'available' | 'unit'>): number | null {
  if (pool.unit === 'acres') return pool.available;
  if (pool.unit === 'square-feet') return pool.available / SQUARE_FEET_PER_ACRE;
  return null;
}

/** Whether a pool can serve a WCA replacement (103G.222): yes, no (federal only), or not known. */
export type WcaUse = 'yes' | 'no' | 'unknown';

/**
 * Whether a pool's credits can serve a replacement under 103G.222 (the Wetland Conservation Act):
 * BWSR's "WCA only" and "WCA and Section 404" pools can; "Section 404 only" cannot (BWSR: "some
 * credits that are approved for only Wetland Conservation Act (WCA) use, some that are approved
 * for only Section 404 Clean Water Act use (federally-approved) and many that are approved for use
 * in both programs", bwsr.state.mn.us/wetland-bank-credits-and-fees). A RIBITS pool gives a
 * jurisdiction instead: one naming the State serves WCA; "Federal" alone does not; any other is
 * not known (never counted as coverage).
 */
export function poolServesWca(pool: Pick<CreditPool, 'approval' | 'jurisdiction'>): WcaUse {
  if (pool.approval !== null) return pool.approval === '404-only' ? 'no' : 'yes';
  const jurisdiction = (pool.jurisdiction ?? '').trim();
  if (/\bstate\b|\bwca\b/i.test(jurisdiction)) return 'yes';
  if (/^federal$/i.test(jurisdiction)) return 'no';
  return 'unknown';
}

/** The key of pools that serve the same replacement: one approval (or jurisdiction) and one kind. */
function sameUseKey(pool: CreditPool): string {
  const kind = circular39Of(pool.circular39Type) ?? (pool.creditType ?? '').trim().toLowerCase();
  return `${pool.approval ?? (pool.jurisdiction ?? '').trim().toLowerCase()}\u0000${kind}`;
}

/**
 * The acres a bank's WCA-usable pools cover: the pools of one approval and one kind added (they
 * serve the same replacement, so "lists 2.2 acres", not the larger pool's 1.2), the largest such
 * sum taken; pools of different approval or kind are never added. Null when no WCA-usable pool
 * with credits is an area figure.
 */
export function wcaCoverAcres(pools: readonly CreditPool[]): number | null {
  return wcaCover(pools).acres;
}

/** wcaCoverAcres, with how many pools were added to make it (more than one: say so). */
function wcaCover(pools: readonly CreditPool[]): { acres: number | null; pools: number } {
  const sums = new Map<string, number[]>();
  for (const pool of pools) {
    const acres = poolAcres(pool);
    if (pool.available <= 0 || acres === null || poolServesWca(pool) !== 'yes') continue;
    const key = sameUseKey(pool);
    const list = sums.get(key);
    if (list) list.push(acres);
    else sums.set(key, [acres]);
  }
  let best: number | null = null;
  let count = 0;
  for (const list of sums.values()) {
    const sum = sumAcres(list);
    if (best === null || sum > best) {
      best = sum;
      count = list.length;
    }
  }
  return { acres: best, pools: count };
}

/** Acres of credit a bank holds that cannot serve a WCA replacement (Section 404 only, RIBITS Federal). */
export function federalOnlyAcres(pools: readonly CreditPool[]): number {
  return sumAcres(
    pools.filter((p) => p.available > 0 && poolServesWca(p) === 'no').map((p) => poolAcres(p) ?? 0),
  );
}

/**
 * A bank candidate with its listing pools and what the ranking reads from them, worked out
 * once (the ranking of many candidates reads plain fields). Only pools that can serve a WCA
 * replacement count (poolServesWca): `availableCredits` is the acres they cover (wcaCoverAcres),
 * 0 when no such pool holds credits and no pool of unknown approval does (Minn. R. 8420.0745: a
 * zero balance for a WCA plan, whatever 404-only credit it holds), null (not known) when only
 * pools of unknown approval or non-area figures hold credits; `federalOnlyCredits` the acres of
 * 404-only credit, shown apart; `wetlandType` is the impact's type when a WCA-usable pool with
 * credits has it (in-kind first), else the largest such pool's type when every one states one.
 * A site that is not a bank, or a bank with no pools, is returned with `creditPools` set and
 * nothing else changed.
 */
export function withBankCredits(
  candidate: Candidate,
  pools: readonly CreditPool[],
  impactType: WetlandType | null | undefined,
): Candidate {
  if (candidate.kind !== 'bank' || pools.length === 0) return { ...candidate, creditPools: pools };
  let usable = false;
  let unknownUse = false;
  let inKind = false;
  let typed = true;
  let largestType: WetlandType | null = null;
  let largestTypeAcres = -1;
  for (const pool of pools) {
    if (pool.available <= 0) continue;
    const use = poolServesWca(pool);
    if (use === 'unknown') unknownUse = true;
    if (use !== 'yes') continue;
    usable = true;
    const type = circular39Of(pool.circular39Type);
    if (type === null) typed = false;
    else if (type === impactType) inKind = true;
    const size = poolAcres(pool) ?? pool.available;
    if (type !== null && size > largestTypeAcres) {
      largestType = type;
      largestTypeAcres = size;
    }
  }
  const cover = wcaCoverAcres(pools);
  const availableCredits = usable ? (cover ?? candidate.availableCredits ?? null) : unknownUse ? null : 0;
  const federal = federalOnlyAcres(pools);
  const wetlandType =
    candidate.wetlandType ?? (inKind ? (impactType as WetlandType) : typed && usable ? largestType : null);
  const out = {
    ...candidate,
    creditPools: pools,
    availableCredits,
    federalOnlyCredits: federal > 0 ? federal : null,
    wetlandType,
  };
  // Cloned once more: the object a spread plus new keys makes keeps those keys outside the object
  // (V8), and ranking 10,000 such candidates measured 2.5-3.5 times slower than their clones.
  return { ...out };
}

const figure = (n: number) => String(Math.round(n * 10_000) / 10_000);

function poolLabel(pool: PoolView): string {
  const pot = pool.approval
    ? APPROVAL_WORDS[pool.approval]
    : pool.jurisdiction
      ? `jurisdiction ${pool.jurisdiction}`
      : 'approval not stated';
  const type = pool.wetlandType ? `type ${pool.wetlandType}` : (pool.creditType ?? 'type not stated');
  return `${pot}, ${type}`;
}

function asOfWords(pool: PoolView): string {
  if (pool.asOf === null) return 'as-of date not known';
  const how =
    pool.asOfFrom === 'user'
      ? ' (date given by the user)'
      : pool.asOfFrom === 'file-date'
        ? " (the file's own date)"
        : '';
  return `as of ${pool.asOf}${how}`;
}

/**
 * A bank's credits for a ranked row: every pool apart with its source, as-of date and age (stale
 * beyond STALE_AFTER_DAYS before `reference`), whether it alone covers the acres required, and
 * reasons in words — the zero balance (8420.0745), a shortfall, each figure, and the notice that
 * availability must be confirmed with BWSR. `pools` undefined: no listing was loaded. Pure.
 */
export function describeBankCredits(
  candidate: Candidate,
  options: {
    requiredAcres: number;
    impactType: WetlandType | null | undefined;
    reference: string | null;
    /** Acres at the lowest ratio the impact may take (below requiredAcres when the class is unknown). */
    lowestRequiredAcres?: number;
    ratioRange?: readonly [number, number];
  },
): BankCredits | null {
  if (candidate.kind !== 'bank') return null;
  const given = candidate.creditPools;
  const { requiredAcres, reference } = options;
  const impactType = options.impactType ?? null;
  if (given === undefined || given === null)
    return {
      loaded: false,
      pools: [],
      zeroBalance: false,
      largestAcres: null,
      federalOnlyAcres: 0,
      stale: false,
      reference,
      reasons: [],
    };
  const pools: PoolView[] = given.map((pool) => poolView(pool, requiredAcres, impactType, reference));
  const kindRank = (p: PoolView) => (p.kindMatch === 'in-kind' ? 0 : p.kindMatch === null ? 1 : 2);
  const approvalRank = (p: PoolView) => (p.servesWca === 'yes' ? 0 : p.servesWca === 'unknown' ? 1 : 2);
  pools.sort(
    (a, b) =>
      approvalRank(a) - approvalRank(b) ||
      kindRank(a) - kindRank(b) ||
      (b.acres ?? b.available) - (a.acres ?? a.available),
  );
  const zeroBalance = pools.length > 0 && pools.every((p) => p.available <= 0 || p.servesWca === 'no');
  const cover = wcaCover(given);
  const largestAcres = cover.acres;
  const federal = federalOnlyAcres(given);
  const stale = pools.some((p) => p.stale === true);
  const reasons: Reason[] = [];
  if (pools.length === 0)
    reasons.push({
      text: 'No row of the loaded credit listings names this bank: its credits are not known.',
      cite: WITHDRAWAL_CITE,
    });
  for (const pool of pools) reasons.push(poolReason(pool, requiredAcres, reference));
  if (zeroBalance && federal > 0)
    reasons.push({
      text: `None of its credits can serve a WCA replacement: its ${figure(federal)} acres are approved for Section 404 only (federal-only credit), which serves a federal permit, not a replacement under 103G.222. For a WCA plan it has no credits to sell.`,
      cite: WITHDRAWAL_CITE,
    });
  if (!zeroBalance && largestAcres !== null && largestAcres > 0 && cover.pools > 1)
    reasons.push({
      text: `Its WCA-usable pools of one approval and one kind add up to ${figure(largestAcres)} acres; they serve the same replacement, so they are added. Pools of different approval are never added.`,
      cite: WITHDRAWAL_CITE,
    });
  if (!zeroBalance && largestAcres !== null && largestAcres > 0 && !coversAcres(largestAcres, requiredAcres))
    reasons.push({
      text: `It lists ${roundApart(largestAcres, requiredAcres, 4)} of the ${roundApart(requiredAcres, largestAcres, 4)} acres required in WCA-usable credit (${figure((largestAcres / requiredAcres) * 100)} %); the rest must be replaced elsewhere (replacement may be at more than one location).${byAreaClass(largestAcres, options.lowestRequiredAcres, options.ratioRange)}`,
      cite: PARTIAL_CITE,
    });
  reasons.push(CONFIRM_WITH_BWSR);
  return {
    loaded: true,
    pools,
    zeroBalance,
    largestAcres,
    federalOnlyAcres: federal,
    stale,
    reference,
    reasons,
  };
}

/**
 * What a shortfall at the higher ratio means when the area class is unknown (issue 38 item 1):
 * the bank may cover the lower ratio's acres in full, so the answer depends on the class. Empty
 * when the class is known (one ratio) or the bank falls short at both.
 */
export function byAreaClass(
  cover: number,
  lowestAcres: number | undefined,
  ratioRange: readonly [number, number] | undefined,
): string {
  if (lowestAcres === undefined || ratioRange === undefined || ratioRange[0] === ratioRange[1]) return '';
  const lowest = roundApart(lowestAcres, cover, 4);
  const acres = lowest === 1 ? 'acre' : 'acres';
  if (!coversAcres(cover, lowestAcres))
    return ` At ${ratioRange[0]}:1 (a greater-than-80-percent area, subd. 1(g)) it would still cover only part of the ${lowest} ${acres} required.`;
  return ` But the impact's area class is unknown: at ${ratioRange[0]}:1, if it lies in a greater-than-80-percent area (subd. 1(g)), ${lowest} ${acres} ${lowest === 1 ? 'is' : 'are'} required and it covers ${lowest === 1 ? 'it' : 'them'} in full; only at ${ratioRange[1]}:1 (subd. 1(f)) does it cover part. Whether it covers the replacement depends on the area class.`;
}

/** Where replacement at more than one location rests (the subpart a practitioner review names; see LAW.md). */
export const PARTIAL_CITE = 'Minn. R. 8420.0522 subp. 1';

function poolView(
  pool: CreditPool,
  requiredAcres: number,
  impactType: WetlandType | null,
  reference: string | null,
): PoolView {
  const wetlandType = circular39Of(pool.circular39Type);
  const acres = poolAcres(pool);
  const ageDays = ageInDays(pool.asOf, reference);
  const servesWca = poolServesWca(pool);
  return {
    approval: pool.approval,
    jurisdiction: pool.jurisdiction,
    creditType: pool.creditType,
    wetlandType,
    kindMatch:
      impactType === null || wetlandType === null
        ? null
        : wetlandType === impactType
          ? 'in-kind'
          : 'out-of-kind',
    available: pool.available,
    unit: pool.unit,
    acres,
    servesWca,
    covers:
      acres === null || servesWca !== 'yes'
        ? null
        : acres <= 0
          ? 'none'
          : coversAcres(acres, requiredAcres)
            ? 'all'
            : 'part',
    source: pool.source,
    row: pool.row,
    asOf: pool.asOf,
    asOfFrom: pool.asOfFrom,
    ageDays,
    stale: ageDays === null ? null : ageDays > STALE_AFTER_DAYS,
  };
}

function poolReason(pool: PoolView, requiredAcres: number, reference: string | null): Reason {
  const where = `${pool.source} row ${pool.row}, ${asOfWords(pool)}`;
  const age =
    pool.stale === true
      ? `; stale: ${pool.ageDays} days before ${reference}, more than ${STALE_AFTER_DAYS}`
      : pool.stale === null && pool.asOf !== null
        ? '; its age is not judged (no application date or today given)'
        : '';
  const kind =
    pool.kindMatch === 'in-kind' ? ' (in-kind)' : pool.kindMatch === 'out-of-kind' ? ' (out-of-kind)' : '';
  let cover = '';
  if (pool.servesWca === 'no' && pool.available > 0)
    cover =
      '; federal-only credit: it cannot serve a WCA replacement and is not counted toward the acres required';
  else if (pool.servesWca === 'unknown' && pool.available > 0)
    cover =
      '; whether it can serve a WCA replacement is not known, so it is not counted toward the acres required';
  else if (pool.covers === 'part' && pool.acres !== null)
    cover = `; alone it covers ${roundApart(pool.acres, requiredAcres, 4)} of the ${roundApart(requiredAcres, pool.acres, 4)} acres required`;
  else if (pool.covers === 'all') cover = '; it covers the acres required';
  else if (pool.covers === null && pool.available > 0)
    cover = '; a figure in credits, not acres, is not compared with the acres required';
  return {
    text: `${poolLabel(pool)}${kind}: ${figure(pool.available)} ${UNIT_WORDS[pool.unit]} available (${where}${age})${cover}. Pools of different approval are kept apart, never added.`,
    cite: WITHDRAWAL_CITE,
  };
}

/** The filters of a bank table: at least N (acres, or credits for a credits figure) in one pool of the approval asked. */
export interface CreditFilter {
  minCredits?: number | null;
  approval?: ApprovalFilter | null;
}

/** Whether a pool carries the approval asked: WCA (WCA only, or both), 404 (404 only, or both), both. */
export function poolHasApproval(approval: BwsrApproval | null, wanted: ApprovalFilter): boolean {
  if (approval === null) return false;
  if (wanted === 'both') return approval === 'wca-and-404';
  if (wanted === 'wca') return approval !== '404-only';
  return approval !== 'wca-only';
}

/**
 * Whether a bank passes the filters. With an approval asked: one pool (never a sum) of that
 * approval holding at least `minCredits`. Without one: the acres its WCA-usable pools cover
 * (largestAcres; Section 404 only credit never counts for a WCA plan), or for a figure in credits
 * one WCA-usable pool, at least `minCredits`. No filter set: every bank passes, credits loaded or not.
 */
export function passesCreditFilter(credits: BankCredits | null, filter: CreditFilter): boolean {
  const min = filter.minCredits ?? null;
  const approval = filter.approval ?? null;
  if (min === null && approval === null) return true;
  if (credits === null || !credits.loaded) return false;
  if (
    approval === null &&
    min !== null &&
    credits.largestAcres !== null &&
    coversAcres(credits.largestAcres, min)
  )
    return true;
  return credits.pools.some(
    (p) =>
      (approval === null
        ? p.servesWca === 'yes' && p.acres === null
        : poolHasApproval(p.approval, approval)) &&
      (min === null || coversAcres(p.acres ?? p.available, min)) &&
      (min !== null || p.available > 0),
  );
}
