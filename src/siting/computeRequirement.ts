import type { RuleSet } from './ruleset.ts';
import type { Impact, Reason, Replacer, Requirement, ResolvedUnits } from './types.ts';

/** Rounds acres to 1/10,000 so 0.1 * 3 prints as 0.3. */
function roundAcres(acres: number): number {
  return Math.round(acres * 10_000) / 10_000;
}

const SQUARE_FEET_PER_ACRE = 43_560;
/**
 * Square feet (a whole number, not negative) as `toLocaleString('en-US')` writes them: 10,000.
 * toLocaleString builds a number format per call (~80 µs) and even one shared format costs
 * ~13 ms to make (its locale data), more than all of a batch's requirements: the digits are
 * grouped by three here, as en-US groups them, for every number String writes without an exponent.
 */
export function formatSquareFeet(squareFeet: number): string {
  if (!(Number.isInteger(squareFeet) && squareFeet >= 0 && squareFeet < 1e21) || Object.is(squareFeet, -0))
    return squareFeet.toLocaleString('en-US');
  return String(squareFeet).replace(/\B(?=(\d{3})+$)/g, ',');
}

export function computeRequirement(
  impact: Impact,
  impactUnits: ResolvedUnits,
  ruleset: RuleSet,
): Requirement & { ratioCite: string } {
  const { ratios } = ruleset;
  const reasons: Reason[] = [];
  let ratio: number;
  let ratioCite: string;
  // A cultivated field is agricultural land (subd. 1(c), 1(g)); the readers refuse the pair
  // cultivatedField + nonagricultural, and the engine, handed it anyway, reads it as agricultural.
  if (impact.land === 'agricultural' || impact.cultivatedField) {
    ratio = ratios.agricultural.ratio;
    ratioCite = ratios.agricultural.cite;
    reasons.push({ text: ratios.agricultural.text, cite: ratios.agricultural.cite });
    if (impact.land !== 'agricultural') {
      reasons.push({
        text: 'A wetland in a cultivated field lies on agricultural land, whatever the land was entered as.',
        cite: ruleset.restorationOnly.cite,
      });
    }
  } else if (impactUnits.areaClass === 'greater-than-80') {
    ratio = ratios.greaterThan80.ratio;
    ratioCite = ratios.greaterThan80.cite;
    reasons.push({ text: ratios.greaterThan80.text, cite: ratios.greaterThan80.cite });
  } else {
    ratio = ratios.nonagricultural.ratio;
    ratioCite = ratios.nonagricultural.cite;
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

  const partial = impact.partiallyDrainedAcres ?? 0;
  const impactAcres = roundAcres(impact.acres + partial * ruleset.partialDrainage.minimumShare);
  if (partial > 0) {
    reasons.push({
      text: `${ruleset.partialDrainage.text} Here: ${impact.acres} acres drained or filled plus at least ${roundAcres(partial * ruleset.partialDrainage.minimumShare)} of the ${partial} partially drained acres, ${impactAcres} acres counted (more if the panel's assessment says so).`,
      cite: ruleset.partialDrainage.cite,
    });
  }

  const restorationOnly = impact.cultivatedField;
  if (restorationOnly) {
    const rule = ruleset.restorationOnly;
    reasons.push({ text: rule.text, cite: rule.cite });
    reasons.push({ text: rule.deedRestrictionText, cite: rule.deedRestrictionCite });
  }
  const noPlan = ruleset.noReplacementPlan.find((entry) => entry.project === impact.project);
  let replacedBy: Replacer = 'applicant';
  if (noPlan) {
    reasons.push({ text: noPlan.text, cite: noPlan.cite });
    const stateRoad = impact.stateRoad ?? null;
    replacedBy = stateRoad === true ? 'mndot' : stateRoad === false ? 'board' : 'board-or-mndot';
  }
  for (const note of ruleset.projectNotes) {
    if (note.project === impact.project) reasons.push({ text: note.text, cite: note.cite });
  }

  // Sequencing (subd. 1(b)) applies to every impact; the on-site determination to small ones.
  const { sequencing } = ruleset;
  reasons.push({ text: sequencing.text, cite: sequencing.cite });
  const impactSquareFeet = Math.round(impactAcres * SQUARE_FEET_PER_ACRE);
  const onSiteSequencing =
    impactSquareFeet <= sequencing.onSiteSquareFeet ? 'available' : 'depends-on-de-minimis';
  reasons.push({
    text:
      onSiteSequencing === 'available'
        ? `${sequencing.onSiteText} This impact is ${formatSquareFeet(impactSquareFeet)} square feet, within 10,000 square feet whatever the de minimis amount.`
        : `${sequencing.onSiteText} This impact is ${formatSquareFeet(impactSquareFeet)} square feet: whether it qualifies depends on the de minimis amount of 103G.2241 subd. 9(a) for the place (not encoded).`,
    cite: sequencing.cite,
  });
  const type = impact.wetlandType ?? null;
  reasons.push({
    text:
      type === null
        ? "The application gives the impacted wetland's amount by type (Circular 39); the type is not given, so no site is listed as in-kind."
        : `Impacted wetland: Circular 39 Type ${type}; sites of the same type (in-kind) are listed first within a level.`,
    cite: ruleset.wetlandType.cite,
  });
  reasons.push({
    text: `Credits are acres of replacement credit, the unit a bank's credits are listed in. Each action earns credit at the share the board's rule sets (upland buffer: up to 10 percent, nonnative, or 25 percent, native, of the buffer area), and the LGU may allow less.`,
    cite: 'Minn. R. 8420.0526 subp. 1 B',
  });

  return {
    ratio,
    ratioCite,
    maxRatio,
    replacementAcres: roundAcres(impactAcres * ratio),
    maxReplacementAcres: roundAcres(impactAcres * maxRatio),
    restorationOnly,
    replacementPlanRequired: noPlan === undefined,
    replacedBy,
    impactAcres,
    onSiteSequencing,
    impactSquareFeet,
    reasons,
  };
}
