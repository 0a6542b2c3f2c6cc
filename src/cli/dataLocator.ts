import type { FeatureSource } from '../geo/featureSource.ts';
import { type Location, locatePoint } from '../geo/locatePoint.ts';
import { LOOKUP_LAYERS, type LookupLayer } from '../geo/locationFromHits.ts';
import type { Manifest } from '../geo/manifest.ts';
import { readFeatureCollection } from '../geo/readFeatureCollection.ts';
import { type LookupCollections, UnitIndex } from '../geo/unitIndex.ts';

/**
 * Lookups answered through each file's own packed R-tree (decoding only the few features near
 * the point) before the layers are decoded whole into an in-memory index. Decoding and indexing
 * all lookup layers costs about as much as 500-700 file-index lookups (BENCHMARKS.md), so this
 * is the ski-rental break-even: a `locate` or a small `rank` never pays for the whole decode,
 * and a batch pays for it once and then answers each point in tens of microseconds.
 */
export const FILE_INDEX_LOOKUPS = 512;

/** Reads the bytes of one layer file. */
export type ReadLayer = (file: string) => Promise<Uint8Array>;

/** A point lookup over a data directory; answers equal `locatePoint`'s whichever path serves. */
export type Locate = (point: readonly [number, number]) => Promise<Location>;

async function buildIndex(manifest: Manifest, readLayer: ReadLayer): Promise<UnitIndex> {
  const collections: LookupCollections = {};
  await Promise.all(
    LOOKUP_LAYERS.map(async (layer: LookupLayer) => {
      const entry = manifest.layers[layer];
      if (entry) collections[layer] = await readFeatureCollection(await readLayer(entry.file), entry.file);
    }),
  );
  return new UnitIndex(manifest, collections);
}

/**
 * The CLI's point lookup: the first FILE_INDEX_LOOKUPS points through `source` (the files'
 * R-trees), every later point through a UnitIndex built once from the whole layers.
 */
export function createDataLocator(manifest: Manifest, source: FeatureSource, readLayer: ReadLayer): Locate {
  let lookups = 0;
  let index: Promise<UnitIndex> | undefined;
  return async (point) => {
    lookups += 1;
    if (lookups <= FILE_INDEX_LOOKUPS) return locatePoint(point, manifest, source);
    index ??= buildIndex(manifest, readLayer);
    return (await index).locate(point);
  };
}
