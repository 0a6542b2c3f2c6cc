import type { RuleSet } from './ruleset.ts';
import type { Impact, Reason, Requirement, ResolvedUnits } from './types.ts';

/** Rounds acres to 1/10,000 so 0.1 * 3 prints as 0.3. */
function roundAcres(acres: number): number {
  return Math.round(acres * 10_000) / 10_000;
}

/**
 * The replacement an impact needs: ratio (subd. 1(f)/(g)), the after-the-fact ceiling (1(n)),
 * restoration only for cultivated fields (1(c)), and whether a replacement plan is needed (1(m)).
 */
export function computeRequirement(
  impact: Impact,
  impactUnits: ResolvedUnits,
  ruleset: RuleSet,
): Requirement {
  const { ratios } = ruleset;
  const reasons: Reason[] = [];
  let ratio: number;
  if (impact.land === 'agricultural') {
    ratio = ratios.agricultural.ratio;
    reasons.push({ text: ratios.agricultural.text, cite: ratios.agricultural.cite });
  } else if (impactUnits.areaClass === 'greater-than-80') {
    ratio = ratios.greaterThan80.ratio;
    reasons.push({ text: ratios.greaterThan80.text, cite: ratios.greaterThan80.cite });
  } else {
    ratio = ratios.nonagricultural.ratio;
    reasons.push({ text: ratios.nonagricultural.text, cite: ratios.nonagricultural.cite });
    if (impactUnits.areaClass === null) {
      reasons.push({
        text: `The impact's area class is unknown; if it lies in a greater-than-80-percent area the ratio is ${ratios.greaterThan80.ratio}:1.`,
        cite: ratios.greaterThan80.cite,
      });
    }
  }
  let maxRatio = ratio;
  if (impact.afterTheFact) {
    maxRatio = ratio * ratios.afterTheFactMaxMultiplier.ratio;
    reasons.push({
      text: ratios.afterTheFactMaxMultiplier.text,
      cite: ratios.afterTheFactMaxMultiplier.cite,
    });
  }
  const restorationOnly = impact.cultivatedField;
  if (restorationOnly) {
    const rule = ruleset.restorationOnly;
    reasons.push({ text: rule.text, cite: rule.cite });
    reasons.push({ text: rule.deedRestrictionText, cite: rule.deedRestrictionCite });
  }
  const noPlan = ruleset.noReplacementPlan.find((entry) => entry.project === impact.project);
  if (noPlan) reasons.push({ text: noPlan.text, cite: noPlan.cite });
  for (const note of ruleset.projectNotes) {
    if (note.project === impact.project) reasons.push({ text: note.text, cite: note.cite });
  }
  return {
    ratio,
    maxRatio,
    replacementAcres: roundAcres(impact.acres * ratio),
    maxReplacementAcres: roundAcres(impact.acres * maxRatio),
    restorationOnly,
    replacementPlanRequired: noPlan === undefined,
    reasons,
  };
}
