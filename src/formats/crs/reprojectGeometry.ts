import type { Geometry, Position } from 'geojson';
import proj4 from 'proj4';

// proj4 knows EPSG:4326, 4269 and 3857 by name; UTM 15N on NAD83 is the Minnesota agencies' CRS.
proj4.defs(
  'EPSG:26915',
  '+proj=utm +zone=15 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs',
);

/**
 * A converter from a source CRS (an EPSG code like "EPSG:26915" or a .prj WKT string) to
 * WGS84 longitude/latitude.
 * @throws Error when proj4 cannot read the definition
 */
export function toWgs84(sourceCrs: string): (p: Position) => Position {
  const converter = proj4(sourceCrs, 'EPSG:4326');
  const general = (p: Position): Position => converter.forward([p[0]!, p[1]!]);
  return directInverse(sourceCrs, general) ?? general;
}

const R2D = 180 / Math.PI;
/** UTM 15N metres spread over Minnesota and beyond, where the direct inverse must agree exactly. */
const PROBES: Position[] = Array.from({ length: 64 }, (_, i) => [
  150_000 + (i % 8) * 90_000 + i * 137.5,
  4_700_000 + Math.floor(i / 8) * 110_000 + i * 91.25,
]);

/**
 * The projection's own inverse, in degrees, for a projected CRS on WGS84's datum (NAD83 and
 * WGS84 are one datum to proj4): what proj4's general transform computes for it, without the
 * five objects per point it allocates around that (at the official size, 6 million points, that
 * was about 1.5 s and much of the import's garbage). Used only when it gives exactly the general
 * transform's numbers at every probe; otherwise null, and the general transform is used.
 */
function directInverse(
  sourceCrs: string,
  general: (p: Position) => Position,
): ((p: Position) => Position) | null {
  // The probes decide alone: a unit, a prime meridian, an axis order or a datum shift that the
  // general transform applies and the projection's inverse does not changes every probe.
  const projection = proj4.Proj(sourceCrs) as unknown as {
    inverse: (p: { x: number; y: number }) => { x: number; y: number } | null | undefined;
  };
  const direct = (p: Position): Position => {
    const q = projection.inverse({ x: p[0]!, y: p[1]! });
    return q ? [q.x * R2D, q.y * R2D] : [Number.NaN, Number.NaN];
  };
  for (const probe of PROBES) {
    const [a, b] = [direct(probe), general(probe)];
    if (a[0] !== b[0] || a[1] !== b[1]) return null;
  }
  return direct;
}

function mapPositions(value: unknown, fn: (p: Position) => Position): unknown {
  if (!Array.isArray(value)) return value;
  if (typeof value[0] === 'number') return fn(value as Position);
  return value.map((child) => mapPositions(child, fn));
}

/** A copy of a geometry with every position converted (the input is not changed). */
export function reprojectGeometry<G extends Geometry>(geometry: G, fn: (p: Position) => Position): G {
  if (geometry.type === 'GeometryCollection')
    return { ...geometry, geometries: geometry.geometries.map((g) => reprojectGeometry(g, fn)) };
  return { ...geometry, coordinates: mapPositions(geometry.coordinates, fn) } as G;
}
