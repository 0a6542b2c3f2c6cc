/**
 * Gives the polygon sites of an import their area shares, in the sites worker: of the lookup
 * layers (state, counties, watersheds, bank service areas) at full resolution, only the polygons
 * the outlines may overlap are read (each layer's R-tree, then the features in the quarter-degree
 * cells around the outlines, by HTTP ranges: outlineCells), once per import that holds an outline,
 * then each outline is located by area (src/geo/siteImport). A few parcels over layers of
 * official size read a few megabytes, not the ~100 MB of the layers. A file of points reads no
 * layer. The URLs are the page's own: served files, or the blob URLs of imported official layers.
 */

import type { Feature } from 'geojson';
import type { Manifest } from '../../formats/manifest';
import { checkFeatureGeometry } from '../../geo/checkFeatureGeometry';
import type { Rect } from '../../geo/featureSource';
import type { LookupLayer } from '../../geo/location';
import { httpRangeFetch } from '../../geo/rangeLayerReader';
import { RangeLocator } from '../../geo/rangeLocator';
import { createSiteLocator } from '../../geo/siteImport/locateSitePolygon';
import { locateSites } from '../../geo/siteImport/locateSites';
import { outlineCells } from '../../geo/siteImport/outlineCells';
import { type LookupCollections, UnitIndex } from '../../geo/unitIndex';
import type { UserSite } from '../../siting/userSite';

/** Where the worker reads the lookup layers: the manifest and a URL per layer file. */
export interface SiteLookupLayers {
  manifest: Manifest;
  urls: Partial<Record<LookupLayer, string>>;
}

/** The features of one layer meeting the cells, in file order, each geometry checked. */
async function readLayerNear(
  locator: RangeLocator,
  name: LookupLayer,
  cells: readonly Rect[],
): Promise<LookupCollections[LookupLayer]> {
  let found: Map<number, Feature>;
  try {
    found = await locator.featuresIn(name, cells);
  } catch (error) {
    throw new Error(
      `the ${name} layer could not be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const features = [...found.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, feature]) => checkFeatureGeometry(name, feature));
  return { type: 'FeatureCollection', features } as LookupCollections[LookupLayer];
}

/**
 * The sites with outlines located by area (the others as they were), or the sites unchanged
 * when none has an outline.
 * @param onProgress stage 'layers' while the layers load (done of total layers), then 'sites'
 */
export async function locateSiteOutlines(
  sites: UserSite[],
  lookup: SiteLookupLayers,
  onProgress: (stage: 'layers' | 'sites', done: number, total: number) => void,
): Promise<UserSite[]> {
  if (!sites.some((site) => site.geometry)) return sites;
  const entries = Object.entries(lookup.urls) as [LookupLayer, string][];
  const urlOf = new Map(entries.map(([name, url]) => [lookup.manifest.layers[name]?.file, url]));
  const locator = new RangeLocator(lookup.manifest, (entry) =>
    httpRangeFetch(urlOf.get(entry.file) ?? entry.file),
  );
  const cells = outlineCells(sites);
  const collections: LookupCollections = {};
  for (let i = 0; i < entries.length; i++) {
    onProgress('layers', i, entries.length);
    const [name] = entries[i] as [LookupLayer, string];
    collections[name] = await readLayerNear(locator, name, cells);
  }
  onProgress('layers', entries.length, entries.length);
  const siteLocator = createSiteLocator(new UnitIndex(lookup.manifest, collections));
  const located = await locateSites(sites, siteLocator, {
    onProgress: (done, total) => onProgress('sites', done, total),
  });
  return located?.sites ?? sites;
}
