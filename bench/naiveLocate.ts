import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { Manifest } from '../src/formats/manifest.ts';
import type { Location } from '../src/geo/location.ts';
import { type LayerHits, LOOKUP_LAYERS } from '../src/geo/location.ts';
import { locationFromHits } from '../src/geo/locationFromHits.ts';
import type { Containing } from '../src/geo/pickContaining.ts';
import type { LookupCollections } from '../src/geo/unitIndex.ts';

type Area = Feature<Polygon | MultiPolygon>;
const isArea = (feature: Feature): feature is Area =>
  feature.geometry?.type === 'Polygon' || feature.geometry?.type === 'MultiPolygon';
const idOrder = (a: Feature, b: Feature) => {
  const [left, right] = [a.properties?.id, b.properties?.id];
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left) < String(right) ? -1 : String(left) > String(right) ? 1 : 0;
};

/**
 * The naive reference: Turf's booleanPointInPolygon on every polygon given (with, then without
 * its boundary), and the same lowest-id rule for ties, written independently of pickContaining.
 */
export function naivePick(point: [number, number], features: readonly Feature[]): Containing | null {
  const inside: Area[] = [];
  const onEdge: Area[] = [];
  for (const feature of features) {
    if (!isArea(feature) || !booleanPointInPolygon(point, feature)) continue;
    if (booleanPointInPolygon(point, feature, { ignoreBoundary: true })) inside.push(feature);
    else onEdge.push(feature);
  }
  const [strict] = inside.sort(idOrder);
  if (strict) return { feature: strict, onBoundary: false };
  const [edge] = onEdge.sort(idOrder);
  // Every feature whose edge holds the point, by id: the units a boundary point may be in.
  const boundaryIds = [...new Set(onEdge.map((feature) => feature.properties?.id))];
  return edge ? { feature: edge, onBoundary: true, boundaryIds } : null;
}

/**
 * The Location a scan of every polygon of every lookup layer gives. `boxes` (the box of each
 * feature's own vertices) lets a test skip polygons that cannot hold the point, which cannot
 * change the answer; the benchmark times the scan without it.
 */
export function naiveLocate(
  point: [number, number],
  manifest: Manifest,
  collections: LookupCollections,
  boxes?: Map<Feature, [number, number, number, number]>,
): Location {
  const hits = {} as LayerHits;
  for (const layer of LOOKUP_LAYERS) {
    let features = collections[layer]?.features ?? [];
    if (boxes) {
      features = features.filter((feature) => {
        const box = boxes.get(feature);
        return !box || (point[0] >= box[0] && point[1] >= box[1] && point[0] <= box[2] && point[1] <= box[3]);
      });
    }
    hits[layer] = manifest.layers[layer] ? naivePick(point, features) : null;
  }
  return locationFromHits(hits, manifest);
}
