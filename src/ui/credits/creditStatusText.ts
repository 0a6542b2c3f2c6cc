/**
 * A bank's credits in words for its row (issue 21): the largest pool with its approval, unit,
 * as-of date and file, stale marked; or, with no listing loaded, that credits are not loaded and
 * how to get them. Never a figure that is not in a listing.
 */
import { APPROVAL_WORDS, type RankedCandidate } from '../../siting';

/**
 * Short, as it repeats in every bank row (the table and the one-page report); the credits panel
 * says once where listings come from (a RIBITS Credit Classification report, BWSR's listing).
 */
export const NOT_LOADED_TEXT = 'Credits not loaded (see "Load credit listing…", or ask BWSR)';

const UNIT: Record<string, string> = { acres: 'acres', 'square-feet': 'sq ft', credits: 'credits' };

type Pool = NonNullable<RankedCandidate['credits']>['pools'][number];

/** A pool's figure, unit and approval, short ("12.5 acres WCA and Section 404"): the row's and the report's. */
export function poolFigureText(pool: Pool): string {
  const approval = pool.approval
    ? APPROVAL_WORDS[pool.approval]
    : (pool.jurisdiction ?? 'approval not stated');
  return `${Math.round(pool.available * 10_000) / 10_000} ${UNIT[pool.unit] ?? pool.unit} ${approval}`;
}

export function creditStatusText(candidate: RankedCandidate): string | null {
  if (candidate.ladder !== 'bank') return null;
  const credits = candidate.credits;
  if (credits === null || !credits.loaded) return NOT_LOADED_TEXT;
  if (credits.pools.length === 0)
    return 'No row of the loaded credit listings names this bank: credits not known';
  const [first] = credits.pools;
  if (!first) return null;
  const more =
    credits.pools.length > 1
      ? ` (+${credits.pools.length - 1} more pool${credits.pools.length > 2 ? 's' : ''}, kept apart)`
      : '';
  const stale = first.stale ? ' — STALE (over 90 days)' : '';
  return `${poolFigureText(first)}${more} · as of ${first.asOf ?? 'unknown date'} (${first.source})${stale}`;
}
