import type { Position } from 'geojson';

/**
 * A point guaranteed to lie inside a polygon (not on its edge): the middle of the widest
 * stretch of a horizontal line through the middle of the largest part's outer ring. Centroids
 * of crescent-shaped watersheds can fall outside them; this cannot.
 * @param parts Polygon or MultiPolygon coordinates as a list of ring lists
 * @returns the point, or null when the polygon has no area
 */
export function pointOnSurface(parts: Position[][][]): Position | null {
  let best: Position | null = null;
  let bestWidth = 0;
  for (const rings of parts) {
    const outer = rings[0];
    if (!outer) continue;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const p of outer) {
      minY = Math.min(minY, p[1]!);
      maxY = Math.max(maxY, p[1]!);
    }
    // Three scan lines in case the middle one grazes a vertex.
    for (const fraction of [0.5, 0.37, 0.63]) {
      const y = minY + (maxY - minY) * fraction + (maxY - minY) * 1e-7;
      const xs: number[] = [];
      for (const ring of rings) {
        for (let i = 0; i < ring.length - 1; i++) {
          const a = ring[i]!;
          const b = ring[i + 1]!;
          if (a[1]! > y !== b[1]! > y) xs.push(a[0]! + ((y - a[1]!) * (b[0]! - a[0]!)) / (b[1]! - a[1]!));
        }
      }
      xs.sort((a, b) => a - b);
      for (let i = 0; i + 1 < xs.length; i += 2) {
        const width = xs[i + 1]! - xs[i]!;
        if (width > bestWidth) {
          bestWidth = width;
          best = [(xs[i]! + xs[i + 1]!) / 2, y];
        }
      }
    }
  }
  return best;
}
