import { wktToGeoJSON } from '@terraformer/wkt';
import type { SiteGeometry } from './siteGeometry.ts';

/** Longest outline text read from one cell (a parcel has some hundreds of vertices). */
export const MAX_OUTLINE_CHARACTERS = 2_000_000;

const isPosition = (value: unknown): value is [number, number] =>
  Array.isArray(value) &&
  value.length >= 2 &&
  typeof value[0] === 'number' &&
  typeof value[1] === 'number' &&
  Math.abs(value[0]) <= 180 &&
  Math.abs(value[1]) <= 90;

/** Why a polygon's rings are not an outline in longitude/latitude, or null when they are. */
function ringProblem(rings: unknown): string | null {
  if (!Array.isArray(rings) || rings.length === 0) return 'a polygon has no ring';
  for (const ring of rings) {
    if (!Array.isArray(ring) || ring.length < 4) return 'a ring has fewer than 4 positions';
    if (!ring.every(isPosition))
      return 'a position is not longitude, latitude in degrees (WGS84: -180 to 180, -90 to 90)';
    const first = ring[0] as number[];
    const last = ring[ring.length - 1] as number[];
    if (first[0] !== last[0] || first[1] !== last[1]) return 'a ring does not end where it starts';
  }
  return null;
}

/**
 * The WKT parser's message in one line: where it stopped and what it expected. Its message is
 * "Parse error on line 1:", the text, a "----^" pointer, then "Expecting 'X', got 'Y'"; only the
 * pointer's length and the token names are kept, never the cell's text.
 */
function wktProblem(message: string): string {
  const lines = message.split('\n');
  const pointer = lines.find((line) => /^-*\^$/.test(line));
  const expecting = lines.find((line) => line.startsWith('Expecting')) ?? 'unreadable';
  const tokens = expecting
    .replace(/_TOK'/g, "'")
    .replace(/'DOUBLE'/g, 'a number')
    .replace(/'EOF'/g, 'the end');
  return pointer === undefined ? tokens : `at character ${pointer.length}: ${tokens}`;
}

/**
 * An impact's outline from one CSV cell: Well-Known Text (`POLYGON ((lon lat, …))`,
 * `MULTIPOLYGON`) or a GeoJSON Polygon or MultiPolygon geometry, in WGS84 longitude/latitude.
 * @throws Error with a one-line message saying what is wrong (the caller adds file, line, column)
 */
export function parseOutlineText(text: string): SiteGeometry {
  const trimmed = text.trim();
  if (trimmed.length > MAX_OUTLINE_CHARACTERS)
    throw new Error(`${trimmed.length} characters, more than the ${MAX_OUTLINE_CHARACTERS} read`);
  let geometry: unknown;
  if (trimmed.startsWith('{')) {
    try {
      geometry = JSON.parse(trimmed);
    } catch {
      throw new Error('not valid GeoJSON (a cell starting with "{" is read as GeoJSON)');
    }
    const type = (geometry as { type?: unknown } | null)?.type;
    if (type === 'Feature') geometry = (geometry as { geometry?: unknown }).geometry;
  } else {
    try {
      geometry = wktToGeoJSON(trimmed);
    } catch (error) {
      throw new Error(`not Well-Known Text (${wktProblem((error as Error).message)})`);
    }
  }
  const { type, coordinates } = (geometry ?? {}) as { type?: unknown; coordinates?: unknown };
  if (type !== 'Polygon' && type !== 'MultiPolygon')
    throw new Error(`a ${typeof type === 'string' ? type : 'geometry'}, not a Polygon or MultiPolygon`);
  const polygons = type === 'Polygon' ? [coordinates] : coordinates;
  if (!Array.isArray(polygons) || polygons.length === 0) throw new Error('a MultiPolygon with no polygon');
  for (const rings of polygons) {
    const problem = ringProblem(rings);
    if (problem) throw new Error(problem);
  }
  return type === 'Polygon'
    ? { type, coordinates: coordinates as number[][][] }
    : { type, coordinates: coordinates as number[][][][] };
}
