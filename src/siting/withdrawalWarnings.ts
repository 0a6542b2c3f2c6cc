import { STALE_AFTER_DAYS, WITHDRAWAL_CITE } from './bankCredits.ts';
import type { AreaShares, Impact, RankedCandidate, RankResult, Reason } from './types.ts';

/**
 * The warnings a withdrawal application carries, each also printed on the page (issue 37, item 3):
 * a listing older than its staleness limit, a unit or area class uncertain on a boundary, the
 * impact split across units, eligibility left open, and demonstration geography. Pure.
 */
export interface WarningInput {
  result: RankResult;
  ranked: RankedCandidate;
  impact: Impact;
  demonstration: boolean;
  /** The withdrawal rows whose listing is older than STALE_AFTER_DAYS. */
  stale: readonly { source: string; row: number; asOf: string | null }[];
}

const UNIT_WORDS: Record<keyof AreaShares, string> = {
  minorWatershed: 'minor watersheds',
  majorWatershed: 'major watersheds',
  bankServiceArea: 'bank service areas',
  county: 'counties',
};

function splitWarning(shares: AreaShares | null | undefined): Reason | null {
  if (!shares) return null;
  const split = (Object.keys(UNIT_WORDS) as (keyof AreaShares)[]).filter(
    (kind) => (shares[kind]?.length ?? 0) > 1,
  );
  if (split.length === 0) return null;
  return {
    text: `The impact area is split across ${split.map((kind) => UNIT_WORDS[kind]).join(' and ')}: the form's units are those of the part holding most of it. Each part may need its own replacement; state the split to the LGU.`,
    cite: '103G.222 subd. 3(a)',
  };
}

export function applicationWarnings(input: WarningInput): Reason[] {
  const { result, ranked, impact } = input;
  const warnings: Reason[] = [];
  if (input.demonstration)
    warnings.push({
      text: 'Demonstration geography, not official: the watersheds and bank service areas on this form are invented stand-ins. Not for submission.',
      cite: 'data/PROVENANCE.md',
    });
  for (const line of input.stale)
    warnings.push({
      text: `The listing behind ${line.source} row ${line.row} is as of ${line.asOf}, more than ${STALE_AFTER_DAYS} days before ${ranked.credits?.reference ?? 'today'}: confirm the credits with BWSR.`,
      cite: WITHDRAWAL_CITE,
    });
  if (ranked.boundaryUnits.length > 0 || ranked.unknownUnits.length > 0)
    warnings.push({
      text: `The priority level is not certain: ${[...ranked.boundaryUnits, ...ranked.unknownUnits].join(', ')} lies on a boundary or is not known for the impact or the bank. Confirm the units before submitting.`,
      cite: '103G.222 subd. 3(a)',
    });
  const units = result.impact.units;
  if (units.areaClassSource === 'county-line' || units.areaClass === null)
    warnings.push({
      text:
        units.areaClassSource === 'county-line'
          ? 'The impact lies on a line between counties of different wetland area class: the ratio, and so the credits required, depend on the side. The form uses the higher.'
          : "The impact's wetland area class is not known: the credits required use the higher ratio it may be.",
      cite: 'Minn. R. 8420.0117 subp. 1',
    });
  const split = splitWarning(impact.areaShares);
  if (split) warnings.push(split);
  if (ranked.status === 'undetermined')
    warnings.push({
      text: `Eligibility is not determined: ${ranked.reasons.find((r) => /not known|undetermined|unknown/i.test(r.text))?.text ?? 'a fact the law turns on is not known.'}`,
      cite: ranked.reasons[0]?.cite ?? '103G.222 subd. 3',
    });
  return warnings;
}
