import type { MultiPolygon, Point, Polygon, Position } from 'geojson';
import { RibitsShapeError } from './RibitsShapeError.ts';

/** Most vertices one RIBITS geometry may carry (a Minnesota service area has tens of thousands). */
export const MAX_GEOMETRY_VERTICES = 2_000_000;

const finitePosition = (p: unknown): p is Position =>
  Array.isArray(p) &&
  p.length >= 2 &&
  typeof p[0] === 'number' &&
  typeof p[1] === 'number' &&
  Number.isFinite(p[0]) &&
  Number.isFinite(p[1]) &&
  Math.abs(p[0]) <= 180 &&
  Math.abs(p[1]) <= 90;

function checkRings(rings: unknown, where: string, count: { vertices: number }): Position[][] {
  if (!Array.isArray(rings) || rings.length === 0)
    throw new RibitsShapeError(`${where}: a polygon has no rings`);
  for (const ring of rings) {
    if (!Array.isArray(ring) || ring.length < 4)
      throw new RibitsShapeError(`${where}: a ring has fewer than 4 positions`);
    for (const p of ring)
      if (!finitePosition(p))
        throw new RibitsShapeError(`${where}: a position is not [longitude, latitude] in degrees`);
    count.vertices += ring.length;
    if (count.vertices > MAX_GEOMETRY_VERTICES)
      throw new RibitsShapeError(
        `${where}: more than ${MAX_GEOMETRY_VERTICES.toLocaleString('en-US')} vertices`,
      );
  }
  return rings as Position[][];
}

/**
 * Parses a geometry RIBITS sends as a GeoJSON *string* (`SERVICE_AREAS[].GEOM`,
 * `BANK_FOOTPRINT[].GEOM`, `BANK_LOCATION_CENTROID`; `ITEMS[0].SERVICE_AREAS[].GEOM` in USACE's
 * TEST.json reads `{ "type": "Polygon", "coordinates": … }`). `null`, `""` and the string `"null"`
 * (which USACE's script skips in footprints) mean no geometry.
 * @param where names the bank and field in errors
 * @throws RibitsShapeError for text that is not JSON or not a geometry of the allowed types
 */
export function readGeoJsonString<T extends 'Point' | 'Polygon'>(
  value: unknown,
  allowed: T,
  where: string,
): (T extends 'Point' ? Point : Polygon | MultiPolygon) | null {
  if (value === null || value === undefined || value === '' || value === 'null') return null;
  let geometry: unknown = value;
  if (typeof value === 'string') {
    try {
      geometry = JSON.parse(value);
    } catch {
      throw new RibitsShapeError(`${where}: not a GeoJSON string (${JSON.stringify(value.slice(0, 40))}…)`);
    }
  }
  if (geometry === null) return null;
  if (typeof geometry !== 'object' || Array.isArray(geometry))
    throw new RibitsShapeError(`${where}: not a GeoJSON geometry`);
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  const count = { vertices: 0 };
  if (allowed === 'Point') {
    if (type !== 'Point' || !finitePosition(coordinates))
      throw new RibitsShapeError(`${where}: expected a GeoJSON Point, got ${JSON.stringify(type)}`);
    return { type: 'Point', coordinates: [coordinates[0]!, coordinates[1]!] } as never;
  }
  if (type === 'Polygon') return { type, coordinates: checkRings(coordinates, where, count) } as never;
  if (type === 'MultiPolygon') {
    if (!Array.isArray(coordinates) || coordinates.length === 0)
      throw new RibitsShapeError(`${where}: a MultiPolygon has no polygons`);
    return { type, coordinates: coordinates.map((rings) => checkRings(rings, where, count)) } as never;
  }
  throw new RibitsShapeError(`${where}: expected a Polygon or MultiPolygon, got ${JSON.stringify(type)}`);
}
