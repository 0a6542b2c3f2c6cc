/**
 * The layer worker's request for one built layer: its overview (an area layer's first view) or its
 * whole FlatGeobuf file. One place, so the page's requests and the worker's start-up prefetch
 * (firstViewPrefetch.ts) name the same URL for the same layer.
 */
import { type LayerManifestEntry, usableOverview } from '../formats/manifest';
import type { DecodeRequest } from './decodeLayer';

export function decodeRequestOf(
  baseUrl: string,
  entry: LayerManifestEntry,
  /** Where the bytes are when not on the server, e.g. the blob URL of a layer imported in this browser. */
  url?: string,
): { request: DecodeRequest; overview: boolean } {
  // An area layer draws from its overview (full detail streams in by view, see MapView).
  const overview = usableOverview(entry);
  const file = overview?.file ?? entry.file;
  return {
    request: {
      // An imported layer (its bytes in this browser) has no overview: it is read whole from `url`.
      url: url ?? new URL(`${baseUrl}${file}`, globalThis.location?.href).href,
      file,
      title: entry.title,
      bytes: overview?.bytes ?? entry.bytes,
      featureCount: entry.featureCount,
    },
    overview: overview !== null,
  };
}
