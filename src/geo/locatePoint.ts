import type { Feature } from 'geojson';
import type { Manifest } from '../formats/manifest.ts';
import type { BoundaryUnits, Units } from '../siting/index.ts';
import type { CachedFeatureSource } from './cachedBytesFeatureSource.ts';
import type { FeatureSource } from './featureSource.ts';
import { pointRect } from './featureSource.ts';
import { LOOKUP_LAYERS, type Location, type LookupLayer, type UnitHit } from './location.ts';
import { locationFromHits } from './locationFromHits.ts';

import { pickContaining } from './pickContaining.ts';

/** A source that answers point lookups itself (the CLI's, from flat polygons). */
function answersPoints(source: FeatureSource): source is CachedFeatureSource {
  return typeof (source as Partial<CachedFeatureSource>).containing === 'function';
}

async function findIn(
  layer: LookupLayer,
  point: readonly [number, number],
  manifest: Manifest,
  source: FeatureSource,
  signal: AbortSignal | undefined,
): Promise<UnitHit | null> {
  const entry = manifest.layers[layer];
  if (!entry) return null;
  if (answersPoints(source)) {
    const found = await source.containing(entry.file, point, signal);
    if (found !== undefined) return found;
  }
  const features: Feature[] = [];
  for await (const feature of source.features(entry.file, pointRect(point[0], point[1]), signal)) {
    features.push(feature);
  }
  return pickContaining(point, features);
}

/**
 * Finds the county, major and minor watershed and bank service area containing a point, reading
 * only features whose bounding box contains it, then testing exact containment. `inMinnesota` is
 * read from the `state` layer (from the counties when there is no state layer).
 */
export async function locatePoint(
  point: readonly [number, number],
  manifest: Manifest,
  source: FeatureSource,
  signal?: AbortSignal,
): Promise<Location> {
  const [state, counties, majorWatersheds, minorWatersheds, bankServiceAreas] = await Promise.all(
    LOOKUP_LAYERS.map((layer) => findIn(layer, point, manifest, source, signal)),
  );
  return locationFromHits(
    {
      state: state ?? null,
      counties: counties ?? null,
      majorWatersheds: majorWatersheds ?? null,
      minorWatersheds: minorWatersheds ?? null,
      bankServiceAreas: bankServiceAreas ?? null,
    },
    manifest,
  );
}

/** The boundaries a located point lies on, for the units the priority order or the area class turns on; null when none. */
export function boundaryOfLocation(location: Location): BoundaryUnits | null {
  const boundary: { -readonly [K in keyof BoundaryUnits]: BoundaryUnits[K] } = {};
  if (location.minorWatershed?.boundaryIds) boundary.minorWatershed = location.minorWatershed.boundaryIds;
  if (location.majorWatershed?.boundaryIds) boundary.majorWatershed = location.majorWatershed.boundaryIds;
  if (location.bankServiceArea?.boundaryIds) boundary.bankServiceArea = location.bankServiceArea.boundaryIds;
  // A county line decides the area class (Minn. R. 8420.0117 subp. 1) where its sides differ.
  if (location.county?.boundaryIds) boundary.county = location.county.boundaryIds;
  return Object.keys(boundary).length === 0 ? null : boundary;
}

/**
 * The siting engine's units of a located point (county class as read from the layer), with the
 * boundaries it lies on between units the priority order compares (the engine leaves a level
 * that depends on them open).
 */
export function unitsOfLocation(location: Location): Units {
  const units: Units = {};
  if (location.county) units.county = location.county.id;
  if (location.county?.areaClass) units.countyAreaClass = location.county.areaClass;
  if (location.majorWatershed) units.majorWatershed = location.majorWatershed.id;
  if (location.minorWatershed) units.minorWatershed = location.minorWatershed.id;
  if (location.bankServiceArea) units.bankServiceArea = location.bankServiceArea.id;
  const boundary = boundaryOfLocation(location);
  if (boundary) units.boundary = boundary;
  return units;
}
