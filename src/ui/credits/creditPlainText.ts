/**
 * A bank's credits in plain words, for the phone's option cards (issue 33): what the bank has for
 * sale, whether it counts for a Wetland Conservation Act replacement, whether it covers what this
 * impact needs, and how old the figure is, as sentences rather than the table's short codes. The
 * same facts as creditStatusText; never a figure that is not in a listing.
 */
import { type RankedCandidate, STALE_AFTER_DAYS } from '../../siting';

type Pool = NonNullable<RankedCandidate['credits']>['pools'][number];

const UNIT: Record<string, string> = { acres: 'acres', 'square-feet': 'square feet', credits: 'credits' };

function counts(pool: Pool): string {
  if (pool.servesWca === 'no')
    return 'federal Section 404 credit only: it does not count for a WCA replacement';
  if (pool.servesWca === 'unknown') return 'the listing does not say whether it counts for a WCA replacement';
  return pool.approval === 'wca-and-404'
    ? 'it counts for a WCA replacement (and for federal Section 404)'
    : 'it counts for a WCA replacement';
}

function covers(pool: Pool): string {
  if (pool.covers === 'all') return ' It is enough for this impact.';
  if (pool.covers === 'part') return ' It covers only part of what this impact needs.';
  if (pool.covers === 'none') return ' It covers none of what this impact needs.';
  return '';
}

export function creditPlainText(candidate: RankedCandidate): string | null {
  if (candidate.ladder !== 'bank') return null;
  const credits = candidate.credits;
  if (credits === null || !credits.loaded)
    return 'Credits for sale: not known here. Load the bank’s credit listing, or ask BWSR.';
  const [first] = credits.pools;
  if (!first) return 'Credits for sale: not known. No loaded credit listing names this bank.';
  const amount = Math.round(first.available * 10_000) / 10_000;
  const unit = UNIT[first.unit] ?? first.unit;
  const figure = `${amount} ${amount === 1 ? unit.replace(/s$/, '').replace('square feet', 'square foot') : unit}`;
  const when = first.asOf ? `as of ${first.asOf}` : 'with no date given';
  const old = first.stale
    ? ` This figure is over ${STALE_AFTER_DAYS} days old: ask the bank whether it still holds.`
    : '';
  const more =
    credits.pools.length > 1
      ? ` It also has ${credits.pools.length - 1} other kind${credits.pools.length > 2 ? 's' : ''} of credit, counted separately.`
      : '';
  return `Has ${figure} of credit for sale (${first.source}, ${when}); ${counts(first)}.${covers(first)}${old}${more}`;
}
