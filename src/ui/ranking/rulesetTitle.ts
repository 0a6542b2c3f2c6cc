/**
 * The rule set a ranking applied, by the name a reader understands ("Minn. Stat. 103G.222
 * (current text)") rather than its id; a bill's draft rule set says it is not enacted.
 */
import { type RankResult, RULESETS } from '../../siting';

export function rulesetTitle(result: RankResult): string {
  const ruleset = RULESETS.find((item) => item.id === result.ruleset);
  return ruleset ? ruleset.title : result.ruleset;
}
