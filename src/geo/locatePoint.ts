import type { Feature } from 'geojson';
import { AREA_CLASSES, type AreaClass, type Units } from '../siting/index.ts';
import type { FeatureSource } from './featureSource.ts';
import { pointRect } from './featureSource.ts';
import type { LayerName, Manifest } from './manifest.ts';
import { pickContaining } from './pickContaining.ts';

/** Which built layer a unit was read from, and how far to trust it. */
export interface UnitSource {
  layer: LayerName;
  title: string;
  official: boolean;
  demonstration: boolean;
  asOf: string;
}

/** One unit a point lies in. */
export interface LocatedUnit<Id extends string | number> {
  id: Id;
  name: string;
  /** The point is on this unit's boundary; the lowest id among the touching units was chosen. */
  onBoundary: boolean;
  source: UnitSource;
}

/** The units of a point, each null when not found (or when its layer is not built). */
export interface Location {
  inMinnesota: boolean;
  county: (LocatedUnit<string> & { areaClass: AreaClass | null }) | null;
  majorWatershed: LocatedUnit<number> | null;
  minorWatershed: LocatedUnit<string> | null;
  bankServiceArea: LocatedUnit<number> | null;
  /** True when any layer read is demonstration geography, not official. */
  demonstration: boolean;
}

const UNIT_LAYERS = ['counties', 'majorWatersheds', 'minorWatersheds', 'bankServiceAreas'] as const;

async function findIn(
  layer: LayerName,
  point: readonly [number, number],
  manifest: Manifest,
  source: FeatureSource,
  signal: AbortSignal | undefined,
): Promise<{ feature: Feature; onBoundary: boolean; source: UnitSource } | null> {
  const entry = manifest.layers[layer];
  if (!entry) return null;
  const features: Feature[] = [];
  for await (const feature of source.features(entry.file, pointRect(point[0], point[1]), signal)) {
    features.push(feature);
  }
  const hit = pickContaining(point, features);
  if (!hit) return null;
  const { title, official, demonstration, asOf } = entry;
  return { ...hit, source: { layer, title, official, demonstration, asOf } };
}

function unitOf<Id extends string | number>(
  hit: { feature: Feature; onBoundary: boolean; source: UnitSource } | null,
  kind: 'string' | 'number',
): LocatedUnit<Id> | null {
  const id = hit?.feature.properties?.id;
  if (!hit || typeof id !== kind) return null;
  const name = hit.feature.properties?.name;
  return {
    id: id as Id,
    name: typeof name === 'string' ? name : String(id),
    onBoundary: hit.onBoundary,
    source: hit.source,
  };
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
  const [state, counties, majors, minors, areas] = await Promise.all(
    (['state', ...UNIT_LAYERS] as const).map((layer) => findIn(layer, point, manifest, source, signal)),
  );
  const county = unitOf<string>(counties ?? null, 'string');
  const countyClass = counties?.feature.properties?.areaClass;
  const inMinnesota = manifest.layers.state ? state !== null : county !== null;
  const demonstration =
    [state, counties, majors, minors, areas].some((hit) => hit?.source.demonstration) ||
    manifest.demonstration;
  return {
    inMinnesota,
    county: county && {
      ...county,
      areaClass: (AREA_CLASSES as readonly unknown[]).includes(countyClass)
        ? (countyClass as AreaClass)
        : null,
    },
    majorWatershed: unitOf<number>(majors ?? null, 'number'),
    minorWatershed: unitOf<string>(minors ?? null, 'string'),
    bankServiceArea: unitOf<number>(areas ?? null, 'number'),
    demonstration,
  };
}

/** The siting engine's units of a located point (county class as read from the layer). */
export function unitsOfLocation(location: Location): Units {
  const units: Units = {};
  if (location.county) units.county = location.county.id;
  if (location.county?.areaClass) units.countyAreaClass = location.county.areaClass;
  if (location.majorWatershed) units.majorWatershed = location.majorWatershed.id;
  if (location.minorWatershed) units.minorWatershed = location.minorWatershed.id;
  if (location.bankServiceArea) units.bankServiceArea = location.bankServiceArea.id;
  return units;
}
