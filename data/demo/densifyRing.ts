import type { Position } from 'geojson';
import { LONGITUDE_SCALE } from './displacementField.ts';

/**
 * Inserts evenly spaced vertices along every edge of a closed ring so no edge is longer than
 * `step` (degrees of latitude, longitude scaled). Each edge is split from its
 * lexicographically smaller end, so the two polygons sharing an edge get bit-identical
 * new vertices whichever direction they walk it.
 */
export function densifyRing(ring: Position[], step: number): Position[] {
  const out: Position[] = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    out.push(a);
    const length = Math.hypot((b[0]! - a[0]!) * LONGITUDE_SCALE, b[1]! - a[1]!);
    const count = Math.ceil(length / step);
    if (count < 2) continue;
    const forward = a[0]! < b[0]! || (a[0] === b[0] && a[1]! <= b[1]!);
    const [from, to] = forward ? [a, b] : [b, a];
    const inner: Position[] = [];
    for (let k = 1; k < count; k++) {
      const t = k / count;
      inner.push([from[0]! + (to[0]! - from[0]!) * t, from[1]! + (to[1]! - from[1]!) * t]);
    }
    if (!forward) inner.reverse();
    out.push(...inner);
  }
  out.push(ring[ring.length - 1]!);
  return out;
}
