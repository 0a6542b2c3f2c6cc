import type { LayerName, Manifest } from '../formats/manifest.ts';
import { AREA_CLASSES, type AreaClass } from '../siting/index.ts';
import {
  type LayerHits,
  LOOKUP_LAYERS,
  type LocatedUnit,
  type Location,
  type LookupLayer,
  type UnitHit,
  type UnitSource,
} from './location.ts';

function sourceOf(layer: LayerName, manifest: Manifest): UnitSource | null {
  const entry = manifest.layers[layer];
  if (!entry) return null;
  const { title, official, demonstration, asOf } = entry;
  return { layer, title, official, demonstration, asOf };
}

function unitOf<Id extends string | number>(
  layer: LayerName,
  hit: UnitHit | null,
  manifest: Manifest,
  kind: 'string' | 'number',
): LocatedUnit<Id> | null {
  const id = hit?.feature.properties?.id;
  const source = sourceOf(layer, manifest);
  if (!hit || !source || typeof id !== kind) return null;
  const name = hit.feature.properties?.name;
  const unit: LocatedUnit<Id> = {
    id: id as Id,
    name: typeof name === 'string' ? name : String(id),
    onBoundary: hit.onBoundary,
    source,
  };
  // Two or more units touch the point: say which (the siting engine leaves a level open there).
  const touching = (hit.boundaryIds ?? []).filter((other): other is Id => typeof other === kind);
  if (hit.onBoundary && touching.length > 1) unit.boundaryIds = touching;
  return unit;
}

/**
 * The Location of a point from the feature found in each layer, the one shape every lookup
 * (FlatGeobuf over HTTP or bytes, or the in-memory index) answers with. `inMinnesota` is read
 * from the `state` layer (from the counties when there is no state layer).
 */
export function locationFromHits(
  hits: LayerHits,
  manifest: Manifest,
  unreadable: readonly LookupLayer[] = [],
): Location {
  const county = unitOf<string>('counties', hits.counties, manifest, 'string');
  const countyClass = hits.counties?.feature.properties?.areaClass;
  // With the state outline unreadable, a county found still places the point in Minnesota.
  const inMinnesota =
    manifest.layers.state && !unreadable.includes('state') ? hits.state !== null : county !== null;
  const demonstration =
    LOOKUP_LAYERS.some((layer) => hits[layer] !== null && manifest.layers[layer]?.demonstration) ||
    manifest.demonstration;
  return {
    inMinnesota,
    county: county && {
      ...county,
      areaClass: (AREA_CLASSES as readonly unknown[]).includes(countyClass)
        ? (countyClass as AreaClass)
        : null,
    },
    majorWatershed: unitOf<number>('majorWatersheds', hits.majorWatersheds, manifest, 'number'),
    minorWatershed: unitOf<string>('minorWatersheds', hits.minorWatersheds, manifest, 'string'),
    bankServiceArea: unitOf<number>('bankServiceAreas', hits.bankServiceAreas, manifest, 'number'),
    demonstration,
    ...(unreadable.length > 0 ? { unreadable: [...unreadable] } : {}),
  };
}
