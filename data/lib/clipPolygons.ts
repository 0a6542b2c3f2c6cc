import type { MultiPolygon, Polygon } from 'geojson';
import polygonClipping from 'polygon-clipping';

type Pair = [number, number];
type Area = Polygon | MultiPolygon;

function toClip(geometry: Area): Pair[][][] {
  const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return parts.map((rings) => rings.map((ring) => ring.map((p) => [p[0]!, p[1]!] as Pair)));
}

function fromClip(result: Pair[][][]): Area | null {
  if (result.length === 0) return null;
  if (result.length === 1) return { type: 'Polygon', coordinates: result[0]! };
  return { type: 'MultiPolygon', coordinates: result };
}

// polygon-clipping works in plain floating point; Turf 7's polyclip-ts uses bignumber.js and
// was ~10x slower on the ~1,700 boundary cuts the demonstration minors need.

/** Intersection of two areas, or null when they do not overlap. */
export function intersectAreas(a: Area, b: Area): Area | null {
  return fromClip(polygonClipping.intersection(toClip(a), toClip(b)));
}

/** Union of one or more areas, or null when all are empty. */
export function unionAreas(areas: Area[]): Area | null {
  const [first, ...rest] = areas.map(toClip);
  if (!first) return null;
  return fromClip(polygonClipping.union(first, ...rest));
}
