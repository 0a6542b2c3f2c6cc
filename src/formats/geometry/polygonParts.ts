import type { Geometry, Position } from 'geojson';

/** The polygons of a Polygon or MultiPolygon as a list of ring lists; other geometries give []. */
export function polygonParts(geometry: Geometry | null): Position[][][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}
