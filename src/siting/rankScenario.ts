import { expandRanked } from './expandRanked.ts';
import { type RankOptions, rankCompact } from './rankCompact.ts';
import type { RankedCandidate, RankResult, Scenario } from './types.ts';

export { LADDER_NAMES, type RankOptions } from './rankCompact.ts';

/**
 * Ranks the candidate replacement sites of a scenario under a rule set, every row with its cited
 * reasons: the compact ranking (rankCompact: the order, verdicts and levels as typed columns)
 * with each position expanded (expandRanked). Two ladders (subd. 3(a), 3(c)): project-specific
 * replacement from level 1, bank credits from level 3; each candidate has its place in its own
 * ladder (`ladderRank`). The one list `candidates` orders: eligible, then undetermined, then
 * ineligible; within each by level (3(b) credits at their ladder's first level), in-kind before
 * out-of-kind, great-circle distance when both locations are known, then id. Lower levels stay
 * listed with the next-level rule (subd. 3(d)/(e)) as their reason, judged within the
 * candidate's own ladder. Pure: never changes its input. For many candidates of which few are
 * read, rank compactly and expand only the rows shown.
 */
export function rankScenario(scenario: Scenario, options: RankOptions = {}): RankResult {
  const ranking = rankCompact(scenario, options);
  const candidates: RankedCandidate[] = [];
  for (let position = 0; position < ranking.count; position++)
    candidates.push(expandRanked(ranking, position));
  return { ruleset: ranking.ruleset, impact: ranking.impact, requirement: ranking.requirement, candidates };
}
