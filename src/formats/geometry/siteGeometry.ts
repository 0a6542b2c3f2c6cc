/**
 * How a candidate site's outline is held in memory, in workers' messages and in IndexedDB.
 */

/**
 * A site outline in WGS84 longitude/latitude: GeoJSON Polygon or MultiPolygon coordinates, or
 * the same rings flat ({@link FlatSiteGeometry}, what the importer writes).
 */
export type SiteGeometry =
  | { type: 'Polygon'; coordinates: number[][][] }
  | { type: 'MultiPolygon'; coordinates: number[][][][] }
  | FlatSiteGeometry;

/**
 * A Polygon or MultiPolygon without an array per position: `xy` holds lon, lat of every position,
 * ring after ring (each ring closed, as in the file); `ringEnds[r]` is the position after ring r
 * ends, `partEnds[p]` the ring after polygon p ends (its first ring is the outer one). A hundred
 * thousand parcels are then 100,000 small typed arrays rather than four million arrays, which is
 * what reading, locating, posting them from the worker and keeping them in IndexedDB cost.
 */
export interface FlatSiteGeometry {
  type: 'Polygon' | 'MultiPolygon';
  xy: Float64Array;
  ringEnds: Uint32Array;
  partEnds: Uint32Array;
}
