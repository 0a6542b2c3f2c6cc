import type { PriorityLevelRule } from './ruleset.ts';
import type { CandidateKind, PriorityLevel, Reason, ResolvedUnits } from './types.ts';

const UNIT_NAMES = {
  minorWatershed: 'minor watershed',
  majorWatershed: 'major watershed',
  bankServiceArea: 'bank service area',
} as const;

function whoseUnknown(impactValue: unknown, siteValue: unknown): string {
  if (impactValue === null && siteValue === null) return "impact's and the site's";
  return impactValue === null ? "impact's" : "site's";
}

/**
 * The best priority level (subd. 3(a)(1)-(4)) the known geography proves, walking the rule set's
 * levels in order. An unknown unit never counts as shared: the candidate falls to the next level
 * and a reason says which unit was unknown. Levels closed to the candidate's kind (subd. 3(c) for
 * bank credits) are skipped with their citation.
 */
export function computePriority(
  kind: CandidateKind,
  impactUnits: ResolvedUnits,
  siteUnits: ResolvedUnits,
  levels: readonly PriorityLevelRule[],
): { priority: PriorityLevel; reasons: Reason[] } {
  const reasons: Reason[] = [];
  // Say once why a shared unit did not count (subd. 3(c)), at the best level it would have met.
  let closedNoted = false;
  for (const rule of levels) {
    const closed = rule.closedTo.find((entry) => entry.kind === kind);
    if (rule.sameUnit === null) {
      if (closed) continue;
      const impactArea = impactUnits.bankServiceArea;
      const siteArea = siteUnits.bankServiceArea;
      const text =
        impactArea !== null && siteArea !== null && impactArea !== siteArea
          ? `In another bank service area (site ${siteArea}, impact ${impactArea}).`
          : impactArea !== null && siteArea !== null
            ? `${rule.label}.`
            : `Placed at the lowest level because the ${whoseUnknown(impactArea, siteArea)} bank service area is unknown.`;
      reasons.push({ text, cite: rule.cite });
      return { priority: rule.level, reasons };
    }
    const unitName = UNIT_NAMES[rule.sameUnit];
    const impactValue = impactUnits[rule.sameUnit];
    const siteValue = siteUnits[rule.sameUnit];
    if (impactValue !== null && siteValue !== null) {
      if (impactValue !== siteValue) continue;
      if (closed) {
        if (!closedNoted) reasons.push({ text: closed.text, cite: closed.cite });
        closedNoted = true;
        continue;
      }
      reasons.push({ text: `In the same ${unitName} as the impact (${impactValue}).`, cite: rule.cite });
      return { priority: rule.level, reasons };
    }
    if (closed) continue;
    reasons.push({
      text: `The ${whoseUnknown(impactValue, siteValue)} ${unitName} is unknown, so the site cannot be shown to be in the same ${unitName}.`,
      cite: rule.cite,
    });
  }
  // A rule set always ends with an "anywhere" level; without one the lowest listed level applies.
  const last = levels[levels.length - 1];
  return { priority: last ? last.level : 4, reasons };
}
