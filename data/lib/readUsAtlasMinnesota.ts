import { createRequire } from 'node:module';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature, merge } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Where the packaged fallback comes from, for the manifest. */
export const US_ATLAS_SOURCE = {
  source: 'us-atlas 3.0.1 counties-10m.json (U.S. Census Bureau cartographic boundaries, 1:10,000,000)',
  sourceUrl: 'https://github.com/topojson/us-atlas',
  asOf: '2017 (Census cartographic boundary files used by us-atlas 3)',
  licence: 'ISC (us-atlas); boundaries are U.S. Government work (public domain)',
};

/**
 * Minnesota's 87 counties (FIPS 27xxx) and the state outline merged from them, from the
 * us-atlas npm package — the fallback when there is no mirror and no network. Coarser
 * (1:10m) than the Census 500k files, but real and official in origin.
 */
export function readUsAtlasMinnesota(): {
  counties: Feature<Polygon | MultiPolygon, { id: string; name: string }>[];
  state: MultiPolygon;
} {
  const require = createRequire(import.meta.url);
  const topology = require('us-atlas/counties-10m.json') as Topology<{
    counties: GeometryCollection<{ name: string }>;
  }>;
  const minnesota = topology.objects.counties.geometries.filter((g) => String(g.id).startsWith('27'));
  const counties = minnesota.map((g) => {
    const f = feature(topology, g) as Feature<Polygon | MultiPolygon, { name: string }>;
    return { ...f, properties: { id: String(g.id), name: f.properties.name } };
  });
  const state = merge(topology, minnesota as never);
  return { counties, state };
}
