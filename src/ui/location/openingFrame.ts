/**
 * Where a shared link (`?at=`) should open: the impact and its nearest eligible options, so
 * the receiver sees the answer rather than a dot on the whole state. Pure.
 */
import type { RankResult } from '../../siting';

/** How many of the nearest eligible options the opening view includes. */
export const OPENING_OPTIONS = 3;

/** About 5 km around a lone impact, so a point with no eligible option still opens close up. */
const MIN_HALF_SPAN_DEGREES = 0.05;

export function openingFrame(
  impact: readonly [number, number],
  result: RankResult,
  locations: ReadonlyMap<string, readonly [number, number] | null | undefined>,
): [number, number, number, number] {
  const nearest = result.candidates
    .filter((candidate) => candidate.status === 'eligible' && candidate.distanceKm !== null)
    .sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0))
    .slice(0, OPENING_OPTIONS)
    .map((candidate) => locations.get(candidate.id))
    .filter((point): point is readonly [number, number] => Boolean(point));
  let [west, south, east, north] = [impact[0], impact[1], impact[0], impact[1]];
  for (const [lon, lat] of nearest) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const padLon = Math.max((east - west) * 0.15, MIN_HALF_SPAN_DEGREES);
  const padLat = Math.max((north - south) * 0.15, MIN_HALF_SPAN_DEGREES);
  return [west - padLon, south - padLat, east + padLon, north + padLat];
}

/** The zoom a link with an impact opens at before its ranking frames it (as search zooms). */
export const OPENING_ZOOM = 9;

/**
 * Where the map starts for a link with an impact and no saved view: on the impact, so the
 * whole state is never drawn only to be left (with software WebGL each frame costs 100+ ms);
 * openingFrame then fits the nearest options. Null outside the state's box (the whole state).
 */
export function openingView(
  impact: readonly [number, number] | null,
  stateBox: readonly [number, number, number, number],
): { center: [number, number]; zoom: number } | null {
  if (!impact) return null;
  const [lon, lat] = impact;
  const [west, south, east, north] = stateBox;
  if (!(lon >= west && lon <= east && lat >= south && lat <= north)) return null;
  return { center: [lon, lat], zoom: OPENING_ZOOM };
}
