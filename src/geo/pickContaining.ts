import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Feature, MultiPolygon, Polygon } from 'geojson';

/** The feature a point falls in, and whether the point lies on its edge. */
export interface Containing {
  feature: Feature<Polygon | MultiPolygon>;
  /** True when the point is on a boundary (of this feature, or shared with another). */
  onBoundary: boolean;
}

function isArea(feature: Feature): feature is Feature<Polygon | MultiPolygon> {
  return feature.geometry?.type === 'Polygon' || feature.geometry?.type === 'MultiPolygon';
}

function compareIds(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Of the features that contain `point` (edges included), the one to report. A point strictly
 * inside one feature gets that feature. A point on an edge shared by several gets the one with
 * the lowest `id` property, so the answer never depends on file order, and is flagged.
 */
export function pickContaining(
  point: readonly [number, number],
  features: Iterable<Feature>,
): Containing | null {
  const inside: Feature<Polygon | MultiPolygon>[] = [];
  const onEdge: Feature<Polygon | MultiPolygon>[] = [];
  for (const feature of features) {
    if (!isArea(feature)) continue;
    const position = [point[0], point[1]];
    if (!booleanPointInPolygon(position, feature)) continue;
    if (booleanPointInPolygon(position, feature, { ignoreBoundary: true })) inside.push(feature);
    else onEdge.push(feature);
  }
  const byId = (a: Feature, b: Feature) => compareIds(a.properties?.id, b.properties?.id);
  const [strict] = inside.sort(byId);
  if (strict) return { feature: strict, onBoundary: false };
  const [edge] = onEdge.sort(byId);
  return edge ? { feature: edge, onBoundary: true } : null;
}
