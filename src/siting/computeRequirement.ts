import { describeCountyLine } from './countyLineWords.ts';
import { decimalAcres } from './exactAcres.ts';
import { describeImpactParts, impactPartsOf } from './impactParts.ts';
import { roundAcres, roundApart } from './roundForDisplay.ts';
import type { RuleSet } from './ruleset.ts';
import type { Impact, Reason, Replacer, Requirement, ResolvedUnits } from './types.ts';

const SQUARE_FEET_PER_ACRE = 43_560;
/** Where the county classes are set (a place on a county line has two). */
const COUNTY_CLASS_CITE = 'Minn. R. 8420.0117 subp. 1';
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

/**
 * What the replacement must amount to, with its cited reasons. Every threshold is tested on the
 * unrounded figures (subd. 1(b)'s 10,000 square feet on the counted impact, the acres each ratio
 * asks for); the acres and square feet returned are rounded for display (roundForDisplay.ts).
 * Besides the requirement: the clause that sets the ratio, and the unrounded replacement acres
 * a bank's credits are compared with (subd. 3(e)(4)).
 */
export function computeRequirement(
  impact: Impact,
  impactUnits: ResolvedUnits,
  ruleset: RuleSet,
): Requirement & { ratioCite: string; exactReplacementAcres: number; exactLowestAcres: number } {
  const { ratios } = ruleset;
  const reasons: Reason[] = [];
  let ratio: number;
  let ratioCite: string;
  // The ratio when the impact's area class is unknown: 1:1 in a >80 % area (subd. 1(g)), else
  // the 2:1 of nonagricultural land (subd. 1(f)); the engine never guesses the class.
  let lowestRatio: number | null = null;
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
    if (impactUnits.areaClass === null && ratios.greaterThan80.ratio !== ratio)
      lowestRatio = ratios.greaterThan80.ratio;
  }
  let maxRatio = ratio;
  if (impact.afterTheFact) {
    maxRatio = ratio * ratios.afterTheFactMaxMultiplier.ratio;
    reasons.push({
      text: ratios.afterTheFactMaxMultiplier.text,
      cite: ratios.afterTheFactMaxMultiplier.cite,
    });
  }

  // Unrounded: the 10,000 square feet of subd. 1(b) and the acres each ratio asks for are
  // computed from this, and rounded only where shown.
  const partial = impact.partiallyDrainedAcres ?? 0;
  const partialCounted = decimalAcres(partial * ruleset.partialDrainage.minimumShare);
  const exactImpactAcres = decimalAcres(impact.acres + partialCounted);
  const impactAcres = roundAcres(exactImpactAcres);
  if (partial > 0) {
    reasons.push({
      text: `${ruleset.partialDrainage.text} Here: ${decimalAcres(impact.acres)} acres drained or filled plus at least ${roundAcres(partialCounted)} of the ${decimalAcres(partial)} partially drained acres, ${impactAcres} acres counted (more if the panel's assessment says so).`,
      cite: ruleset.partialDrainage.cite,
    });
  }
  const exactReplacementAcres = decimalAcres(exactImpactAcres * ratio);
  const replacementAcres = roundAcres(exactReplacementAcres);
  const lowestAcres = lowestRatio === null ? replacementAcres : roundAcres(exactImpactAcres * lowestRatio);
  if (lowestRatio !== null) {
    const why = impactUnits.countyLine
      ? `The impact lies on ${describeCountyLine(impactUnits.countyLine)} (${COUNTY_CLASS_CITE}), so its area class depends on which side holds it, and`
      : "The impact's area class is unknown, so";
    reasons.push({
      text: `${why} the ratio is ${lowestRatio}:1 or ${ratio}:1: ${lowestRatio}:1 if it lies in a greater-than-80-percent area (${ratios.greaterThan80.cite}), else ${ratio}:1 (${ratios.nonagricultural.cite}); ${lowestAcres} or ${replacementAcres} acres. The higher is shown until the class is known.`,
      cite: ratios.greaterThan80.cite,
    });
  }

  // A drawn impact across units: which, by area (each site is ranked for its best part).
  const parts = impactPartsOf(impact.areaShares);
  if (parts) for (const reason of describeImpactParts(parts, impact.acres)) reasons.push(reason);

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

  // Sequencing (subd. 1(b)) applies to every impact but two: a wetland in a cultivated field is
  // replaced "without regard to the priority order in paragraph (b)" (subd. 1(c)), and road
  // repair under subd. 1(m) files no replacement plan application (so no record under Minn. R.
  // 8420.0330 and no on-site determination by the LGU). The on-site determination is for small
  // impacts, tested on the unrounded acres.
  const { sequencing } = ruleset;
  const exactSquareFeet = decimalAcres(exactImpactAcres * SQUARE_FEET_PER_ACRE);
  const within = exactSquareFeet <= sequencing.onSiteSquareFeet;
  // The partially drained area counts "at least 50 percent" (Minn. R. 8420.0522 subp. 2): the
  // counted impact is a minimum, and the panel may count more of it (issue 31 item 7).
  const wholeSquareFeet = decimalAcres((impact.acres + partial) * SQUARE_FEET_PER_ACRE);
  const sharePercent = Math.round(ruleset.partialDrainage.minimumShare * 100);
  const turnsOnPanel = within && partial > 0 && wholeSquareFeet > sequencing.onSiteSquareFeet;
  // Whole square feet, but an impact above the limit never shows as the limit (10,000.4).
  const impactSquareFeet = within
    ? Math.round(exactSquareFeet)
    : roundApart(exactSquareFeet, sequencing.onSiteSquareFeet, 0);
  let onSiteSequencing: Requirement['onSiteSequencing'];
  if (restorationOnly) {
    onSiteSequencing = 'not-applicable';
    reasons.push({ text: sequencing.cultivatedFieldText, cite: sequencing.cultivatedFieldCite });
  } else if (noPlan) {
    onSiteSequencing = 'not-applicable';
    reasons.push({ text: sequencing.noPlanText, cite: noPlan.cite });
  } else {
    onSiteSequencing = turnsOnPanel
      ? 'available-if-minimum-share'
      : within
        ? 'available'
        : 'depends-on-de-minimis';
    reasons.push({ text: sequencing.text, cite: sequencing.cite });
    reasons.push({
      text: turnsOnPanel
        ? `${sequencing.onSiteText} This impact is ${formatSquareFeet(impactSquareFeet)} square feet with the partially drained area counted at ${sharePercent} percent, the minimum of ${ruleset.partialDrainage.cite}: available if the panel counts the partially drained area at ${sharePercent} percent; counted whole it is ${formatSquareFeet(Math.round(wholeSquareFeet))} square feet, above 10,000, and the on-site determination would not be available.`
        : within
          ? `${sequencing.onSiteText} This impact is ${formatSquareFeet(impactSquareFeet)} square feet, within 10,000 square feet whatever the de minimis amount.`
          : `${sequencing.onSiteText} This impact is ${formatSquareFeet(impactSquareFeet)} square feet: whether it qualifies depends on the de minimis amount of 103G.2241 subd. 9(a) for the place (not encoded).`,
      cite: sequencing.cite,
    });
  }
  const type = impact.wetlandType ?? null;
  reasons.push({
    text:
      type === null
        ? "The application gives the impacted wetland's amount by type (Circular 39); the type is not given, so no site is listed as in-kind."
        : `Impacted wetland: Circular 39 Type ${type}; this tool lists sites of the same type (in-kind) first within a level.`,
    cite: ruleset.wetlandType.cite,
  });
  for (const credit of ruleset.creditNotes) reasons.push({ text: credit.text, cite: credit.cite });

  return {
    ratio,
    ratioCite,
    ratioRange: lowestRatio === null ? [ratio, ratio] : [lowestRatio, ratio],
    maxRatio,
    replacementAcres,
    replacementAcresRange: [lowestAcres, replacementAcres],
    maxReplacementAcres: roundAcres(exactImpactAcres * maxRatio),
    restorationOnly,
    replacementPlanRequired: noPlan === undefined,
    replacedBy,
    impactAcres,
    onSiteSequencing,
    impactSquareFeet,
    reasons,
    exactReplacementAcres,
    exactLowestAcres:
      lowestRatio === null ? exactReplacementAcres : decimalAcres(exactImpactAcres * lowestRatio),
  };
}
