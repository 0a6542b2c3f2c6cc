// Frozen copy of the object ranking as it was before the compact ranking (issue 14): the oracle
// the property test compares against. Do not edit to follow the engine's code; edited only where
// the law it encodes changed (issue 22: 3(h) only for sites not barred, a bank with no credits
// cannot sell, boundaries leave a level open, the in-kind order said to be this tool's).

import { bankAvailability } from '../../../../src/siting/defaultRuleset.ts';
import type { CandidateContext, RuleSet } from '../../../../src/siting/ruleset.ts';
import type {
  BankAvailability,
  CandidateRatio,
  CreditShare,
  EligibilityStatus,
  LevelUnit,
  PriorityLevel,
  Reason,
  SitingBasis,
} from '../../../../src/siting/types.ts';
import { computePriority, firstLevelFor } from './computePriority.ts';

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

/**
 * The candidate's ratio: the statute's, and the board-set rows of the rule set that may apply.
 * Built once per rule set, statute ratio, kind and "other service area", and shared (read-only),
 * so ranking a million candidates does not build a million row lists.
 */
const ratioCache = new WeakMap<RuleSet, Map<number, CandidateRatio[]>>();
function candidateRatio(context: CandidateContext, ruleset: RuleSet): CandidateRatio {
  const { candidate, impactUnits, units } = context;
  const otherArea =
    impactUnits.bankServiceArea !== null &&
    units.bankServiceArea !== null &&
    impactUnits.bankServiceArea !== units.bankServiceArea;
  let byRatio = ratioCache.get(ruleset);
  if (!byRatio) {
    byRatio = new Map();
    ratioCache.set(ruleset, byRatio);
  }
  let slots = byRatio.get(context.ratio);
  if (!slots) {
    slots = [];
    byRatio.set(context.ratio, slots);
  }
  const slot = (candidate.kind === 'bank' ? 2 : 0) + (otherArea ? 1 : 0);
  const cached = slots[slot];
  if (cached && cached.cite === context.ratioCite) return cached;
  const rows = ruleset.ratioRows
    .filter(
      (row) =>
        row.appliesTo === 'all' ||
        row.appliesTo === candidate.kind ||
        (row.appliesTo === 'other-bank-service-area' && otherArea),
    )
    .map((row) => ({ id: row.id, ratio: row.ratio, cite: row.cite, text: row.text }));
  const ratio: CandidateRatio = { value: context.ratio, cite: context.ratioCite, rows };
  slots[slot] = ratio;
  return ratio;
}

/** The subd. 3(c) reason a bank at the first banking level carries, once per rule set. */
const firstBankReasonCache = new WeakMap<RuleSet, { first: PriorityLevel; reason: Reason | null }>();
function firstBankReason(ruleset: RuleSet): { first: PriorityLevel; reason: Reason | null } {
  const cached = firstBankReasonCache.get(ruleset);
  if (cached) return cached;
  const first = firstLevelFor('bank', ruleset.priorityLevels);
  const closed = ruleset.priorityLevels
    .find((rule) => rule.level < first)
    ?.closedTo.find((entry) => entry.kind === 'bank');
  const entry = {
    first,
    reason: closed
      ? {
          text: `Level ${first} is the first level of the order for bank credits, so buying them needs no showing that no project-specific site is available in the minor or major watershed.`,
          cite: closed.cite,
        }
      : null,
  };
  firstBankReasonCache.set(ruleset, entry);
  return entry;
}

const creditCache = new WeakMap<RuleSet, Map<string, CreditShare | null>>();
function creditShare(context: CandidateContext, ruleset: RuleSet): CreditShare | null {
  const action = context.candidate.action ?? null;
  if (action === null) return null;
  let byAction = creditCache.get(ruleset);
  if (!byAction) {
    byAction = new Map();
    creditCache.set(ruleset, byAction);
  }
  if (byAction.has(action)) return byAction.get(action) ?? null;
  const rule = ruleset.creditActions.find((entry) => entry.action === action);
  const share = rule ? { action, share: rule.share, cite: rule.cite, text: rule.text } : null;
  byAction.set(action, share);
  return share;
}

/**
 * Applies a rule set to one candidate: exceptions first (they may set exclusions, and the
 * priority order, aside), then exclusions, then the priority level, then explanatory notes.
 * `undetermined` means a fact the law turns on is unknown; the engine does not guess it.
 */
