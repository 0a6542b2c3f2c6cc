/**
 * Reading a compact ranking back (rankCompact): the units a row leaves open, its codes as plain
 * values, and the full RankedCandidate of one position, its reasons and citations built only when
 * asked for. Kept apart from the ranking so the hot path stays one screen of columns.
 */
import { assessCandidate } from './assessCandidate.ts';
import { describeBankCredits } from './bankCredits.ts';
import { UNKNOWN_UNIT_BITS } from './computePriority.ts';
import {
  AVAILABILITY_CODES,
  BASIS_CODES,
  KIND_MATCH_CODES,
  REASON_CODES,
  STATUS_CODES,
} from './decisionCodes.ts';
import { greatCircleKm } from './greatCircleKm.ts';
import { ladderName } from './ladderGroups.ts';
import { type CompactRanking, LADDER_CODES } from './rankCompact.ts';
import type {
  BankAvailability,
  Candidate,
  EligibilityStatus,
  Ladder,
  LevelUnit,
  LngLat,
  RankedCandidate,
  SitingBasis,
} from './types.ts';

/** The unknown units of a compact row, in the order the rule set's levels name them. */
export function unknownUnitsOf(ranking: CompactRanking, position: number): LevelUnit[] {
  return unitsOfMask(ranking, ranking.unknownUnits[position] as number);
}

/** The units whose boundary leaves a compact row's level open, in the order the levels name them. */
export function boundaryUnitsOf(ranking: CompactRanking, position: number): LevelUnit[] {
  return unitsOfMask(ranking, ranking.boundaryUnits[position] as number);
}

function unitsOfMask(ranking: CompactRanking, mask: number): LevelUnit[] {
  const units: LevelUnit[] = [];
  for (const rule of ranking.source.ruleset.priorityLevels) {
    if (
      rule.sameUnit !== null &&
      (mask & UNKNOWN_UNIT_BITS[rule.sameUnit]) !== 0 &&
      !units.includes(rule.sameUnit)
    )
      units.push(rule.sameUnit);
  }
  return units;
}

/** The plain values of a compact row's codes, for tables that show or filter them. */
export function rowCodes(
  ranking: CompactRanking,
  position: number,
): {
  status: EligibilityStatus;
  basis: SitingBasis;
  availability: BankAvailability | null;
  kindMatch: 'in-kind' | 'out-of-kind' | null;
  ladder: Ladder;
} {
  return {
    status: STATUS_CODES[ranking.status[position] as number] as EligibilityStatus,
    basis: BASIS_CODES[ranking.basis[position] as number] as SitingBasis,
    availability: AVAILABILITY_CODES[ranking.availability[position] as number] ?? null,
    kindMatch: KIND_MATCH_CODES[ranking.kindMatch[position] as number] ?? null,
    ladder: LADDER_CODES[ranking.ladder[position] as number] as Ladder,
  };
}

/**
 * The full RankedCandidate at one position of a compact ranking: exactly what rankScenario lists
 * there, its reasons and citations built now (the next-level caveat last, as before).
 */
export function expandRanked(ranking: CompactRanking, position: number): RankedCandidate {
  if (!(position >= 0 && position < ranking.count && Number.isInteger(position)))
    throw new RangeError(`position ${position} is outside the ranking (0 to ${ranking.count - 1})`);
  const { scenario, ruleset, resolve, ratioCite, exactReplacementAcres, exactLowestAcres } = ranking.source;
  const { impact } = scenario;
  const candidate = scenario.candidates[ranking.order[position] as number] as Candidate;
  const units = resolve(candidate.units);
  const assessment = assessCandidate(
    {
      impact,
      impactUnits: ranking.impact.units,
      candidate,
      units,
      replacementAcres: exactReplacementAcres,
      ratio: ranking.requirement.ratio,
      ratioCite,
      lowestReplacementAcres: exactLowestAcres,
      ratioRange: ranking.requirement.ratioRange,
    },
    ruleset,
  );
  const ladder: Ladder = candidate.kind;
  const exactDistance = distanceKm(impact.location, candidate.location);
  const ladderRank = ranking.ladderRank[position] as number;
  const ranked: RankedCandidate = {
    id: candidate.id,
    kind: candidate.kind,
    eligible: assessment.status === 'eligible' ? true : assessment.status === 'ineligible' ? false : null,
    status: assessment.status,
    priority: assessment.priority,
    priorityRange: assessment.priorityRange,
    unknownUnits: assessment.unknownUnits,
    boundaryUnits: assessment.boundaryUnits,
    ladder,
    ladderRank: ladderRank === 0 ? null : ladderRank,
    basis: assessment.basis,
    availability: assessment.availability,
    kindMatch: assessment.kindMatch,
    ratio: assessment.ratio,
    credit: assessment.credit,
    distanceKm: exactDistance === null ? null : Math.round(exactDistance * 10) / 10,
    unlocated: assessment.unlocated,
    units,
    credits: null,
    reasons: assessment.reasons,
  };
  const credits = describeBankCredits(candidate, {
    requiredAcres: exactReplacementAcres,
    lowestRequiredAcres: exactLowestAcres,
    ratioRange: ranking.requirement.ratioRange,
    impactType: impact.wetlandType,
    reference: ranking.source.creditsReference,
  });
  if (credits !== null) {
    ranked.credits = credits;
    ranked.reasons.push(...credits.reasons);
  }
  const ladderBest = ranking.ladderBest[ladder];
  const codes = ranking.reasonCodes[position] as number;
  if ((codes & REASON_CODES.nextLevel) !== 0 && ladderBest !== null) {
    const { nextLevel } = ruleset;
    const onlyPending = (codes & REASON_CODES.nextLevelPending) !== 0;
    ranked.reasons.push({
      text: (onlyPending ? nextLevel.pendingText : nextLevel.text)
        .replace('{best}', String(ladderBest))
        .replace('{ladder}', ladderName(ruleset, ladder)),
      cite: nextLevel.cite,
    });
    if (onlyPending)
      ranked.reasons.push({ text: nextLevel.pendingRuleText, cite: nextLevel.pendingRuleCite });
    ranked.reasons.push({ text: nextLevel.definitionText, cite: nextLevel.definitionCite });
  }
  return ranked;
}

function distanceKm(from: LngLat | null | undefined, to: LngLat | null | undefined): number | null {
  if (!from || !to) return null;
  return greatCircleKm(from, to);
}
