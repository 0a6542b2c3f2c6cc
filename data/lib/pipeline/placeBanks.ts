import type { Feature } from 'geojson';
import type { LayerFeature } from '../../../src/formats/layers/layerTypes.ts';
import type { LayerManifestEntry, LayerName, Manifest } from '../../../src/formats/manifest.ts';
import { locateBanks } from '../../../src/geo/locateBanks.ts';
import { LOOKUP_LAYERS } from '../../../src/geo/location.ts';
import type { LookupCollections, UnitIndex } from '../../../src/geo/unitIndex.ts';

/**
 * Writes each bank's units (minor and major watershed, bank service area, county, its class, and
 * the units it lies on the boundary of) into its properties, from the lookup layers this build
 * holds, with the lookup the page and the CLI use.
 */
export function placeBanks(
  banks: LayerFeature[],
  layers: ReadonlyMap<LayerName, { features: LayerFeature[] }>,
): UnitIndex {
  const collections: LookupCollections = {};
  const present: Manifest['layers'] = {};
  for (const name of LOOKUP_LAYERS) {
    const layer = layers.get(name);
    if (!layer) continue;
    collections[name] = { type: 'FeatureCollection', features: layer.features as Feature[] };
    // What the lookup reads of a layer's entry: that it is built (its source is not needed here).
    present[name] = { title: name, official: false, demonstration: false, asOf: '' } as LayerManifestEntry;
  }
  return locateBanks(banks as Feature[], collections, {
    schema: 1,
    generatedAt: '',
    demonstration: false,
    areaClassOverrides: 'area-class-overrides.json',
    layers: present,
  });
}
