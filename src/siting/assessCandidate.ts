import { computePriority } from './computePriority.ts';
import type { CandidateContext, RuleSet } from './ruleset.ts';
import type { EligibilityStatus, PriorityLevel, Reason } from './types.ts';

/** A candidate's verdict before ordering. */
export interface Assessment {
  status: EligibilityStatus;
  priority: PriorityLevel | null;
  unlocated: boolean;
  reasons: Reason[];
}

/**
 * Applies a rule set to one candidate: exceptions first (they may set exclusions aside), then
 * exclusions, then the priority level, then explanatory notes. `undetermined` means a fact the
 * law turns on is unknown; the engine does not guess it.
 */
export function assessCandidate(context: CandidateContext, ruleset: RuleSet): Assessment {
  const { candidate, units } = context;
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
  for (const exception of ruleset.exceptions) {
    const result = exception.evaluate(context);
    if (result === null) continue;
    reasons.push({ text: result.text, cite: exception.cite });
    if (result.applies) {
      waived ??= new Set<string>();
      for (const id of exception.waives) waived.add(id);
    }
  }

  let ineligible = false;
  let undetermined = unlocated;
  for (const exclusion of ruleset.exclusions) {
    if (waived?.has(exclusion.id)) continue;
    const finding = exclusion.evaluate(context);
    if (finding === null) continue;
    reasons.push({ text: finding.text, cite: exclusion.cite });
    if (finding.effect === 'ineligible') ineligible = true;
    if (finding.effect === 'undetermined') undetermined = true;
  }
  const status: EligibilityStatus = ineligible ? 'ineligible' : undetermined ? 'undetermined' : 'eligible';

  let priority: PriorityLevel | null = null;
  if (!ineligible && !unlocated) {
    const level = computePriority(candidate.kind, context.impactUnits, units, ruleset.priorityLevels);
    priority = level.priority;
    for (const reason of level.reasons) reasons.push(reason);
  }

  for (const note of ruleset.notes) {
    const text = note.evaluate(context);
    if (text !== null) reasons.push({ text, cite: note.cite });
  }
  return { status, priority, unlocated, reasons };
}
