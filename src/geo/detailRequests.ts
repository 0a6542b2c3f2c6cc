/**
 * What the layer worker does for the map's detail and the page's lookups, beside decoding whole
 * layers: stream the full-resolution features of a box (cancellable), locate a batch of points
 * exactly, and read the polygons a drawn area overlaps. Runs in the worker, or on the page where
 * workers are missing; the messages are plain data both ways.
 */
import type { Feature } from 'geojson';
import type { Manifest } from '../formats/manifest';
import type { Rect } from './featureSource';
import type { Location, LookupLayer } from './location';
import { httpRangeFetch, RangeLayerReader } from './rangeLayerReader';
import { RangeLocator } from './rangeLocator';

export type DetailRequest =
  | {
      op: 'stream';
      id: number;
      url: string;
      bytes: number;
      rect: Rect;
      /** Feature indexes the map already holds at full resolution. */
      have: number[];
    }
  | { op: 'abort'; id: number }
  | {
      op: 'locate';
      id: number;
      baseUrl: string;
      manifest: Manifest;
      /** File name → blob URL of a layer imported in this browser (read there, not from the host). */
      localUrls?: Readonly<Record<string, string>>;
      points: [number, number][];
    }
  | {
      op: 'areas';
      id: number;
      baseUrl: string;
      manifest: Manifest;
      localUrls?: Readonly<Record<string, string>>;
      rect: Rect;
      layers: LookupLayer[];
    };

export type DetailReply =
  | { id: number; kind: 'batch'; indexes: number[]; features: Feature[]; loaded: number; total: number }
  | { id: number; kind: 'streamed' }
  | { id: number; kind: 'located'; locations: Location[]; failed: string[] }
  | { id: number; kind: 'areas'; layers: Partial<Record<LookupLayer, Feature[]>> }
  | { id: number; kind: 'failed'; reason: string; aborted: boolean }
  /** Not an answer to a request: a host's ranges fell back to a whole download (id -1). */
  | { id: number; kind: 'notice'; message: string };

/**
 * The same answer object for every point with the same units: a county's 100,000 sites fall in a
 * few hundred distinct places, and a message clones a shared object once, so the page receives
 * (and decodes on its main thread) a few hundred locations and 100,000 references to them.
 */
export function sharedLocations(locations: Location[]): Location[] {
  const byKey = new Map<string, Location>();
  return locations.map((location) => {
    const key = JSON.stringify(location);
    const known = byKey.get(key);
    if (known) return known;
    byKey.set(key, location);
    return location;
  });
}

const readers = new Map<string, Promise<RangeLayerReader>>();
const fetches = new Map<string, ReturnType<typeof httpRangeFetch>>();
const controllers = new Map<number, AbortController>();
const locators = new Map<string, RangeLocator>();

/** Where a range fallback's one-line notice goes (the page's notices; see layerLoader.ts). */
let notify: (message: string) => void = (message) => console.warn(message);

/** Sets who hears that a host's range answers could not be used (once per file). */
export function setRangeNotice(listener: (message: string) => void): void {
  notify = listener;
}

function rangeFetchOf(url: string) {
  const known = fetches.get(url);
  if (known) return known;
  const read = httpRangeFetch(url, (message) => notify(message));
  fetches.set(url, read);
  return read;
}

/** One reader per file for the life of the worker (its R-tree is read once). */
function readerOf(url: string, bytes: number): Promise<RangeLayerReader> {
  let reader = readers.get(url);
  if (!reader) {
    reader = RangeLayerReader.open(rangeFetchOf(url), bytes);
    readers.set(url, reader);
    reader.catch(() => readers.delete(url));
  }
  return reader;
}

function locatorOf(
  baseUrl: string,
  manifest: Manifest,
  localUrls: Readonly<Record<string, string>> = {},
): RangeLocator {
  // Imported layers share the built manifest's date: their blob URLs tell one set from another.
  const key = `${baseUrl}\n${manifest.generatedAt}\n${JSON.stringify(localUrls)}`;
  let locator = locators.get(key);
  if (!locator) {
    locator = new RangeLocator(manifest, (entry) =>
      rangeFetchOf(localUrls[entry.file] ?? new URL(entry.file, baseUrl).href),
    );
    locators.set(key, locator);
  }
  return locator;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Handles one request, posting its replies (several for a stream). */
export async function handleDetailRequest(
  request: DetailRequest,
  post: (reply: DetailReply) => void,
): Promise<void> {
  if (request.op === 'abort') {
    controllers.get(request.id)?.abort();
    controllers.delete(request.id);
    return;
  }
  const controller = new AbortController();
  controllers.set(request.id, controller);
  const { signal } = controller;
  try {
    if (request.op === 'stream') {
      const reader = await readerOf(request.url, request.bytes);
      const have = new Set(request.have);
      const wanted = reader.search(request.rect).filter((index) => !have.has(index));
      const total = reader.bytesOf(wanted);
      let loaded = 0;
      for await (const batch of reader.read(wanted, signal)) {
        loaded += reader.bytesOf(batch.map((item) => item.index));
        post({
          id: request.id,
          kind: 'batch',
          indexes: batch.map((item) => item.index),
          features: batch.map((item) => item.feature),
          loaded,
          total,
        });
      }
      post({ id: request.id, kind: 'streamed' });
    } else if (request.op === 'locate') {
      const failed: string[] = [];
      const locator = locatorOf(request.baseUrl, request.manifest, request.localUrls);
      const locations = sharedLocations(await locator.locateMany(request.points, signal, failed));
      post({ id: request.id, kind: 'located', locations, failed });
    } else {
      const locator = locatorOf(request.baseUrl, request.manifest, request.localUrls);
      const layers: Partial<Record<LookupLayer, Feature[]>> = {};
      for (const layer of request.layers)
        layers[layer] = [...(await locator.featuresIn(layer, [request.rect], signal)).values()];
      post({ id: request.id, kind: 'areas', layers });
    }
  } catch (error) {
    post({ id: request.id, kind: 'failed', reason: reasonOf(error), aborted: signal.aborted });
  } finally {
    controllers.delete(request.id);
  }
}
