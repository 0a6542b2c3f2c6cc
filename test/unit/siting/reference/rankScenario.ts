// Frozen copy of the object ranking as it was before the compact ranking (issue 14): the oracle
// the property test compares against. Do not edit to follow the engine's code; edited only where
// the law it encodes changed (issue 22: thresholds on unrounded acres, ineligible candidates have
// no place in a ladder, the 3(d) caveat says when only pending banks stand above) and where the
// rows gained a field (issue 21: a bank's credit pools, described by the engine's own function);
// issue 38: a rule set with `ladders: "one"` (no subd. 3(c)) places and judges both kinds in one
// ladder.
import type { AreaClassOverride } from '../../../../src/siting/areaClassOverride.ts';
import { describeBankCredits } from '../../../../src/siting/bankCredits.ts';
import { computeRequirement } from '../../../../src/siting/computeRequirement.ts';
import { DEFAULT_RULESET } from '../../../../src/siting/defaultRuleset.ts';
import { greatCircleKm } from '../../../../src/siting/greatCircleKm.ts';
import { createUnitResolver } from '../../../../src/siting/resolveUnits.ts';
import type { RuleSet } from '../../../../src/siting/ruleset.ts';
import type {
  Candidate,
  EligibilityStatus,
  Ladder,
  LngLat,
  RankedCandidate,
  RankResult,
  Scenario,
} from '../../../../src/siting/types.ts';
import { assessCandidate } from './assessCandidate.ts';
import { firstLevelFor } from './computePriority.ts';

/** Choices that are data, not code: which law and which reclassifications. */
export interface RankOptions {
  /** Defaults to DEFAULT_RULESET, the statute text. */
  ruleset?: RuleSet;
  /** County and major watershed reclassifications (subd. 1(o)/(p)). */
  overrides?: readonly AreaClassOverride[];
}

const STATUS_ORDER: Record<EligibilityStatus, number> = { eligible: 0, undetermined: 1, ineligible: 2 };
const KIND_ORDER = { 'in-kind': 0, null: 1, 'out-of-kind': 2 } as const;

/** How the next-level caveat names each ladder. */
export const LADDER_NAMES: Record<Ladder, string> = {
  'project-specific': 'project-specific sites',
  bank: 'bank credits',
};

function distanceKm(from: LngLat | null | undefined, to: LngLat | null | undefined): number | null {
  if (!from || !to) return null;
  return greatCircleKm(from, to);
}

/**
 * Ranks the candidate replacement sites of a scenario under a rule set. Two ladders (subd. 3(a),
 * 3(c)): project-specific replacement from level 1, bank credits from level 3; each candidate has
 * its place in its own ladder (`ladderRank`). The one list `candidates` orders: eligible, then
 * undetermined, then ineligible; within each by level (3(b) credits at their ladder's first level),
 * in-kind before out-of-kind, great-circle distance when both locations are known, then id.
 * Lower levels stay listed with the next-level rule (subd. 3(d)/(e)) as their reason, judged
 * within the candidate's own ladder. Pure: never changes its input.
 */
/** Within a level: a bank whose credits cover the acres (as 12-digit decimals) 0, part 1, none known 2. */
function coverage(candidate: Scenario['candidates'][number], required: number): number {
  if (candidate.kind !== 'bank') return 0;
  const credits = candidate.availableCredits ?? 0;
  if (!(credits > 0)) return 2;
  return Number(credits.toPrecision(12)) >= Number(required.toPrecision(12)) ? 0 : 1;
}

