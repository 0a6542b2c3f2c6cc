import { candidateRatio, creditShare, firstBankReason } from './candidateTerms.ts';
import { decidePriority, firstLevelFor, priorityDecider } from './computePriority.ts';
import {
  AVAILABILITY_CODES,
  BASIS_CODES,
  type Decision,
  emptyDecision,
  exceptionCode,
  exclusionCode,
  KIND_MATCH_CODES,
  REASON_CODES,
  STATUS_CODES,
} from './decisionCodes.ts';
import { bankAvailability, hasNoCredits } from './defaultRuleset.ts';
import { describeAreaSplit, straddlesUnits } from './describeAreaSplit.ts';
import { impactPartsOf, partReason, unitsForSite } from './impactParts.ts';
import type { CandidateContext, ExceptionRule, ExclusionRule, RuleSet } from './ruleset.ts';
import type {
  AreaShares,
  BankAvailability,
  BoundaryUnits,
  CandidateRatio,
  CreditShare,
  EligibilityStatus,
  LevelUnit,
  PriorityLevel,
  Reason,
  ResolvedUnits,
  SitingBasis,
} from './types.ts';

/** A candidate's verdict before ordering. */
export interface Assessment {
  status: EligibilityStatus;
  priority: PriorityLevel | null;
  priorityRange: readonly [PriorityLevel, PriorityLevel] | null;
  unknownUnits: LevelUnit[];
  boundaryUnits: LevelUnit[];
  basis: SitingBasis;
  availability: BankAvailability | null;
  kindMatch: 'in-kind' | 'out-of-kind' | null;
  ratio: CandidateRatio;
  credit: CreditShare | null;
  unlocated: boolean;
  reasons: Reason[];
}

const NO_UNITS: LevelUnit[] = [];
const CERTAIN: Record<PriorityLevel, readonly [PriorityLevel, PriorityLevel]> = {
  1: [1, 1],
  2: [2, 2],
  3: [3, 3],
  4: [4, 4],
};

/** A bank with no credits left cannot sell either (Minn. R. 8420.0745). */
const CANNOT_SELL = AVAILABILITY_CODES.indexOf('cannot-sell');

/**
 * Applies a rule set to one candidate: exceptions first (they may set exclusions, and the
 * priority order, aside), then exclusions, then the priority level, then explanatory notes.
 * `undetermined` means a fact the law turns on is unknown; the engine does not guess it.
 * Fills `out` and, when `reasons` is given, pushes the cited reasons onto it ("describe"); with
 * `reasons` null it only decides, and builds no text the rules do not build to decide.
 */