export function assessCandidate(context: CandidateContext, ruleset: RuleSet): Assessment {
  const { candidate, units, impact } = context;
  const reasons: Reason[] = [];
  const unlocated =
    (candidate.location ?? null) === null &&
    units.minorWatershed === null &&
    units.majorWatershed === null &&
    units.bankServiceArea === null &&
    units.county === null &&
    units.areaClass === null;
  if (unlocated) {
    reasons.push({
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
  // Subd. 3(h) reaches only sites identified in accordance with paragraph (a): an exception with
  // `ifIneligible` applies only if no exclusion makes the site ineligible.
  const onlyIfEligible: { at: number; text: string; cite: string; order: SitingBasis | undefined }[] = [];
  for (const exception of ruleset.exceptions) {
    const result = exception.evaluate(context);
    if (result === null) continue;
    const reason = { text: result.text, cite: exception.cite };
    if (result.applies && result.ifIneligible !== undefined) {
      onlyIfEligible.push({
        at: reasons.length,
        text: result.ifIneligible,
        cite: exception.cite,
        order: exception.waivesOrder,
      });
      reasons.push(reason);
      continue;
    }
    if (result.missingFact) {
      missing ??= [];
      missing.push({
        index: reasons.length,
        reason,
        waives: exception.waives,
        order: exception.waivesOrder !== undefined,
      });
      continue;
    }
    reasons.push(reason);
    if (result.applies) {
      waived ??= new Set<string>();
      for (const id of exception.waives) waived.add(id);
      if (exception.waivesOrder && basis === 'priority-order') basis = exception.waivesOrder;
    }
  }

  let ineligible = false;
  let undetermined = unlocated;
  let biting: Set<string> | null = null;
  for (const exclusion of ruleset.exclusions) {
    if (waived?.has(exclusion.id)) continue;
    const finding = exclusion.evaluate(context);
    if (finding === null) continue;
    reasons.push({ text: finding.text, cite: exclusion.cite });
    if (finding.effect === 'ineligible') ineligible = true;
    if (finding.effect === 'undetermined') undetermined = true;
    if (finding.effect !== 'note') {
      biting ??= new Set<string>();
      biting.add(exclusion.id);
    }
  }
  const status: EligibilityStatus = ineligible ? 'ineligible' : undetermined ? 'undetermined' : 'eligible';
  for (const entry of onlyIfEligible) {
    if (ineligible) reasons[entry.at] = { text: entry.text, cite: entry.cite };
    else if (entry.order && basis === 'priority-order') basis = entry.order;
  }

  let priority: PriorityLevel | null = null;
  let priorityRange: readonly [PriorityLevel, PriorityLevel] | null = null;
  let unknownUnits = NO_UNITS;
  let boundaryUnits = NO_UNITS;
  // Statewide under 3(b): the order does not apply, so there is no level to compute.
  if (!ineligible && !unlocated && basis !== 'statewide-3b') {
    const level = computePriority(candidate.kind, context.impactUnits, units, ruleset.priorityLevels, {
      impact: impact.units?.boundary,
      site: candidate.units?.boundary,
    });
    priority = level.priority;
    priorityRange = level.range;
    unknownUnits = level.unknownUnits;
    boundaryUnits = level.boundaryUnits;
    for (const reason of level.reasons) reasons.push(reason);
    // Subd. 3(c): the banking order begins at clause (3); say so where a bank stands first.
    if (candidate.kind === 'bank') {
      const { first, reason } = firstBankReason(ruleset);
      if (reason && priority === first) reasons.push(reason);
    }
  }

  if (missing !== null) {
    const first = firstLevelFor(candidate.kind, ruleset.priorityLevels);
    // Inserted from the last so earlier indexes stay right.
    for (const entry of [...missing].reverse()) {
      const exclusionBites = entry.waives.some((id) => biting?.has(id));
      const orderBites =
        entry.order && !unlocated && (priorityRange === null ? !ineligible : priorityRange[1] > first);
      if (exclusionBites || orderBites) reasons.splice(entry.index, 0, entry.reason);
    }
  }

  for (const note of ruleset.notes) {
    const text = note.evaluate(context);
    if (text !== null) reasons.push({ text, cite: note.cite });
  }

  const impactType = impact.wetlandType ?? null;
  const siteType = candidate.wetlandType ?? null;
  const kindMatch =
    impactType === null || siteType === null ? null : impactType === siteType ? 'in-kind' : 'out-of-kind';
  if (kindMatch !== null && status !== 'ineligible') {
    reasons.push({
      text:
        kindMatch === 'in-kind'
          ? `In-kind: the same Circular 39 type as the impact (Type ${siteType}), so this tool lists it before other types at its level. That order is this tool's choice: Minn. R. 8420.0522 subp. 3 is headed "In-kind wetland replacement", but its operative text was not verified.`
          : `Out-of-kind: Circular 39 Type ${siteType}, the impact is Type ${impactType}; this tool lists in-kind sites at the same level first (its own choice: the operative text of Minn. R. 8420.0522 subp. 3 was not verified).`,
      cite: ruleset.wetlandType.inKindCite,
    });
  }

  // Minn. R. 8420.0745: a bank with no credits left (0) cannot sell, whatever its status.
  const credits = candidate.availableCredits ?? null;
  const availability =
    candidate.kind !== 'bank'
      ? null
      : credits !== null && credits <= 0
        ? 'cannot-sell'
        : bankAvailability(candidate.bankStatus ?? null, ruleset.bankStatuses);
  return {
    status,
    priority,
    priorityRange,
    unknownUnits,
    boundaryUnits,
    basis,
    availability,
    kindMatch,
    ratio: candidateRatio(context, ruleset),
    credit: creditShare(context, ruleset),
    unlocated,
    reasons,
  };
}
