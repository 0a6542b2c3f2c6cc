/**
 * Lines from the impact to chosen sites, each labelled with its great-circle distance (the
 * engine's distanceKm), drawn by the map's 'links' source.
 */

import type { Feature, FeatureCollection } from 'geojson';
import type { RankedCandidate } from '../../siting';
import { formatDistance } from '../ranking/formatDistance';

/** One line per candidate that has a location; the label is the distance in km. */
export function distanceLinks(
  from: readonly [number, number] | null,
  candidates: readonly RankedCandidate[],
  locations: ReadonlyMap<string, readonly [number, number] | null | undefined>,
): FeatureCollection {
  const features: Feature[] = [];
  if (from) {
    for (const candidate of candidates) {
      const to = locations.get(candidate.id);
      if (!to) continue;
      features.push({
        type: 'Feature',
        properties: {
          id: `link-${candidate.id}`,
          label: candidate.distanceKm === null ? '' : formatDistance(candidate.distanceKm),
        },
        geometry: {
          type: 'LineString',
          coordinates: [
            [from[0], from[1]],
            [to[0], to[1]],
          ],
        },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}
