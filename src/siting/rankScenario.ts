import type { AreaClassOverride } from './areaClassOverride.ts';
import { assessCandidate } from './assessCandidate.ts';
import { computeRequirement } from './computeRequirement.ts';
import { DEFAULT_RULESET } from './defaultRuleset.ts';
import { greatCircleKm } from './greatCircleKm.ts';
import { createUnitResolver } from './resolveUnits.ts';
import type { RuleSet } from './ruleset.ts';
import type { Candidate, EligibilityStatus, LngLat, RankedCandidate, RankResult, Scenario } from './types.ts';

/** Choices that are data, not code: which law and which reclassifications. */
export interface RankOptions {
  /** Defaults to DEFAULT_RULESET, the statute text. */
  ruleset?: RuleSet;
  /** County and major watershed reclassifications (subd. 1(o)/(p)). */
  overrides?: readonly AreaClassOverride[];
}

const STATUS_ORDER: Record<EligibilityStatus, number> = { eligible: 0, undetermined: 1, ineligible: 2 };

function distanceKm(from: LngLat | null | undefined, to: LngLat | null | undefined): number | null {
  if (!from || !to) return null;
  return greatCircleKm(from, to);
}

/**
 * Ranks the candidate replacement sites of a scenario under a rule set. Order: eligible, then
 * undetermined, then ineligible; within each by priority level (subd. 3(a)), then great-circle
 * distance when both locations are known, then id. Lower levels stay listed with the next-level
 * rule (subd. 3(d)/(e)) as their reason. Pure: never changes its input.
 */
export function rankScenario(scenario: Scenario, options: RankOptions = {}): RankResult {
  const ruleset = options.ruleset ?? DEFAULT_RULESET;
  const resolve = createUnitResolver(ruleset, options.overrides ?? []);
  const { impact } = scenario;
  const impactUnits = resolve(impact.units);
  const requirement = computeRequirement(impact, impactUnits, ruleset);

  // Sort keys live in typed arrays beside the results, so a million candidates cost no wrapper
  // objects: status then level folded into one small integer, and the unrounded distance.
  const count = scenario.candidates.length;
  // Filled by push: V8 keeps `new Array(n)` of a million holes as a slow dictionary.
  const ranked: RankedCandidate[] = [];
  const order: number[] = [];
  const levelKeys = new Uint8Array(count);
  const distances = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const candidate = scenario.candidates[i] as Candidate;
    const units = resolve(candidate.units);
    const assessment = assessCandidate(
      { impact, impactUnits, candidate, units, replacementAcres: requirement.replacementAcres },
      ruleset,
    );
    const exactDistance = distanceKm(impact.location, candidate.location);
    levelKeys[i] = STATUS_ORDER[assessment.status] * 8 + (assessment.priority ?? 5);
    distances[i] = exactDistance ?? Number.POSITIVE_INFINITY;
    order.push(i);
    ranked.push({
      id: candidate.id,
      kind: candidate.kind,
      eligible: assessment.status === 'eligible' ? true : assessment.status === 'ineligible' ? false : null,
      status: assessment.status,
      priority: assessment.priority,
      distanceKm: exactDistance === null ? null : Math.round(exactDistance * 10) / 10,
      unlocated: assessment.unlocated,
      units,
      reasons: assessment.reasons,
    });
  }
  // Array sort is stable, so ties keep input order as before.
  order.sort((a, b) => {
    const byLevel = (levelKeys[a] as number) - (levelKeys[b] as number);
    if (byLevel !== 0) return byLevel;
    // Two unknown distances give NaN (Infinity - Infinity): fall through to the id.
    const byDistance = (distances[a] as number) - (distances[b] as number);
    if (byDistance !== 0 && !Number.isNaN(byDistance)) return byDistance;
    const left = (ranked[a] as RankedCandidate).id;
    const right = (ranked[b] as RankedCandidate).id;
    return left < right ? -1 : left > right ? 1 : 0;
  });
  const candidates = order.map((i) => ranked[i] as RankedCandidate);

  // Subd. 3(d): a lower level is open only when no reasonable, practicable and environmentally
  // beneficial opportunity exists higher up, so say so on every eligible site below the best.
  const best = candidates.find((candidate) => candidate.status === 'eligible')?.priority ?? null;
  if (best !== null) {
    const nextLevelText = ruleset.nextLevel.text.replace('{best}', String(best));
    for (const candidate of candidates) {
      if (candidate.status !== 'eligible' || candidate.priority === null || candidate.priority <= best)
        continue;
      candidate.reasons.push(
        { text: nextLevelText, cite: ruleset.nextLevel.cite },
        { text: ruleset.nextLevel.definitionText, cite: ruleset.nextLevel.definitionCite },
      );
    }
  }
  return { ruleset: ruleset.id, impact: { units: impactUnits }, requirement, candidates };
}