function assess(
  context: CandidateContext,
  ruleset: RuleSet,
  out: Decision,
  reasons: Reason[] | null,
  unknownUnits: LevelUnit[] | null,
  plan: DecisionPlan | null,
  boundaryUnits: LevelUnit[] | null = null,
): void {
  const { candidate, units, impact } = context;
  let codes = 0;
  const unlocated =
    (candidate.location ?? null) === null &&
    units.minorWatershed === null &&
    units.majorWatershed === null &&
    units.bankServiceArea === null &&
    units.county === null &&
    units.areaClass === null;
  if (unlocated) {
    codes |= REASON_CODES.unlocated;
    reasons?.push({
      text: 'Unlocated: no location and no units were given, so the site cannot be placed in the priority order.',
      cite: '103G.222 subd. 3(a)',
    });
  }

  // Created only when an exception applies: most candidates meet none, and ranking a million
  // of them should not allocate a million empty sets.
  let waived: Set<string> | null = null;
  let basis: SitingBasis = 'priority-order';
  // Notes that only say a fact is missing wait until we know whether that fact matters.
  let missing: { index: number; reason: Reason; waives: readonly string[]; order: boolean }[] | null = null;
  // Exceptions that apply only if no exclusion makes the candidate ineligible (subd. 3(h)).
  let unlessIneligible: { index: number; reasonAt: number; text: string }[] | null = null;
  const exceptions = ruleset.exceptions;
  for (let index = 0; index < exceptions.length; index++) {
    const exception = exceptions[index] as ExceptionRule;
    const result = exception.evaluate(context);
    if (result === null) continue;
    if (result.applies && result.ifIneligible !== undefined) {
      unlessIneligible ??= [];
      unlessIneligible.push({ index, reasonAt: reasons ? reasons.length : -1, text: result.ifIneligible });
      reasons?.push({ text: result.text, cite: exception.cite });
      continue;
    }
    if (result.missingFact) {
      if (reasons) {
        missing ??= [];
        missing.push({
          index: reasons.length,
          reason: { text: result.text, cite: exception.cite },
          waives: exception.waives,
          order: exception.waivesOrder !== undefined,
        });
      }
      continue;
    }
    reasons?.push({ text: result.text, cite: exception.cite });
    if (result.applies) {
      codes |= exceptionCode(index);
      waived ??= new Set<string>();
      for (const id of exception.waives) waived.add(id);
      if (exception.waivesOrder && basis === 'priority-order') basis = exception.waivesOrder;
    }
  }

  let ineligible = false;
  let undetermined = unlocated;
  let biting: Set<string> | null = null;
  const exclusions = ruleset.exclusions;
  for (let index = 0; index < exclusions.length; index++) {
    const exclusion = exclusions[index] as ExclusionRule;
    if (waived?.has(exclusion.id)) continue;
    const finding = exclusion.evaluate(context);
    if (finding === null) continue;
    reasons?.push({ text: finding.text, cite: exclusion.cite });
    if (finding.effect === 'ineligible') ineligible = true;
    if (finding.effect === 'undetermined') undetermined = true;
    if (finding.effect !== 'note') {
      codes |= exclusionCode(index);
      if (reasons) {
        biting ??= new Set<string>();
        biting.add(exclusion.id);
      }
    }
  }
  const status = ineligible ? 2 : undetermined ? 1 : 0;
  if (unlessIneligible !== null) {
    for (const entry of unlessIneligible) {
      const exception = exceptions[entry.index] as ExceptionRule;
      if (ineligible) {
        if (reasons) reasons[entry.reasonAt] = { text: entry.text, cite: exception.cite };
        continue;
      }
      codes |= exceptionCode(entry.index);
      if (exception.waivesOrder && basis === 'priority-order') basis = exception.waivesOrder;
    }
  }

  let priority = 0;
  let rangeLow = 0;
  let unknownMask = 0;
  let boundaryMask = 0;
  // Statewide under 3(b): the order does not apply, so there is no level to compute.
  if (!ineligible && !unlocated && basis !== 'statewide-3b') {
    // A place on a unit boundary (Units.boundary) may leave its level open; the plan knows the
    // impact's, so ranking reads only the site's.
    const siteBoundary = candidate.units?.boundary;
    // A drawn impact across units: the site is ranked for the part it reaches best (impactParts.ts).
    const parts = plan === null ? impactPartsOf(impact.areaShares) : null;
    const impactUnits = parts
      ? unitsForSite(context.impactUnits, parts, units, partScratch)
      : context.impactUnits;
    const packed =
      plan === null
        ? decidePriority(
            candidate.kind,
            impactUnits,
            units,
            ruleset.priorityLevels,
            reasons,
            unknownUnits,
            siteBoundary == null && impact.units?.boundary == null
              ? null
              : { impact: impact.units?.boundary, site: siteBoundary },
            boundaryUnits,
          )
        : candidate.kind === 'bank'
          ? plan.bankPriority(units, siteBoundary)
          : plan.projectPriority(units, siteBoundary);
    priority = packed & 7;
    if (reasons && parts) {
      const rule = ruleset.priorityLevels.find((level) => level.level === priority);
      const part = rule?.sameUnit ? partReason(parts, rule.sameUnit, units, impact.acres, rule.cite) : null;
      if (part) reasons.push(part);
    }
    const best = (packed >> 3) & 7;
    rangeLow = best === 0 ? priority : best;
    unknownMask = (packed >> 6) & 7;
    boundaryMask = (packed >> 9) & 7;
    // Subd. 3(c): the banking order begins at clause (3); say so where a bank stands first.
    if (reasons && candidate.kind === 'bank') {
      const { first, reason } = firstBankReason(ruleset);
      if (reason && priority === first) reasons.push(reason);
    }
  }

  // A site located by its outline: name the split, after the level it decides.
  if (straddlesUnits(candidate.areaShares)) {
    codes |= REASON_CODES.areaSplit;
    if (reasons) for (const reason of describeAreaSplit(candidate.areaShares, ruleset)) reasons.push(reason);
  }

  if (reasons && missing !== null) {
    const first = firstLevelFor(candidate.kind, ruleset.priorityLevels);
    // Inserted from the last so earlier indexes stay right.
    for (const entry of [...missing].reverse()) {
      const exclusionBites = entry.waives.some((id) => biting?.has(id));
      const orderBites = entry.order && !unlocated && (priority === 0 ? !ineligible : priority > first);
      if (exclusionBites || orderBites) reasons.splice(entry.index, 0, entry.reason);
    }
  }

  if (reasons) {
    for (const note of ruleset.notes) {
      const text = note.evaluate(context);
      if (text !== null) reasons.push({ text, cite: note.cite });
    }
  }

  const impactType = impact.wetlandType ?? null;
  const siteType = candidate.wetlandType ?? null;
  const kindMatch = impactType === null || siteType === null ? 0 : impactType === siteType ? 1 : 2;
  if (reasons && kindMatch !== 0 && status !== 2) {
    reasons.push({
      text:
        kindMatch === 1
          ? `In-kind: the same Circular 39 type as the impact (Type ${siteType}), so this tool lists it before other types at its level. That order is this tool's choice: Minn. R. 8420.0522 subp. 3 is headed "In-kind wetland replacement", but its operative text was not verified.`
          : `Out-of-kind: Circular 39 Type ${siteType}, the impact is Type ${impactType}; this tool lists in-kind sites at the same level first (its own choice: the operative text of Minn. R. 8420.0522 subp. 3 was not verified).`,
      cite: ruleset.wetlandType.inKindCite,
    });
  }

  out.status = status;
  out.priority = priority;
  out.rangeLow = rangeLow;
  out.rangeHigh = priority;
  out.unknownMask = unknownMask;
  out.boundaryMask = boundaryMask;
  out.basis = basis === 'priority-order' ? 0 : basis === 'statewide-3b' ? 1 : 2;
  out.availability =
    candidate.kind !== 'bank'
      ? 0
      : hasNoCredits(candidate.availableCredits)
        ? CANNOT_SELL
        : AVAILABILITY_CODES.indexOf(bankAvailability(candidate.bankStatus ?? null, ruleset.bankStatuses));
  out.kindMatch = kindMatch;
  out.codes = codes;
}

