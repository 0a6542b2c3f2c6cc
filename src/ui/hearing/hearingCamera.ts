/**
 * Where the map looks at each hearing step: close on the impact while its facts are read,
 * then out to the sites the step shows (at most the nearest few, so one far site does not
 * shrink the impact to a dot).
 */
import type { CameraRequest } from '../../map/mapTypes';
import type { RankedCandidate } from '../../siting';
import type { HearingStep } from './hearingSteps';

const NEAREST_IN_VIEW = 12;

/** The camera request for a step, or null to leave the map where it is. */
export function hearingCamera(
  step: HearingStep,
  impact: readonly [number, number] | null,
  candidates: readonly RankedCandidate[],
  locations: ReadonlyMap<string, readonly [number, number] | null | undefined>,
): CameraRequest | null {
  if (!impact) return null;
  const ids = step.linkIds.length > 0 ? step.linkIds : step.siteIds;
  if (!ids || ids.length === 0) return { kind: 'center', center: [impact[0], impact[1]], zoom: 9 };
  const wanted = new Set(ids);
  const points = candidates
    .filter((candidate) => wanted.has(candidate.id) && locations.get(candidate.id))
    .sort((a, b) => (a.distanceKm ?? Number.POSITIVE_INFINITY) - (b.distanceKm ?? Number.POSITIVE_INFINITY))
    .slice(0, NEAREST_IN_VIEW)
    .map((candidate) => locations.get(candidate.id) as readonly [number, number]);
  const all = [impact, ...points];
  const lons = all.map((point) => point[0]);
  const lats = all.map((point) => point[1]);
  const pad = 0.02;
  return {
    kind: 'bounds',
    bounds: [
      Math.min(...lons) - pad,
      Math.min(...lats) - pad,
      Math.max(...lons) + pad,
      Math.max(...lats) + pad,
    ],
  };
}
