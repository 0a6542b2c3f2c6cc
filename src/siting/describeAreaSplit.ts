import type { RuleSet } from './ruleset.ts';
import type { AreaShare, AreaShares, Reason } from './types.ts';

const KINDS = [
  ['minorWatershed', 'minor watershed', 'minor watersheds'],
  ['majorWatershed', 'major watershed', 'major watersheds'],
  ['bankServiceArea', 'bank service area', 'bank service areas'],
  ['county', 'county', 'counties'],
] as const;

/** Shares below this much short of the whole count as "all of it" (rounding of the layers). */
const WHOLE = 0.995;

const percent = (share: number) =>
  share < 0.005 ? 'under 1 %' : share > 0.995 && share < 1 ? 'over 99 %' : `${Math.round(share * 100)} %`;

/** Whether a site's outline straddles a boundary (or leaves the layer) for any kind of unit. */
export function straddlesUnits(shares: AreaShares | null | undefined): boolean {
  if (!shares) return false;
  return KINDS.some(([kind]) => {
    const list = shares[kind];
    return list !== undefined && (list.length > 1 || (list[0] !== undefined && list[0].share < WHOLE));
  });
}

/**
 * The notes naming how a site's area splits over units, one per kind it straddles: the units
 * and their shares, and that the one holding most of it is the one the site is ranked in (as a
 * drawn impact is placed). Watersheds and bank service areas cite their level of the priority
 * order (subd. 3(a)); counties the county area classes (Minn. R. 8420.0117 subp. 1).
 */
export function describeAreaSplit(shares: AreaShares | null | undefined, ruleset: RuleSet): Reason[] {
  if (!shares) return [];
  const reasons: Reason[] = [];
  for (const [kind, one, many] of KINDS) {
    const list: readonly AreaShare[] | undefined = shares[kind];
    const top = list?.[0];
    if (!list || !top || (list.length === 1 && top.share >= WHOLE)) continue;
    const cite =
      kind === 'county'
        ? ruleset.countyAreaClassesCite
        : (ruleset.priorityLevels.find((level) => level.sameUnit === kind)?.cite ?? '103G.222 subd. 3(a)');
    const use = kind === 'county' ? `its area class is read in ${top.id}` : `it is ranked in ${top.id}`;
    const outside = 1 - list.reduce((sum, entry) => sum + entry.share, 0);
    const rest = outside >= 1 - WHOLE ? `, ${percent(outside)} in no ${one} of the layer` : '';
    const text =
      list.length === 1
        ? `Only ${percent(top.share)} of the site's area lies in ${one} ${top.id}${rest}; ${use}.`
        : `The site straddles ${list.length} ${many}: ${list
            .map(
              (entry, index) => `${percent(entry.share)}${index === 0 ? ' of its area' : ''} in ${entry.id}`,
            )
            .join(', ')}${rest}; ${use}, which holds the most of it.`;
    reasons.push({ text, cite });
  }
  return reasons;
}
