/**
 * The ranked options as CSV: one row per candidate in ranked order with its level,
 * eligibility, distance and every reason with its citation.
 */

import { csvText } from '../formats/csv/csvCell';
import { type RankResult, rulesetNoticeById } from '../siting';
import type { ImpactInputs } from '../store/inputs';
import { CREDIT_COLUMNS, creditCells } from './creditCells';
import { type ExportNotice, gapsNotice, geographyNotice, SCREENING_NOTICE } from './exportNotice';

/** What the page knows about a candidate besides the ranking: its name, origin and credits. */
export interface CandidateLabel {
  name: string;
  origin: string;
  status: string | null;
  availableCredits: number | null;
}

export const RANKED_CSV_COLUMNS = [
  'rank',
  'id',
  'name',
  'kind',
  'origin',
  'priority',
  'status',
  'distanceKm',
  'lon',
  'lat',
  'minorWatershed',
  'majorWatershed',
  'bankServiceArea',
  'county',
  'areaClass',
  'bankStatus',
  'availableCredits',
  // Each bank's credit pools, apart (never summed), with source and as-of date (issue 21).
  ...CREDIT_COLUMNS,
  'creditsStale',
  'reasons',
  'cites',
  'ladder',
  'ladderRank',
  'basis',
  'priorityRange',
  'availability',
  'boundaryUnits',
  // What the ranking was made for, on every row, so a reviewer with only this file can tell.
  'impactLon',
  'impactLat',
  'impactMinorWatershed',
  'impactMajorWatershed',
  'impactBankServiceArea',
  'impactCounty',
  'impactAreaClass',
  'impactAcres',
  'impactPartiallyDrainedAcres',
  'impactLand',
  'impactCultivatedField',
  'impactProject',
  'impactAfterTheFact',
  'impactWetlandType',
  'ratio',
  'replacementAcres',
  'ruleset',
  // Empty for the enacted text; for a bill, that it is not law and its status (issue 38 item 3).
  'rulesetNotice',
  'geography',
  // What the build lacks (no bank layer, no credits, no ledgers, partial place names), or "none".
  'buildGaps',
  'notice',
] as const;

/**
 * Writes the ranking as CSV text. Reasons and citations are joined with " | " so each
 * candidate stays one row; every row also names the impact it was ranked for (location, units,
 * acres, land, type, ratio), says whether its geography is a demonstration and that this is a
 * screening aid, so a row pasted elsewhere keeps what it means and the warning.
 */
export function rankedCsv(
  result: RankResult,
  labels: ReadonlyMap<string, CandidateLabel>,
  locations: ReadonlyMap<string, readonly [number, number] | null | undefined>,
  notice: ExportNotice,
  impact: ImpactInputs | null = null,
): string {
  const geography = geographyNotice(notice);
  const gaps = gapsNotice(notice);
  const { units } = result.impact;
  const { requirement } = result;
  const [lowRatio, highRatio] = requirement.ratioRange;
  const impactCells = [
    impact?.location?.[0] ?? null,
    impact?.location?.[1] ?? null,
    units.minorWatershed,
    units.majorWatershed,
    units.bankServiceArea,
    units.county,
    units.areaClass,
    impact?.acres ?? null,
    impact?.partiallyDrainedAcres ?? null,
    impact?.land ?? null,
    impact?.cultivatedField ?? null,
    impact?.project ?? null,
    impact?.afterTheFact ?? null,
    impact?.wetlandType ?? null,
    lowRatio === highRatio ? requirement.ratio : `${lowRatio}-${highRatio}`,
    requirement.replacementAcres,
    result.ruleset,
    rulesetNoticeById(result.ruleset),
  ];
  const rows: (string | number | boolean | null)[][] = [[...RANKED_CSV_COLUMNS]];
  result.candidates.forEach((candidate, index) => {
    const label = labels.get(candidate.id);
    const location = locations.get(candidate.id) ?? null;
    rows.push([
      index + 1,
      candidate.id,
      label?.name ?? candidate.id,
      candidate.kind,
      label?.origin ?? '',
      candidate.priority,
      candidate.status,
      candidate.distanceKm,
      location ? location[0] : null,
      location ? location[1] : null,
      candidate.units.minorWatershed,
      candidate.units.majorWatershed,
      candidate.units.bankServiceArea,
      candidate.units.county,
      candidate.units.areaClass,
      label?.status ?? null,
      label?.availableCredits ?? null,
      ...Object.values(
        creditCells(candidate.kind, candidate.credits?.loaded ? candidate.credits.pools : null),
      ),
      candidate.credits?.loaded ? candidate.credits.stale : null,
      candidate.reasons.map((reason) => reason.text).join(' | '),
      candidate.reasons.map((reason) => reason.cite).join(' | '),
      candidate.ladder,
      candidate.ladderRank,
      candidate.basis,
      candidate.priorityRange === null ? null : candidate.priorityRange.join('-'),
      candidate.availability,
      candidate.boundaryUnits.join(' | '),
      ...impactCells,
      geography,
      gaps,
      SCREENING_NOTICE,
    ]);
  });
  return csvText(rows);
}
