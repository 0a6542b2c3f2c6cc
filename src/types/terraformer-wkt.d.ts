// @terraformer/wkt 2.2 ships no types: the one function the impacts reader calls.
declare module '@terraformer/wkt' {
  /** Parses Well-Known Text; throws an Error whose message names the position of a parse error. */
  export function wktToGeoJSON(wkt: string): import('geojson').Geometry;
}
