import { roundAcres } from './roundForDisplay.ts';
import type { AreaShare, AreaShares, LevelUnit, Reason, ResolvedUnits } from './types.ts';

/**
 * An impact drawn across units (issue 31 item 10). Each part of the impacted wetland lies in one
 * minor watershed, major watershed and bank service area, and subd. 3(a) asks of a site whether
 * it is "in the same minor watershed as the impacted wetland", "in the same watershed", "in the
 * same wetland bank service area". A site is ranked at the best level it reaches for any part:
 * level 1 if its minor watershed holds part of the impact, else 2 if its major does, else 3 if
 * its service area does. Levels nest, so the best over parts is read kind by kind: the site's
 * unit of a kind against every unit of that kind holding part of the impact.
 */

/** A unit holding less than this share of the drawn area is a sliver of the layers' rounding, not a part. */
export const PART_MIN_SHARE = 0.005;

const LEVEL_KINDS = ['minorWatershed', 'majorWatershed', 'bankServiceArea'] as const;

/** Per kind the priority order compares, the units holding a part of the impact (two or more of some kind). */
export type ImpactParts = Readonly<Partial<Record<LevelUnit, readonly AreaShare[]>>>;

/** The impact's parts from its area shares, or null when every kind lies in one unit. */
export function impactPartsOf(shares: AreaShares | null | undefined): ImpactParts | null {
  if (!shares) return null;
  const parts: Partial<Record<LevelUnit, AreaShare[]>> = {};
  let split = false;
  for (const kind of LEVEL_KINDS) {
    const list = (shares[kind] ?? []).filter((entry) => entry.share >= PART_MIN_SHARE);
    if (list.length > 1) split = true;
    if (list.length > 0) parts[kind] = list;
  }
  return split ? parts : null;
}

/**
 * The impact's units as a site sees them: of each kind, the site's own unit when it holds part
 * of the impact, else the impact's (the unit holding most of it). Deciding the level against
 * these is deciding it against the best part. Fills `out`.
 */
export function unitsForSite(
  impactUnits: ResolvedUnits,
  parts: ImpactParts,
  site: ResolvedUnits,
  out: ResolvedUnits,
): ResolvedUnits {
  Object.assign(out, impactUnits);
  for (const kind of LEVEL_KINDS) {
    const siteValue = site[kind];
    const list = parts[kind];
    if (siteValue !== null && list && list.length > 1 && list.some((entry) => entry.id === siteValue))
      (out as unknown as Record<string, unknown>)[kind] = siteValue;
  }
  return out;
}

const NAMES: Record<LevelUnit, [string, string]> = {
  minorWatershed: ['minor watershed', 'minor watersheds'],
  majorWatershed: ['major watershed', 'major watersheds'],
  bankServiceArea: ['bank service area', 'bank service areas'],
};

const percent = (share: number) =>
  share > 0.995 && share < 1 ? 'over 99 %' : `${Math.round(share * 100)} %`;
const partText = (entry: AreaShare, acres: number) =>
  `${entry.id} (${percent(entry.share)}, ${roundAcres(entry.share * acres)} acres)`;

/** "41001 (62 %, 0.62 acres) and 41002 (38 %, 0.38 acres)" */
function listParts(list: readonly AreaShare[], acres: number): string {
  const texts = list.map((entry) => partText(entry, acres));
  return texts.length <= 2 ? texts.join(' and ') : `${texts.slice(0, -1).join(', ')} and ${texts.at(-1)}`;
}

/** The requirement's note: which units the impact lies in, by area, and how sites are ranked against them. */
export function describeImpactParts(parts: ImpactParts, acres: number): Reason[] {
  const split = LEVEL_KINDS.filter((kind) => (parts[kind]?.length ?? 0) > 1).map(
    (kind) => `${NAMES[kind][1]} ${listParts(parts[kind] as AreaShare[], acres)}`,
  );
  return [
    {
      text: `The drawn impact lies in ${split.join('; and in ')}. Each site is ranked at the best level it reaches for any part of the impact, and its reasons name that part; a replacement may be split so that each part is replaced as high in the order as it can be.`,
      cite: '103G.222 subd. 3(a)(1)-(3)',
    },
  ];
}

/**
 * For a site whose level is decided by a kind the impact is split over: the part it is ranked
 * for. Null when the kind is not split, or the site's unit holds none of the impact.
 */
export function partReason(
  parts: ImpactParts,
  kind: LevelUnit,
  site: ResolvedUnits,
  acres: number,
  cite: string,
): Reason | null {
  const list = parts[kind];
  const value = site[kind];
  const entry = list && list.length > 1 ? list.find((part) => part.id === value) : undefined;
  if (!list || !entry) return null;
  const rest = list.filter((part) => part !== entry);
  return {
    text: `Ranked for the part of the impact in ${NAMES[kind][0]} ${partText(entry, acres)}; for the rest of it, in ${listParts(rest, acres)}, this site stands lower in the order.`,
    cite,
  };
}
