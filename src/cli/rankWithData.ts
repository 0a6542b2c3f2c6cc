import {
  type Candidate,
  type Impact,
  type RankOptions,
  type RankResult,
  RULESETS,
  type RuleSet,
  rankScenario,
  type Scenario,
} from '../siting/index.ts';
import { UsageError } from './cliErrors.ts';
import { type OpenData, placeUnits } from './placeUnits.ts';

/** Picks a rule set by id (default: the enacted text). @throws UsageError */
export function pickRuleset(id: string | undefined): RuleSet {
  if (id === undefined) return RULESETS[0] as RuleSet;
  const found = RULESETS.find((ruleset) => ruleset.id === id);
  if (!found) {
    throw new UsageError(
      `--ruleset: unknown rule set "${id}"; one of ${RULESETS.map((r) => r.id).join(', ')}`,
    );
  }
  return found;
}

/** Candidates with units completed from the layers where located (given units win). */
export async function completeCandidates(
  candidates: readonly Candidate[],
  openData: OpenData,
): Promise<{ candidates: Candidate[]; demonstration: boolean }> {
  let demonstration = false;
  const completed: Candidate[] = [];
  for (const candidate of candidates) {
    const place = await placeUnits(candidate.location, candidate.units, openData);
    demonstration ||= place.demonstration;
    completed.push({ ...candidate, units: place.units });
  }
  return { candidates: completed, demonstration };
}

/** An impact with units completed from the layers where located (given units win). */
export async function completeImpact(
  impact: Impact,
  openData: OpenData,
): Promise<{ impact: Impact; demonstration: boolean }> {
  const place = await placeUnits(impact.location, impact.units, openData);
  return { impact: { ...impact, units: place.units }, demonstration: place.demonstration };
}

/**
 * Completes the units of every located place from the layers, then ranks. `candidatesPlaced`:
 * the candidates' units are already found (the built banks' stored units): only the impact is located.
 */
export async function rankWithData(
  scenario: Scenario,
  options: RankOptions,
  openData: OpenData,
  { candidatesPlaced = false }: { candidatesPlaced?: boolean } = {},
): Promise<{ result: RankResult; demonstration: boolean }> {
  const impact = await completeImpact(scenario.impact, openData);
  const candidates = candidatesPlaced
    ? { candidates: [...scenario.candidates], demonstration: false }
    : await completeCandidates(scenario.candidates, openData);
  return {
    result: rankScenario({ impact: impact.impact, candidates: candidates.candidates }, options),
    demonstration: impact.demonstration || candidates.demonstration,
  };
}
