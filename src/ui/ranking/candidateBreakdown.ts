/**
 * One breakdown of the candidates, said the same way in the ranking's summary, in each ladder
 * and in the report, whose parts sum to the whole (issue 24, item 4): eligible + undetermined +
 * unlocated + not eligible + banks that cannot sell credits (with why: their registry status, or
 * no credits left). "293 candidates (0 proposed sites, 293 banks) = 141 eligible + 50 not
 * eligible + 102 banks that cannot sell credits (61 Sold-Out, 38 Terminated, 3 Withdrawn)".
 */
import type { RankedCandidate } from '../../siting';
import type { CandidateInfo } from './candidateInfo';

export interface CandidateBreakdown {
  total: number;
  sites: number;
  banks: number;
  eligible: number;
  undetermined: number;
  unlocated: number;
  /** Not eligible, banks that cannot sell excepted (they are counted apart). */
  notEligible: number;
  cannotSell: number;
  /** Why the banks that cannot sell cannot, most first: [registry status or "no credits left", count]. */
  cannotSellWhy: [string, number][];
  /** Candidates whose level is not known for certain (a range of levels). */
  levelOpen: number;
}

export function candidateBreakdown(
  candidates: readonly RankedCandidate[],
  info: ReadonlyMap<string, CandidateInfo>,
): CandidateBreakdown {
  const counts: CandidateBreakdown = {
    total: candidates.length,
    sites: 0,
    banks: 0,
    eligible: 0,
    undetermined: 0,
    unlocated: 0,
    notEligible: 0,
    cannotSell: 0,
    cannotSellWhy: [],
    levelOpen: 0,
  };
  const why = new Map<string, number>();
  for (const candidate of candidates) {
    if (candidate.kind === 'bank') counts.banks++;
    else counts.sites++;
    const range = candidate.priorityRange;
    if (range && range[0] !== range[1]) counts.levelOpen++;
    if (candidate.availability === 'cannot-sell') {
      counts.cannotSell++;
      const details = info.get(candidate.id);
      const credits = details?.availableCredits;
      const reason =
        credits !== null && credits !== undefined && credits <= 0
          ? 'no credits left'
          : (details?.status ?? 'status not given');
      why.set(reason, (why.get(reason) ?? 0) + 1);
    } else if (candidate.unlocated) counts.unlocated++;
    else if (candidate.status === 'eligible') counts.eligible++;
    else if (candidate.status === 'undetermined') counts.undetermined++;
    else counts.notEligible++;
  }
  counts.cannotSellWhy = [...why].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return counts;
}

const n = (count: number) => count.toLocaleString('en-US');

function plural(count: number, one: string, many: string): string {
  return `${n(count)} ${count === 1 ? one : many}`;
}

/** "141 eligible + 50 not eligible + 102 banks that cannot sell credits (61 Sold-Out, …)". */
export function breakdownParts(counts: CandidateBreakdown, why = true): string {
  const parts = [`${n(counts.eligible)} eligible`];
  if (counts.undetermined > 0) parts.push(`${n(counts.undetermined)} undetermined`);
  if (counts.unlocated > 0) parts.push(`${n(counts.unlocated)} unlocated`);
  parts.push(`${n(counts.notEligible)} not eligible`);
  if (counts.cannotSell > 0) {
    const banks = plural(
      counts.cannotSell,
      'bank that cannot sell credits',
      'banks that cannot sell credits',
    );
    const reasons = counts.cannotSellWhy.map(([reason, count]) => `${n(count)} ${reason}`).join(', ');
    parts.push(why ? `${banks} (${reasons})` : banks);
  }
  const text = parts.join(' + ');
  return counts.levelOpen > 0 ? `${text}; ${n(counts.levelOpen)} with the level not known for certain` : text;
}

/** The whole ranking: "293 candidates (0 proposed sites, 293 banks) = 141 eligible + …". */
export function breakdownText(counts: CandidateBreakdown, why = true): string {
  return `${plural(counts.total, 'candidate', 'candidates')} (${plural(counts.sites, 'proposed site', 'proposed sites')}, ${plural(counts.banks, 'bank', 'banks')}) = ${breakdownParts(counts, why)}`;
}

/** One ladder: "191 banks = 141 eligible + 50 not eligible"; "102 banks that cannot sell credits: 61 Sold-Out + …". */
export function ladderBreakdownText(counts: CandidateBreakdown, key: string): string {
  if (key === 'cannot-sell') {
    const why = counts.cannotSellWhy.map(([reason, count]) => `${n(count)} ${reason}`).join(' + ');
    return `${plural(counts.cannotSell, 'bank that cannot sell credits', 'banks that cannot sell credits')} = ${why}; none is eligible, so none is ranked`;
  }
  const noun =
    key === 'bank'
      ? plural(counts.total, 'bank', 'banks')
      : plural(counts.total, 'proposed site', 'proposed sites');
  return `${noun} = ${breakdownParts(counts)}`;
}
