/**
 * The impact and every candidate as one GeoJSON FeatureCollection with all their attributes:
 * for GIS users who want the screening result on their own map.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { type RankResult, rulesetNoticeById, type Scenario } from '../siting';
import type { ImpactInputs } from '../store/inputs';
import { type ExportNotice, geographyNotice, SCREENING_NOTICE } from './exportNotice';
import type { CandidateLabel } from './rankedCsv';

/**
 * Builds the collection: the impact area (when drawn), the impact point with its units and
 * requirement, then each ranked candidate in order (unlocated ones with null geometry, as
 * RFC 7946 allows). Nested values stay nested JSON; nothing is turned into markup.
 */
export function scenarioGeoJson(
  impact: ImpactInputs,
  scenario: Scenario,
  result: RankResult,
  labels: ReadonlyMap<string, CandidateLabel>,
  notice: ExportNotice,
): FeatureCollection<Geometry | null> & {
  notice: string;
  rulesetNotice: string | null;
  geography: string;
  demonstration: boolean;
  buildGaps: readonly string[];
} {
  const features: Feature<Geometry | null>[] = [];
  // Null for the enacted text; for a bill, that it is not law and its status (issue 38 item 3).
  const rulesetNotice = rulesetNoticeById(result.ruleset);
  const impactProperties = {
    role: 'impact',
    acres: impact.acres,
    land: impact.land,
    cultivatedField: impact.cultivatedField,
    project: impact.project,
    afterTheFact: impact.afterTheFact,
    ...result.impact.units,
    ruleset: result.ruleset,
    rulesetNotice,
    ratio: result.requirement.ratio,
    maxRatio: result.requirement.maxRatio,
    replacementAcres: result.requirement.replacementAcres,
    maxReplacementAcres: result.requirement.maxReplacementAcres,
    restorationOnly: result.requirement.restorationOnly,
    replacementPlanRequired: result.requirement.replacementPlanRequired,
    reasons: result.requirement.reasons.map((reason) => reason.text),
    cites: result.requirement.reasons.map((reason) => reason.cite),
  };
  if (impact.polygon && impact.polygon.length >= 3) {
    const ring = [...impact.polygon];
    const [first] = ring;
    const last = ring[ring.length - 1];
    if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push(first);
    features.push({
      type: 'Feature',
      id: 'impact-area',
      properties: { ...impactProperties, role: 'impact-area' },
      geometry: { type: 'Polygon', coordinates: [ring] },
    });
  }
  if (impact.location) {
    features.push({
      type: 'Feature',
      id: 'impact',
      properties: impactProperties,
      geometry: { type: 'Point', coordinates: [impact.location[0], impact.location[1]] },
    });
  }
  const inputs = new Map(scenario.candidates.map((candidate) => [candidate.id, candidate]));
  result.candidates.forEach((candidate, index) => {
    const input = inputs.get(candidate.id);
    const label = labels.get(candidate.id);
    const location = input?.location ?? null;
    features.push({
      type: 'Feature',
      id: candidate.id,
      properties: {
        role: 'candidate',
        rank: index + 1,
        id: candidate.id,
        name: label?.name ?? input?.name ?? candidate.id,
        kind: candidate.kind,
        origin: label?.origin ?? null,
        action: input?.action ?? null,
        priority: candidate.priority,
        status: candidate.status,
        eligible: candidate.eligible,
        unlocated: candidate.unlocated,
        distanceKm: candidate.distanceKm,
        ...candidate.units,
        bankStatus: label?.status ?? null,
        availableCredits: label?.availableCredits ?? input?.availableCredits ?? null,
        bankApplicationDate: input?.bankApplicationDate ?? null,
        // Each pool apart with its source and as-of date, or null for a site that is not a bank
        // (a bank with no listing loaded: `loaded` false, no figure).
        credits:
          candidate.credits === null
            ? null
            : {
                loaded: candidate.credits.loaded,
                stale: candidate.credits.stale,
                pools: candidate.credits.pools.map((pool) => ({
                  available: pool.available,
                  unit: pool.unit,
                  approval: pool.approval,
                  jurisdiction: pool.jurisdiction,
                  creditType: pool.creditType,
                  source: pool.source,
                  row: pool.row,
                  asOf: pool.asOf,
                  asOfFrom: pool.asOfFrom,
                  stale: pool.stale,
                })),
              },
        reasons: candidate.reasons.map((reason) => reason.text),
        cites: candidate.reasons.map((reason) => reason.cite),
      },
      geometry: location ? { type: 'Point', coordinates: [location[0], location[1]] } : null,
    });
  });
  // Foreign members (RFC 7946 section 6.1): GIS tools keep them, and a reader sees them first.
  return {
    type: 'FeatureCollection',
    notice: SCREENING_NOTICE,
    rulesetNotice,
    geography: geographyNotice(notice),
    demonstration: notice.demonstrationLayers.length > 0,
    buildGaps: notice.buildGaps ?? [],
    features,
  };
}
