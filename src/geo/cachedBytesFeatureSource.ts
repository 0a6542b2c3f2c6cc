import type { Feature } from 'geojson';
import { createBytesFeatureSource, type LoadBytes } from './bytesFeatureSource.ts';
import { checkFeatureGeometry } from './checkFeatureGeometry.ts';
import { checkLayerBytes } from './checkLayerBytes.ts';
import type { FeatureSource, Rect } from './featureSource.ts';
import { ownBuffer } from './ownBuffer.ts';
import { RangeLayerReader } from './rangeLayerReader.ts';
import { readingLayer } from './readLayerError.ts';

interface CachedLayer {
  reader: RangeLayerReader;
  /** Decoded and checked features by their index in the file, each decoded once. */
  features: Map<number, Feature>;
}

/**
 * A FeatureSource over whole files in memory that keeps what it decodes, for many lookups in one
 * process (the CLI: a batch locates every site and impact). Each indexed file's R-tree is read
 * once into memory (RangeLayerReader, over the bytes), and each feature is decoded and checked
 * the first time a rect needs it, then served from memory: a batch of 800 points decodes the
 * few hundred polygons they fall in, once, instead of the file's tree and features per point or
 * every feature of every layer. Yields what createBytesFeatureSource yields for the same rect
 * (the features whose index box meets it, in file order), with the same checks and the same
 * ReadLayerError naming the file. Files without an index, or empty, are served by
 * createBytesFeatureSource.
 */
export function createCachedBytesFeatureSource(loadBytes: LoadBytes): FeatureSource {
  const scanned = createBytesFeatureSource(loadBytes);
  const layers = new Map<string, Promise<CachedLayer | null>>();

  async function open(file: string, signal?: AbortSignal): Promise<CachedLayer | null> {
    const bytes = ownBuffer(await loadBytes(file, signal));
    const header = await checkLayerBytes(file, bytes);
    if (header.indexNodeSize === 0 || header.featuresCount === 0) return null;
    const reader = await readingLayer(file, () =>
      RangeLayerReader.open(async (start, end) => bytes.subarray(start, end), bytes.length),
    );
    return { reader, features: new Map() };
  }

  return {
    async *features(file: string, rect: Rect, signal?: AbortSignal): AsyncIterable<Feature> {
      signal?.throwIfAborted();
      let opening = layers.get(file);
      if (!opening) {
        opening = open(file, signal);
        layers.set(file, opening);
        opening.catch(() => layers.delete(file));
      }
      const layer = await opening;
      if (!layer) {
        yield* scanned.features(file, rect, signal);
        return;
      }
      const wanted = layer.reader.search(rect);
      const missing = wanted.filter((index) => !layer.features.has(index));
      if (missing.length > 0) {
        await readingLayer(file, async () => {
          for await (const batch of layer.reader.read(missing, signal))
            for (const { index, feature } of batch)
              layer.features.set(index, checkFeatureGeometry(file, feature));
        });
      }
      for (const index of wanted) {
        signal?.throwIfAborted();
        yield layer.features.get(index) as Feature;
      }
    },
  };
}
