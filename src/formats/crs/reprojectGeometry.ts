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
  return (p) => converter.forward([p[0]!, p[1]!]);
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
