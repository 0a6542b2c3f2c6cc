import type { Feature, MultiPolygon, Polygon } from 'geojson';
import pointInPolygon from 'point-in-polygon-hao';
import { bandsFor } from './ringBands.ts';

/** The feature a point falls in, and whether the point lies on its edge. */
export interface Containing {
  feature: Feature<Polygon | MultiPolygon>;
  /** True when the point is on a boundary (of this feature, or shared with another). */
  onBoundary: boolean;
  /** On a boundary: the ids of every feature whose edge holds the point, lowest first. */
  boundaryIds?: unknown[];
}

export function isArea(feature: Feature): feature is Feature<Polygon | MultiPolygon> {
  return feature.geometry?.type === 'Polygon' || feature.geometry?.type === 'MultiPolygon';
}

export type Relation = 'inside' | 'edge' | 'outside';

/**
 * Where a point lies against a polygon, in one pass over its rings. This is exactly what
 * `booleanPointInPolygon` (which runs point-in-polygon-hao on each part) says when called twice,
 * with and without `ignoreBoundary`: inside when some part holds the point strictly, on the edge
 * when no part does but one has it on a ring, else outside; a feature `bbox` is honoured the same
 * way. One pass instead of two halves the work on the polygon that contains the point, which is
 * most of an indexed lookup (bench: BENCHMARKS.md). A large part asked a second time answers from
 * its edge bands, so the cost follows the edges near the point, not the ring's length.
 */
export function relation(point: [number, number], feature: Feature<Polygon | MultiPolygon>): Relation {
  const bbox = feature.bbox;
  if (bbox && !(bbox[0] <= point[0] && bbox[1] <= point[1] && bbox[2] >= point[0] && bbox[3] >= point[1])) {
    return 'outside';
  }
  const parts =
    feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
  let edge = false;
  for (const part of parts) {
    // A large part looked up again (an index held in memory) reads only the edges at the
    // point's latitude; the answer is hao's own (ringBands.ts).
    const bands = bandsFor(part);
    const result = bands ? bands.contains(point[0], point[1]) : pointInPolygon(point, part);
    if (result === 0) edge = true;
    else if (result) return 'inside';
  }
  return edge ? 'edge' : 'outside';
}

export function compareIds(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Of `items`, the one to report for a point: the lowest id (compareIds) of those `where` finds
 * the point strictly inside, else the lowest id of those with the point on an edge, flagged, with
 * the ids of all of those (the siting engine leaves a level open between them); null when none
 * holds it. Tested in id order (a stable sort: equal ids keep their order), so the first item that
 * holds the point strictly is the answer and the rest need no test.
 */
export function pickByRelation<T>(
  items: T[],
  idOf: (item: T) => unknown,
  where: (item: T) => Relation,
): { item: T; onBoundary: boolean; boundaryIds?: unknown[] } | null {
  if (items.length > 1) items.sort((a, b) => compareIds(idOf(a), idOf(b)));
  let edge: T | null = null;
  let edgeIds: unknown[] | null = null;
  for (const item of items) {
    const found = where(item);
    if (found === 'inside') return { item, onBoundary: false };
    if (found !== 'edge') continue;
    edge ??= item;
    const id = idOf(item);
    edgeIds ??= [];
    if (!edgeIds.includes(id)) edgeIds.push(id);
  }
  return edge === null ? null : { item: edge, onBoundary: true, boundaryIds: edgeIds ?? [] };
}

/**
 * Of the features that contain `point`, the one to report. A point strictly inside one feature
 * gets that feature. A point on an edge shared by several gets the one with the lowest `id`
 * property, so the answer never depends on file order, and is flagged.
 */
export function pickContaining(
  point: readonly [number, number],
  features: Iterable<Feature>,
): Containing | null {
  const areas: Feature<Polygon | MultiPolygon>[] = [];
  for (const feature of features) if (isArea(feature)) areas.push(feature);
  const at: [number, number] = [point[0], point[1]];
  const found = pickByRelation(
    areas,
    (feature) => feature.properties?.id,
    (feature) => relation(at, feature),
  );
  if (found === null) return null;
  return found.boundaryIds
    ? { feature: found.item, onBoundary: found.onBoundary, boundaryIds: found.boundaryIds }
    : { feature: found.item, onBoundary: found.onBoundary };
}
