import { generic, geojson } from 'flatgeobuf';
import type { Feature } from 'geojson';
import { createBytesFeatureSource } from './bytesFeatureSource.ts';
import type { FeatureSource, Rect } from './featureSource.ts';

/**
 * A FeatureSource over FlatGeobuf files at `baseUrl` (the browser). Indexed files are read with
 * HTTP range requests for only the features whose box meets `rect`; a file without an index is
 * fetched whole once. FlatGeobuf's range requests cannot be cancelled mid-flight, so `signal` is
 * checked between features; whole-file fetches are aborted by it.
 */
export function createUrlFeatureSource(baseUrl: string): FeatureSource {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const indexed = new Map<string, Promise<boolean>>();
  const whole = createBytesFeatureSource(async (file, signal) => {
    const response = await fetch(new URL(file, base), signal ? { signal } : {});
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
  return {
    async *features(file: string, rect: Rect, signal?: AbortSignal): AsyncIterable<Feature> {
      signal?.throwIfAborted();
      const url = new URL(file, base).href;
      let hasIndex = indexed.get(url);
      if (!hasIndex) {
        hasIndex = generic
          .readMetadata(url)
          .then((header) => header.indexNodeSize > 0 && header.featuresCount > 0);
        indexed.set(url, hasIndex);
        hasIndex.catch(() => indexed.delete(url));
      }
      if (!(await hasIndex)) {
        yield* whole.features(file, rect, signal);
        return;
      }
      for await (const feature of geojson.deserialize(url, { rect })) {
        signal?.throwIfAborted();
        yield feature as Feature;
      }
    },
  };
}
