import pointOnFeature from '@turf/point-on-feature';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import pointInPolygon from 'point-in-polygon-hao';

function ringCentroid(ring: Position[]): { area: number; x: number; y: number } {
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j]!;
    const [x1, y1] = ring[i]!;
    const cross = x0! * y1! - x1! * y0!;
    area += cross;
    x += (x0! + x1!) * cross;
    y += (y0! + y1!) * cross;
  }
  return { area: area / 2, x, y };
}

/**
 * A location for a bank known only by an area (its footprint, or failing that its service area):
 * the area-weighted centroid of the polygons (holes subtracted, in degrees — the areas are small
 * enough for that), or, when the centroid falls outside them (a crescent, a scatter of parcels),
 * turf's `pointOnFeature`, a point guaranteed to lie on the area. Null for an empty list.
 */
export function locateOnArea(areas: readonly (Polygon | MultiPolygon)[]): [number, number] | null {
  const polygons = areas.flatMap((a) => (a.type === 'Polygon' ? [a.coordinates] : a.coordinates));
  if (polygons.length === 0) return null;
  let area = 0;
  let x = 0;
  let y = 0;
  for (const rings of polygons)
    for (const ring of rings) {
      const c = ringCentroid(ring);
      // Outer rings and holes may be wound either way in RIBITS' text: a hole weighs negatively.
      const weight = ring === rings[0] ? 1 : -1;
      area += weight * Math.abs(c.area);
      x += weight * Math.sign(c.area) * c.x;
      y += weight * Math.sign(c.area) * c.y;
    }
  if (area !== 0) {
    const centroid: [number, number] = [x / (6 * area), y / (6 * area)];
    if (polygons.some((rings) => pointInPolygon(centroid, rings) !== false)) return centroid;
  }
  const multi: MultiPolygon = { type: 'MultiPolygon', coordinates: polygons };
  const point = pointOnFeature({ type: 'Feature', properties: {}, geometry: multi }).geometry.coordinates;
  return [point[0]!, point[1]!];
}
