import type { Position } from 'geojson';

function orientation(a: Position, b: Position, c: Position): number {
  const value = (b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!);
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

function onSegment(a: Position, b: Position, p: Position): boolean {
  return (
    Math.min(a[0]!, b[0]!) <= p[0]! &&
    p[0]! <= Math.max(a[0]!, b[0]!) &&
    Math.min(a[1]!, b[1]!) <= p[1]! &&
    p[1]! <= Math.max(a[1]!, b[1]!)
  );
}

const samePoint = (a: Position, b: Position): boolean => a[0] === b[0] && a[1] === b[1];

/** True when segments ab and cd cross or overlap at a point that is not a shared endpoint. */
function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4 && o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0) return true;
  // Collinear overlap (more than touching at one shared vertex) also makes a ring invalid.
  if (o1 === 0 && o2 === 0) {
    const touchesOnly =
      (samePoint(a, c) || samePoint(a, d) || samePoint(b, c) || samePoint(b, d)) &&
      !(onSegment(a, b, c) && onSegment(a, b, d)) &&
      !(onSegment(c, d, a) && onSegment(c, d, b));
    if (touchesOnly) return false;
    return onSegment(a, b, c) || onSegment(a, b, d) || onSegment(c, d, a) || onSegment(c, d, b);
  }
  // A vertex lying inside the other segment (a T-touch) that is not a shared endpoint.
  if (o1 === 0 && onSegment(a, b, c) && !samePoint(c, a) && !samePoint(c, b)) return true;
  if (o2 === 0 && onSegment(a, b, d) && !samePoint(d, a) && !samePoint(d, b)) return true;
  if (o3 === 0 && onSegment(c, d, a) && !samePoint(a, c) && !samePoint(a, d)) return true;
  if (o4 === 0 && onSegment(c, d, b) && !samePoint(b, c) && !samePoint(b, d)) return true;
  return false;
}

/**
 * Finds where a closed ring crosses itself, with a sweep over segments sorted by their left
 * edge (O(n log n) for ordinary rings, where a naive pairwise test would take minutes on
 * ~700,000 minor watershed vertices). Rings that only touch themselves at a vertex are
 * accepted, as clipping libraries emit them.
 * @returns the approximate crossing position, or null when the ring is simple
 */
export function findRingCrossing(ring: Position[]): Position | null {
  const n = ring.length - 1;
  if (n < 3) return null;
  const order = Array.from({ length: n }, (_, i) => i);
  const minX = (i: number) => Math.min(ring[i]![0]!, ring[i + 1]![0]!);
  const maxX = (i: number) => Math.max(ring[i]![0]!, ring[i + 1]![0]!);
  order.sort((i, j) => minX(i) - minX(j));
  for (let s = 0; s < n; s++) {
    const i = order[s]!;
    const right = maxX(i);
    for (let t = s + 1; t < n; t++) {
      const j = order[t]!;
      if (minX(j) > right) break;
      const adjacent = Math.abs(i - j) === 1 || Math.abs(i - j) === n - 1;
      if (adjacent) continue;
      const a = ring[i]!;
      const b = ring[i + 1]!;
      const c = ring[j]!;
      const d = ring[j + 1]!;
      if (Math.max(c[1]!, d[1]!) < Math.min(a[1]!, b[1]!) || Math.min(c[1]!, d[1]!) > Math.max(a[1]!, b[1]!))
        continue;
      if (segmentsCross(a, b, c, d)) return [(a[0]! + b[0]!) / 2, (a[1]! + b[1]!) / 2];
    }
  }
  return null;
}
