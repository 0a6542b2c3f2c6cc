import type { Position } from 'geojson';
import type { AreaFeature } from '../../src/formats/layers/layerTypes.ts';

/**
 * Puts `factor - 1` evenly spaced vertices on every segment (the bench's realistic-density
 * build: same polygons, same topology, `factor` times the vertices). Each point is computed from
 * the segment's endpoints in a fixed order, so the two neighbours along a shared edge get the
 * very same coordinates and the edge stays shared.
 */
export function densifyAreas(features: readonly AreaFeature[], factor: number): AreaFeature[] {
  if (factor <= 1) return [...features];
  const ring = (points: Position[]): Position[] => {
    const out: Position[] = [];
    for (let i = 0; i < points.length - 1; i++) {
      const a = points[i] as Position;
      const b = points[i + 1] as Position;
      out.push(a);
      const forward =
        (a[0] as number) < (b[0] as number) || (a[0] === b[0] && (a[1] as number) <= (b[1] as number));
      const [p, q] = forward ? [a, b] : [b, a];
      const inserted: Position[] = [];
      for (let k = 1; k < factor; k++) {
        const t = k / factor;
        inserted.push([
          (p[0] as number) + ((q[0] as number) - (p[0] as number)) * t,
          (p[1] as number) + ((q[1] as number) - (p[1] as number)) * t,
        ]);
      }
      if (!forward) inserted.reverse();
      out.push(...inserted);
    }
    out.push(points[points.length - 1] as Position);
    return out;
  };
  return features.map((f) => ({
    ...f,
    geometry:
      f.geometry.type === 'Polygon'
        ? { type: 'Polygon', coordinates: f.geometry.coordinates.map(ring) }
        : { type: 'MultiPolygon', coordinates: f.geometry.coordinates.map((polygon) => polygon.map(ring)) },
  }));
}
