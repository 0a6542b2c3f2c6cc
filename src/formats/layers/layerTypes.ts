import type { Feature, Geometry, MultiPolygon, Polygon } from 'geojson';

/** Property values the normalized schema allows (data/SCHEMA.md); FlatGeobuf columns are typed from these. */
export type PropertyValue = string | number | boolean | null;

/** One feature of a normalized layer. */
export type LayerFeature<G extends Geometry = Geometry> = Feature<G, Record<string, PropertyValue>>;

/** A Polygon or MultiPolygon feature. */
export type AreaFeature = LayerFeature<Polygon | MultiPolygon>;
