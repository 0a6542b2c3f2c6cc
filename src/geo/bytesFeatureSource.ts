import { geojson } from 'flatgeobuf';
import type { Feature } from 'geojson';
import { checkFeatureGeometry } from './checkFeatureGeometry.ts';
import { checkLayerBytes } from './checkLayerBytes.ts';
import { featureBoxIntersects } from './featureBoxIntersects.ts';
import type { FeatureSource, Rect } from './featureSource.ts';
import { ownBuffer } from './ownBuffer.ts';
import { readingLayer, readingLayerFeatures } from './readLayerError.ts';

/** Reads the bytes of one layer file, e.g. from disk in node. */
export type LoadBytes = (file: string, signal?: AbortSignal) => Promise<Uint8Array>;

interface LoadedLayer {
  bytes: Uint8Array;
  indexed: boolean;
  empty: boolean;
}

async function inspect(bytes: Uint8Array): Promise<LoadedLayer> {
  let indexed = false;
  let empty = true;
  const all = geojson.deserialize(bytes, {
    headerMetaFn: (header) => {
      indexed = header.indexNodeSize > 0;
      empty = header.featuresCount === 0;
    },
  });
  // The header callback runs when the first feature is requested.
  await all.next();
  await all.return(undefined);
  return { bytes, indexed, empty };
}

/**
 * A FeatureSource over whole files in memory (node, the CLI, tests). Indexed files are searched
 * through their packed R-tree; files without an index are scanned and filtered by bounding box.
 * Each file is loaded once and kept.
 */
export function createBytesFeatureSource(loadBytes: LoadBytes): FeatureSource {
  const layers = new Map<string, Promise<LoadedLayer>>();
  return {
    async *features(file: string, rect: Rect, signal?: AbortSignal): AsyncIterable<Feature> {
      signal?.throwIfAborted();
      let loaded = layers.get(file);
      if (!loaded) {
        // A truncated or corrupted file fails here with a ReadLayerError naming it.
        loaded = loadBytes(file, signal).then(async (bytes) => {
          const own = ownBuffer(bytes);
          await checkLayerBytes(file, own);
          return readingLayer(file, () => inspect(own));
        });
        layers.set(file, loaded);
        loaded.catch(() => layers.delete(file));
      }
      const layer = await loaded;
      if (layer.empty) return;
      const features = layer.indexed
        ? geojson.deserialize(layer.bytes, { rect })
        : geojson.deserialize(layer.bytes);
      for await (const decoded of readingLayerFeatures(file, features)) {
        signal?.throwIfAborted();
        const feature = checkFeatureGeometry(file, decoded as Feature);
        if (layer.indexed || featureBoxIntersects(feature, rect)) yield feature;
      }
    },
  };
}
