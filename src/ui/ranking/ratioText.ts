import type { Requirement } from '../../siting';

/**
 * The replacement ratio as said on the page: "2:1", or "1:1 or 2:1 (area class unknown)" where
 * the impact's area class is unknown on nonagricultural land (subd. 1(f), 1(g)).
 */
export function ratioText(requirement: Pick<Requirement, 'ratio' | 'ratioRange'>): string {
  const [low, high] = requirement.ratioRange;
  return low === high ? `${requirement.ratio}:1` : `${low}:1 or ${high}:1 (area class unknown)`;
}