/**
 * The decision alone (no reason text) for one candidate, written into `out`: what ranking needs
 * to order a million candidates. Its numbers are those assessCandidate returns for the candidate.
 */
export function decideCandidate(
  context: CandidateContext,
  ruleset: RuleSet,
  out: Decision,
  plan: DecisionPlan | null = null,
): Decision {
  assess(context, ruleset, out, null, null, plan);
  return out;
}

/** What deciding many candidates for one impact under one rule set looks up once. */
export interface DecisionPlan {
  projectPriority: (units: ResolvedUnits, boundary?: BoundaryUnits | null) => number;
  bankPriority: (units: ResolvedUnits, boundary?: BoundaryUnits | null) => number;
}

/** The units a site on a drawn impact's part compares with (one object: the rules keep none of it). */
const partScratch: ResolvedUnits = {
  minorWatershed: null,
  majorWatershed: null,
  bankServiceArea: null,
  county: null,
  areaClass: null,
  areaClassSource: null,
};

/** The plan decideCandidate follows for every candidate of this impact and rule set. */
export function decisionPlan(
  impactUnits: ResolvedUnits,
  ruleset: RuleSet,
  impactBoundary: BoundaryUnits | null = null,
  impactShares: AreaShares | null = null,
): DecisionPlan {
  const parts = impactPartsOf(impactShares);
  if (parts) {
    // Each site against the part it reaches best: decidePriority's walk (a few impacts are drawn).
    const levels = ruleset.priorityLevels;
    const decide =
      (kind: 'project-specific' | 'bank') => (units: ResolvedUnits, siteBoundary?: BoundaryUnits | null) =>
        decidePriority(
          kind,
          unitsForSite(impactUnits, parts, units, partScratch),
          units,
          levels,
          null,
          null,
          siteBoundary == null && impactBoundary === null
            ? null
            : { impact: impactBoundary, site: siteBoundary },
        );
    return { projectPriority: decide('project-specific'), bankPriority: decide('bank') };
  }
  return {
    projectPriority: priorityDecider('project-specific', impactUnits, ruleset.priorityLevels, impactBoundary),
    bankPriority: priorityDecider('bank', impactUnits, ruleset.priorityLevels, impactBoundary),
  };
}

/**
 * Applies a rule set to one candidate, with its cited reasons: the decision of decideCandidate
 * and the texts that explain it. Exceptions come first (they may set exclusions, and the priority
 * order, aside), then exclusions, then the priority level, then explanatory notes.
 */
export function assessCandidate(context: CandidateContext, ruleset: RuleSet): Assessment {
  const reasons: Reason[] = [];
  const unknown: LevelUnit[] = [];
  const boundary: LevelUnit[] = [];
  const decision = emptyDecision();
  assess(context, ruleset, decision, reasons, unknown, null, boundary);
  const priority = decision.priority === 0 ? null : (decision.priority as PriorityLevel);
  return {
    status: STATUS_CODES[decision.status] as EligibilityStatus,
    priority,
    priorityRange:
      priority === null
        ? null
        : decision.rangeLow === priority
          ? CERTAIN[priority]
          : [decision.rangeLow as PriorityLevel, priority],
    unknownUnits: unknown.length === 0 ? NO_UNITS : unknown,
    boundaryUnits: boundary.length === 0 ? NO_UNITS : boundary,
    basis: BASIS_CODES[decision.basis] as SitingBasis,
    availability: AVAILABILITY_CODES[decision.availability] ?? null,
    kindMatch: KIND_MATCH_CODES[decision.kindMatch] ?? null,
    ratio: candidateRatio(context, ruleset),
    credit: creditShare(context, ruleset),
    unlocated: (decision.codes & REASON_CODES.unlocated) !== 0,
    reasons,
  };
}
