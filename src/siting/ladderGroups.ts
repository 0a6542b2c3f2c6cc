import type { RuleSet } from './ruleset.ts';
import type { Ladder } from './types.ts';

/** How the next-level caveat names each ladder where sites and banks have their own. */
export const LADDER_NAMES: Record<Ladder, string> = {
  'project-specific': 'project-specific sites',
  bank: 'bank credits',
};

/** How it names the one ladder of a rule set that orders sites and banks together. */
export const ONE_LADDER_NAME = 'project-specific sites and bank credits';

const BY_KIND = [0, 1] as const;
const ONE = [0, 0] as const;

/**
 * The ladder each kind (by LADDER_CODES: project-specific, bank) is placed and judged in, as the
 * rule set's `ladders` says: its own (subd. 3(c) starts banking lower) or one for both.
 */
export function ladderGroups(ruleset: RuleSet): readonly [number, number] {
  return ruleset.ladders === 'one' ? ONE : BY_KIND;
}

/** The name the next-level caveat (subd. 3(d)) gives the ladder a candidate of `ladder` is in. */
export function ladderName(ruleset: RuleSet, ladder: Ladder): string {
  return ruleset.ladders === 'one' ? ONE_LADDER_NAME : LADDER_NAMES[ladder];
}
