/**
 * Site outlines kept flat (FlatSiteGeometry: one Float64Array of lon/lat per site, ring and part
 * ends beside it) and the few operations the importer and the locator need on them, written to
 * give exactly the numbers the nested-array code gave (@turf/area's ring formula,
 * point-in-polygon-hao's test), so answers do not change with the representation.
 */

import type { FlatSiteGeometry, SiteGeometry } from '../../formats/geometry/siteGeometry.ts';
import { haoEdgeStep } from '../haoEdgeStep.ts';

/** GeoJSON rings of each polygon, to a flat outline (two numbers per position; any third is dropped). */
export function flattenOutline(type: 'Polygon' | 'MultiPolygon', polygons: number[][][][]): FlatSiteGeometry {
  let positions = 0;
  let ringCount = 0;
  for (const rings of polygons) {
    ringCount += rings.length;
    for (const ring of rings) positions += ring.length;
  }
  const xy = new Float64Array(positions * 2);
  const ringEnds = new Uint32Array(ringCount);
  const partEnds = new Uint32Array(polygons.length);
  let at = 0;
  let r = 0;
  polygons.forEach((rings, p) => {
    for (const ring of rings) {
      for (const position of ring) {
        xy[at++] = position[0] as number;
        xy[at++] = position[1] as number;
      }
      ringEnds[r++] = at / 2;
    }
    partEnds[p] = r;
  });
  return { type, xy, ringEnds, partEnds };
}

/** The outline flat: itself when it is, else its GeoJSON coordinates flattened. */
export function asFlat(geometry: SiteGeometry): FlatSiteGeometry {
  if ('xy' in geometry) return geometry;
  return flattenOutline(
    geometry.type,
    (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][],
  );
}

/** The box of flat positions (lon, lat pairs) as [west, south, east, north]; Infinity's when empty. */
export function flatBox(xy: Float64Array): [number, number, number, number] {
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (let k = 0; k + 1 < xy.length; k += 2) {
    const x = xy[k] as number;
    const y = xy[k + 1] as number;
    if (x < west) west = x;
    if (x > east) east = x;
    if (y < south) south = y;
    if (y > north) north = y;
  }
  return [west, south, east, north];
}

/** The outline as GeoJSON geometry (for files written out, and for tests). */
export function outlineGeoJson(
  geometry: SiteGeometry,
): { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] } {
  if (!('xy' in geometry)) return geometry;
  const { xy, ringEnds, partEnds } = geometry;
  const polygons: number[][][][] = [];
  let r = 0;
  let start = 0;
  for (let p = 0; p < partEnds.length; p++) {
    const rings: number[][][] = [];
    for (; r < (partEnds[p] as number); r++) {
      const end = ringEnds[r] as number;
      const ring: number[][] = [];
      for (let k = start; k < end; k++) ring.push([xy[2 * k] as number, xy[2 * k + 1] as number]);
      rings.push(ring);
      start = end;
    }
    polygons.push(rings);
  }
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: polygons[0] ?? [] }
    : { type: 'MultiPolygon', coordinates: polygons };
}

/** @turf/helpers' earthRadius (metres): @turf/area's factor is its square over two. */
const FACTOR = (6371008.8 * 6371008.8) / 2;
const PI_OVER_180 = Math.PI / 180;

/** @turf/area's ring area (m², signed) of positions [start, end), the same operations in the same order. */
export function turfRingArea(xy: Float64Array, start: number, end: number): number {
  const length = end - start - 1;
  if (length <= 2) return 0;
  let total = 0;
  for (let i = 0; i < length; i++) {
    const middle = start + (i + 1 === length ? 0 : i + 1);
    const upper = start + (i + 2 >= length ? (i + 2) % length : i + 2);
    const lowerX = (xy[2 * (start + i)] as number) * PI_OVER_180;
    const middleY = (xy[2 * middle + 1] as number) * PI_OVER_180;
    const upperX = (xy[2 * upper] as number) * PI_OVER_180;
    total += (upperX - lowerX) * Math.sin(middleY);
  }
  return total * FACTOR;
}

/**
 * point-in-polygon-hao over the rings [firstRing, endRing) of a flat outline: true inside, false
 * outside, 0 on the boundary; throws, as it does, on a ring whose ends differ in both coordinates.
 */
export function pointInFlatPolygon(
  x: number,
  y: number,
  xy: Float64Array,
  ringEnds: Uint32Array,
  firstRing: number,
  endRing: number,
): boolean | 0 {
  let k = 0;
  for (let r = firstRing; r < endRing; r++) {
    const start = r === 0 ? 0 : (ringEnds[r - 1] as number);
    const last = (ringEnds[r] as number) - 1;
    if (xy[2 * start] !== xy[2 * last] && xy[2 * start + 1] !== xy[2 * last + 1])
      throw new Error('First and last coordinates in a ring must be the same');
    let u1 = (xy[2 * start] as number) - x;
    let v1 = (xy[2 * start + 1] as number) - y;
    for (let i = start; i < last; i++) {
      const u2 = (xy[2 * i + 2] as number) - x;
      const v2 = (xy[2 * i + 3] as number) - y;
      const step = haoEdgeStep(u1, v1, u2, v2);
      if (step < 0) return 0;
      k += step;
      v1 = v2;
      u1 = u2;
    }
  }
  return k % 2 !== 0;
}

/** First ring of part p. */
export const partStart = (partEnds: Uint32Array, p: number): number =>
  p === 0 ? 0 : (partEnds[p - 1] as number);

/** First position of ring r. */
export const ringStart = (ringEnds: Uint32Array, r: number): number =>
  r === 0 ? 0 : (ringEnds[r - 1] as number);
