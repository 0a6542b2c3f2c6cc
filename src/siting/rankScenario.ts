import distance from '@turf/distance';
import type { AreaClassOverride } from './areaClassOverride.ts';
import { assessCandidate } from './assessCandidate.ts';
import { computeRequirement } from './computeRequirement.ts';
import { DEFAULT_RULESET } from './defaultRuleset.ts';
import { resolveUnits } from './resolveUnits.ts';
import type { RuleSet } from './ruleset.ts';
import type { EligibilityStatus, LngLat, RankedCandidate, RankResult, Scenario } from './types.ts';

/** Choices that are data, not code: which law and which reclassifications. */
export interface RankOptions {
  /** Defaults to DEFAULT_RULESET, the statute text. */
  ruleset?: RuleSet;
  /** County and major watershed reclassifications (subd. 1(o)/(p)). */
  overrides?: readonly AreaClassOverride[];
}

const STATUS_ORDER: Record<EligibilityStatus, number> = { eligible: 0, undetermined: 1, ineligible: 2 };

interface Sortable {
  ranked: RankedCandidate;
  exactDistance: number | null;
}

function compare(a: Sortable, b: Sortable): number {
  const byStatus = STATUS_ORDER[a.ranked.status] - STATUS_ORDER[b.ranked.status];
  if (byStatus !== 0) return byStatus;
  const byPriority = (a.ranked.priority ?? 5) - (b.ranked.priority ?? 5);
  if (byPriority !== 0) return byPriority;
  const byDistance =
    (a.exactDistance ?? Number.POSITIVE_INFINITY) - (b.exactDistance ?? Number.POSITIVE_INFINITY);
  if (byDistance !== 0 && !Number.isNaN(byDistance)) return byDistance;
  return a.ranked.id < b.ranked.id ? -1 : a.ranked.id > b.ranked.id ? 1 : 0;
}

function distanceKm(from: LngLat | null | undefined, to: LngLat | null | undefined): number | null {
  if (!from || !to) return null;
  return distance([from[0], from[1]], [to[0], to[1]], { units: 'kilometers' });
}

/**
 * Ranks the candidate replacement sites of a scenario under a rule set. Order: eligible, then
 * undetermined, then ineligible; within each by priority level (subd. 3(a)), then great-circle
 * distance when both locations are known, then id. Lower levels stay listed with the next-level
 * rule (subd. 3(d)/(e)) as their reason. Pure: never changes its input.
 */
export function rankScenario(scenario: Scenario, options: RankOptions = {}): RankResult {
  const ruleset = options.ruleset ?? DEFAULT_RULESET;
  const overrides = options.overrides ?? [];
  const { impact } = scenario;
  const impactUnits = resolveUnits(impact.units, ruleset, overrides);
  const requirement = computeRequirement(impact, impactUnits, ruleset);

  const sortable: Sortable[] = scenario.candidates.map((candidate) => {
    const units = resolveUnits(candidate.units, ruleset, overrides);
    const assessment = assessCandidate(
      { impact, impactUnits, candidate, units, replacementAcres: requirement.replacementAcres },
      ruleset,
    );
    const exactDistance = distanceKm(impact.location, candidate.location);
    return {
      exactDistance,
      ranked: {
        id: candidate.id,
        kind: candidate.kind,
        eligible: assessment.status === 'eligible' ? true : assessment.status === 'ineligible' ? false : null,
        status: assessment.status,
        priority: assessment.priority,
        distanceKm: exactDistance === null ? null : Math.round(exactDistance * 10) / 10,
        unlocated: assessment.unlocated,
        units,
        reasons: assessment.reasons,
      },
    };
  });
  sortable.sort(compare);
  const candidates = sortable.map((entry) => entry.ranked);

  // Subd. 3(d): a lower level is open only when no reasonable, practicable and environmentally
  // beneficial opportunity exists higher up, so say so on every eligible site below the best.
  const best = candidates.find((candidate) => candidate.status === 'eligible')?.priority ?? null;
  if (best !== null) {
    for (const candidate of candidates) {
      if (candidate.status !== 'eligible' || candidate.priority === null || candidate.priority <= best)
        continue;
      candidate.reasons.push(
        { text: ruleset.nextLevel.text.replace('{best}', String(best)), cite: ruleset.nextLevel.cite },
        { text: ruleset.nextLevel.definitionText, cite: ruleset.nextLevel.definitionCite },
      );
    }
  }
  return { ruleset: ruleset.id, impact: { units: impactUnits }, requirement, candidates };
}
