import type { Position } from 'geojson';

/** Twice the signed area of a ring (positive when counter-clockwise), in coordinate units. */
export function signedArea2(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j]!;
    const b = ring[i]!;
    sum += (a[0]! - b[0]!) * (a[1]! + b[1]!);
  }
  return sum;
}

/**
 * Even-odd point-in-ring test (ray casting). Points exactly on an edge may fall either way,
 * which is fine for the interior points the pipeline tests.
 */
export function pointInRing(x: number, y: number, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Point-in-polygon over rings given as [outer, ...holes] lists (Polygon or MultiPolygon coordinates). */
export function pointInPolygons(x: number, y: number, polygons: Position[][][]): boolean {
  for (const rings of polygons) {
    if (!rings[0] || !pointInRing(x, y, rings[0])) continue;
    if (!rings.slice(1).some((hole) => pointInRing(x, y, hole))) return true;
  }
  return false;
}
