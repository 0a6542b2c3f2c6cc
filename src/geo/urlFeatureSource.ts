import { fromFeature } from 'flatgeobuf/lib/mjs/geojson/feature.js';
import { HttpReader } from 'flatgeobuf/lib/mjs/http-reader.js';
import type { Feature } from 'geojson';
import { createBytesFeatureSource } from './bytesFeatureSource.ts';
import { CheckedRangeClient, type RangeFileState } from './checkedRangeClient.ts';
import type { FeatureSource, Rect } from './featureSource.ts';

export interface UrlFeatureSourceOptions {
  /** One line per file whose host forced a whole download instead of range reads. */
  onNotice?: (message: string) => void;
}

/**
 * A FeatureSource over FlatGeobuf files at `baseUrl` (the browser; any origin that sends the
 * CORS headers of data/README.md). Indexed files are read with HTTP range requests for only the
 * features whose box meets `rect`, each answer checked against the bytes asked for
 * (CheckedRangeClient: a host without ranges, or one that compresses them, costs one whole
 * download with a notice, never corrupt features); a file without an index is fetched whole
 * once. `signal` aborts the requests in flight and is checked between features.
 */
export function createUrlFeatureSource(
  baseUrl: string,
  options: UrlFeatureSourceOptions = {},
): FeatureSource {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const files = new Map<string, RangeFileState>();
  const unindexed = new Set<string>();
  const stateOf = (url: string): RangeFileState => {
    let state = files.get(url);
    if (!state) {
      state = { whole: null };
      files.set(url, state);
    }
    return state;
  };
  const whole = createBytesFeatureSource(async (file, signal) => {
    const url = new URL(file, base).href;
    const kept = stateOf(url).whole;
    if (kept) return kept;
    const response = await fetch(url, signal ? { signal } : {});
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
  return {
    async *features(file: string, rect: Rect, signal?: AbortSignal): AsyncIterable<Feature> {
      signal?.throwIfAborted();
      const url = new URL(file, base).href;
      if (unindexed.has(url)) {
        yield* whole.features(file, rect, signal);
        return;
      }
      const client = new CheckedRangeClient(url, stateOf(url), { signal, onNotice: options.onNotice });
      let reader: HttpReader;
      try {
        reader = await HttpReader.openSource(client);
      } catch (error) {
        // HttpReader refuses files without a spatial index; those are read whole.
        if (error instanceof Error && /No index found/.test(error.message)) {
          unindexed.add(url);
          yield* whole.features(file, rect, signal);
          return;
        }
        throw error;
      }
      if (reader.header.featuresCount === 0) return;
      for await (const { id, feature } of reader.selectBbox(rect)) {
        signal?.throwIfAborted();
        yield fromFeature(id, feature, reader.header) as Feature;
      }
    },
  };
}
