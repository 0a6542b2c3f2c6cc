/**
 * The layer names of MnDOT's civil divisions package (Minnesota Geospatial Commons
 * `bdry-jurisdiction`, GeoPackage bdry_jurisdiction.gpkg), as published, and looser patterns
 * for copies (the local mirror's GeoJSON files). Pure.
 */
export const CIVIL_DIVISION_LAYERS = {
  lookup: {
    exact: 'Jurisdiction_Lookup_for_Minnesota',
    pattern: /jurisdiction_?lookup|ctu_?points|crosswalk/i,
  },
  cities: { exact: 'City_Boundaries_in_Minnesota', pattern: /city_?boundar/i },
};

/** True when a layer name is one of the civil division layers. */
export function isCivilDivisionLayer(layer: string): boolean {
  return CIVIL_DIVISION_LAYERS.lookup.pattern.test(layer) || CIVIL_DIVISION_LAYERS.cities.pattern.test(layer);
}
