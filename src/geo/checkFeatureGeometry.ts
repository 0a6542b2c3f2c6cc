import type { Feature } from 'geojson';
import { ReadLayerError } from './readLayerError.ts';

/** What a lookup says of a feature whose geometry it cannot use. */
export const MALFORMED_GEOMETRY = 'a feature has a malformed geometry';

/** Least positions per part: a ring closes on its first position, a line has two ends. */
const MIN_POSITIONS = { ring: 4, line: 2 } as const;

function isPosition(value: unknown): boolean {
  return Array.isArray(value) && value.length >= 2 && Number.isFinite(value[0]) && Number.isFinite(value[1]);
}

function isPositions(value: unknown, min: number): boolean {
  return Array.isArray(value) && value.length >= min && value.every(isPosition);
}

/** A polygon ring: four or more positions, the last equal to the first. */
function isRing(value: unknown): boolean {
  if (!isPositions(value, MIN_POSITIONS.ring)) return false;
  const ring = value as number[][];
  const first = ring[0] as number[];
  const last = ring[ring.length - 1] as number[];
  return first[0] === last[0] && first[1] === last[1];
}

function isNested(value: unknown, depth: number, min: number): boolean {
  if (depth === 0) return min === MIN_POSITIONS.ring ? isRing(value) : isPositions(value, min);
  return Array.isArray(value) && value.length > 0 && value.every((part) => isNested(part, depth - 1, min));
}

/** Whether a decoded geometry has the shape its type promises, with finite coordinates. */
function isWellFormed(geometry: unknown): boolean {
  if (geometry === null) return true;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  switch (type) {
    case 'Point':
      return isPosition(coordinates);
    case 'MultiPoint':
      return isPositions(coordinates, 1);
    case 'LineString':
      return isPositions(coordinates, MIN_POSITIONS.line);
    case 'MultiLineString':
      return isNested(coordinates, 1, MIN_POSITIONS.line);
    case 'Polygon':
      return isNested(coordinates, 1, MIN_POSITIONS.ring);
    case 'MultiPolygon':
      return isNested(coordinates, 2, MIN_POSITIONS.ring);
    default:
      return false;
  }
}

/**
 * Checks a feature decoded from `file` before the lookup uses it: a corrupted file can decode
 * into geometries with empty rings, missing coordinates or an unknown type, which would fail
 * deep inside point-in-polygon with a message naming nothing. Returns the feature.
 * @throws ReadLayerError naming `file`
 */
export function checkFeatureGeometry(file: string, feature: Feature): Feature {
  if (!isWellFormed(feature?.geometry ?? null)) {
    throw new ReadLayerError(file, MALFORMED_GEOMETRY);
  }
  return feature;
}
