import type { RuleSet } from './ruleset.ts';
import { RULESETS } from './rulesets.ts';

/**
 * The one line every output under a rule set that is not law carries: that it is a bill, not
 * law, what it would change and its status as verified (from the rule set's `bill`, the one
 * place the status is kept). Null for the enacted text.
 */
export function rulesetNotice(ruleset: RuleSet): string | null {
  const { bill } = ruleset;
  if (bill === null) return null;
  return `Not law: this ranking applies a bill, ${bill.name}, which ${bill.change}. Status as verified: ${bill.status} (${bill.seen}).`;
}

/** rulesetNotice of the rule set a result names by id; null for the enacted text or an unknown id. */
export function rulesetNoticeById(id: string): string | null {
  const ruleset = RULESETS.find((item) => item.id === id);
  return ruleset === undefined ? null : rulesetNotice(ruleset);
}