export function referenceRankScenario(scenario: Scenario, options: RankOptions = {}): RankResult {
  const ruleset = options.ruleset ?? DEFAULT_RULESET;
  const resolve = createUnitResolver(ruleset, options.overrides ?? []);
  const { impact } = scenario;
  const impactUnits = resolve(impact.units);
  const { ratioCite, exactReplacementAcres, exactLowestAcres, ...requirement } = computeRequirement(
    impact,
    impactUnits,
    ruleset,
  );
  const firstLevel = {
    'project-specific': firstLevelFor('project-specific', ruleset.priorityLevels),
    bank: firstLevelFor('bank', ruleset.priorityLevels),
  };

  // Sort keys live in typed arrays beside the results, so a million candidates cost no wrapper
  // objects: status, level and kind folded into one small integer, and the unrounded distance.
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
      {
        impact,
        impactUnits,
        candidate,
        units,
        replacementAcres: exactReplacementAcres,
        ratio: requirement.ratio,
        ratioCite,
        lowestReplacementAcres: exactLowestAcres,
        ratioRange: requirement.ratioRange,
      },
      ruleset,
    );
    const ladder: Ladder = candidate.kind;
    const exactDistance = distanceKm(impact.location, candidate.location);
    const sortLevel = assessment.basis === 'statewide-3b' ? firstLevel[ladder] : (assessment.priority ?? 5);
    levelKeys[i] =
      STATUS_ORDER[assessment.status] * 72 +
      sortLevel * 12 +
      KIND_ORDER[assessment.kindMatch ?? 'null'] * 3 +
      coverage(candidate, exactReplacementAcres);
    distances[i] = exactDistance ?? Number.POSITIVE_INFINITY;
    order.push(i);
    const credits = describeBankCredits(candidate, {
      requiredAcres: exactReplacementAcres,
      lowestRequiredAcres: exactLowestAcres,
      ratioRange: requirement.ratioRange,
      impactType: impact.wetlandType,
      reference: impact.applicationDate ?? null,
    });
    ranked.push({
      id: candidate.id,
      kind: candidate.kind,
      eligible: assessment.status === 'eligible' ? true : assessment.status === 'ineligible' ? false : null,
      status: assessment.status,
      priority: assessment.priority,
      priorityRange: assessment.priorityRange,
      unknownUnits: assessment.unknownUnits,
      boundaryUnits: assessment.boundaryUnits,
      ladder,
      ladderRank: null,
      basis: assessment.basis,
      availability: assessment.availability,
      kindMatch: assessment.kindMatch,
      ratio: assessment.ratio,
      credit: assessment.credit,
      distanceKm: exactDistance === null ? null : Math.round(exactDistance * 10) / 10,
      unlocated: assessment.unlocated,
      units,
      credits,
      reasons: [...assessment.reasons, ...(credits?.reasons ?? [])],
    });
  }
  // Array sort is stable, so ties keep input order as before.
  order.sort((a, b) => {
    const byLevel = (levelKeys[a] as number) - (levelKeys[b] as number);
    if (byLevel !== 0) return byLevel;
    // Two unknown distances give NaN (Infinity - Infinity): a tie, kept in input order (never by id).
    const byDistance = (distances[a] as number) - (distances[b] as number);
    return byDistance !== 0 && !Number.isNaN(byDistance) ? byDistance : 0;
  });
  const candidates = order.map((i) => ranked[i] as RankedCandidate);

  // Places within each ladder; an ineligible candidate has none (a barred site is no choice; a
  // bank that cannot sell credits is listed apart).
  const oneLadder = ruleset.ladders === 'one';
  const ladderOf = (candidate: RankedCandidate): Ladder =>
    oneLadder ? 'project-specific' : candidate.ladder;
  const places: Record<Ladder, number> = { 'project-specific': 0, bank: 0 };
  // Subd. 3(d): a lower level is open only when no reasonable, practicable and environmentally
  // beneficial opportunity exists higher up *in the same ladder* (3(c) starts banking at level
  // 3); exceptions that set the order aside (3(b), 3(h)) carry no caveat.
  const best: Record<Ladder, number | null> = { 'project-specific': null, bank: null };
  // The same without pending banks: where only those stand above, the caveat says so.
  const approved: Record<Ladder, number | null> = { 'project-specific': null, bank: null };
  for (const candidate of candidates) {
    const ladder = ladderOf(candidate);
    if (candidate.status !== 'ineligible') candidate.ladderRank = ++places[ladder];
    if (candidate.status !== 'eligible' || candidate.priority === null) continue;
    const current = best[ladder];
    if (current === null || candidate.priority < current) best[ladder] = candidate.priority;
    if (candidate.availability === 'pending') continue;
    const firm = approved[ladder];
    if (firm === null || candidate.priority < firm) approved[ladder] = candidate.priority;
  }
  for (const candidate of candidates) {
    const ladderBest = best[ladderOf(candidate)];
    if (
      ladderBest === null ||
      candidate.status !== 'eligible' ||
      candidate.basis !== 'priority-order' ||
      candidate.priority === null ||
      candidate.priority <= ladderBest
    )
      continue;
    const firm = approved[ladderOf(candidate)];
    const onlyPending = firm === null || firm >= candidate.priority;
    const nextLevelText = (onlyPending ? ruleset.nextLevel.pendingText : ruleset.nextLevel.text)
      .replace('{best}', String(ladderBest))
      .replace(
        '{ladder}',
        oneLadder ? 'project-specific sites and bank credits' : LADDER_NAMES[candidate.ladder],
      );
    candidate.reasons.push({ text: nextLevelText, cite: ruleset.nextLevel.cite });
    if (onlyPending)
      candidate.reasons.push({
        text: ruleset.nextLevel.pendingRuleText,
        cite: ruleset.nextLevel.pendingRuleCite,
      });
    candidate.reasons.push({
      text: ruleset.nextLevel.definitionText,
      cite: ruleset.nextLevel.definitionCite,
    });
  }
  return { ruleset: ruleset.id, impact: { units: impactUnits }, requirement, candidates };
}
