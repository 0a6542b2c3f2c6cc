/**
 * Gives the polygon sites of an import their area shares, in the sites worker: the lookup layers
 * (state, counties, watersheds, bank service areas) are read whole at full resolution, once per
 * import that holds an outline, then each outline is located by area (src/geo/siteImport). A
 * file of points reads no layer. The URLs are the page's own: served files, or the blob URLs of
 * imported official layers.
 */
import type { LookupLayer } from '../../geo/locationFromHits';
import type { Manifest } from '../../geo/manifest';
import { readFeatureCollection } from '../../geo/readFeatureCollection';
import { createSiteLocator } from '../../geo/siteImport/locateSitePolygon';
import { locateSites } from '../../geo/siteImport/locateSites';
import { type LookupCollections, UnitIndex } from '../../geo/unitIndex';
import type { UserSite } from '../../store/inputs';

/** Where the worker reads the lookup layers: the manifest and a URL per layer file. */
export interface SiteLookupLayers {
  manifest: Manifest;
  urls: Partial<Record<LookupLayer, string>>;
}

async function readLayer(name: string, url: string): Promise<LookupCollections[LookupLayer]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the ${name} layer could not be read (HTTP ${response.status})`);
  return readFeatureCollection(new Uint8Array(await response.arrayBuffer()), name);
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
  const collections: LookupCollections = {};
  for (let i = 0; i < entries.length; i++) {
    onProgress('layers', i, entries.length);
    const [name, url] = entries[i] as [LookupLayer, string];
    collections[name] = await readLayer(name, url);
  }
  onProgress('layers', entries.length, entries.length);
  const locator = createSiteLocator(new UnitIndex(lookup.manifest, collections));
  const located = await locateSites(sites, locator, {
    onProgress: (done, total) => onProgress('sites', done, total),
  });
  return located?.sites ?? sites;
}
