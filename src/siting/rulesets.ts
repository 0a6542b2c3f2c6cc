import { BILL_2026_STRIKE_3C_RULESET } from './billStrike3cRuleset.ts';
import { DEFAULT_RULESET } from './defaultRuleset.ts';
import type { RuleSet } from './ruleset.ts';

/** Every rule set the product knows, the enacted text first; pick by `id`. */
export const RULESETS: readonly RuleSet[] = [DEFAULT_RULESET, BILL_2026_STRIKE_3C_RULESET];
