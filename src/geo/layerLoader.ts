/**
 * Browser loading of whole built layers for drawing: the manifest, then each FlatGeobuf file,
 * fetched and decoded in a worker so the map stays responsive.
 * Point lookups read only the features they need through HTTP range requests instead
 * (see identify in this folder); this loader is for the map's sources.
 */
import type { FeatureCollection, Point } from 'geojson';
import { type LayerManifestEntry, type Manifest, parseManifest, usableOverview } from '../formats/manifest';
import type { DecodeRequest } from './decodeLayer';
import { type DetailReply, type DetailRequest, handleDetailRequest, setRangeNotice } from './detailRequests';
import type { WorkerReply, WorkerRequest } from './layerDecoder.worker';
import { LayerLoadError } from './layerLoadError';
import { fromOfflineCopy, keepManifestCopy } from './offlineCopy';

export { LayerLoadError };

/** Reads and validates `manifest.json` under `baseUrl`. */
export async function loadManifest(baseUrl: string, signal?: AbortSignal): Promise<Manifest> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}manifest.json`, { signal, cache: 'no-cache' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new LayerLoadError('Layer manifest', 'could not be reached (is the server running?)');
  }
  if (!response.ok) {
    throw new LayerLoadError(
      'Layer manifest',
      `HTTP ${response.status}; run "npm run data" to build the layers`,
    );
  }
  let json: unknown;
  let text: string;
  try {
    text = await response.text();
    json = JSON.parse(text);
  } catch {
    throw new LayerLoadError('Layer manifest', 'is not valid JSON');
  }
  const manifest = parseManifest(json);
  // Before any layer is stored: a new build of the data replaces the old offline copy.
  if (!fromOfflineCopy(response)) await keepManifestCopy(response.url || `${baseUrl}manifest.json`, text);
  return manifest;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<
  number,
  {
    resolve: (layer: LoadedLayer) => void;
    reject: (error: Error) => void;
    onProgress: (fraction: number) => void;
  }
>();

let noticeListener: (message: string) => void = (message) => console.warn(message);

/**
 * Who hears the layer reads' one-line notices (a host without usable ranges), from the worker
 * or, where workers are missing, from the page itself.
 */
export function onLayerNotice(listener: (message: string) => void): void {
  noticeListener = listener;
  setRangeNotice(listener);
}

function decoder(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  if (!worker) {
    worker = new Worker(new URL('./layerDecoder.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.kind === 'notice') {
        noticeListener(reply.message);
        return;
      }
      const listener = listeners.get(reply.id);
      if (listener) {
        if (reply.kind !== 'batch') listeners.delete(reply.id);
        listener(reply as DetailReply);
        return;
      }
      const job = pending.get(reply.id);
      if (!job) return;
      if (reply.kind === 'progress') job.onProgress(reply.fraction);
      else if (reply.kind === 'done' || reply.kind === 'error') {
        pending.delete(reply.id);
        if (reply.kind === 'done') {
          const drawUrl = URL.createObjectURL(new Blob([reply.geojson], { type: 'application/geo+json' }));
          job.resolve(
            reply.labels
              ? { data: reply.data, drawUrl, labels: reply.labels }
              : { data: reply.data, drawUrl },
          );
        } else job.reject(new LayerLoadError(reply.title, reply.reason));
      }
    };
    worker.onerror = (event) => {
      for (const job of pending.values())
        job.reject(new LayerLoadError('Layer worker', event.message || 'stopped'));
      pending.clear();
      for (const [id, listener] of listeners)
        listener({ id, kind: 'failed', reason: event.message || 'the layer worker stopped', aborted: false });
      listeners.clear();
      worker = null;
    };
  }
  return worker;
}

/**
 * Fetches and decodes one layer in the layer worker (on the page where workers are missing).
 * @throws LayerLoadError naming the layer when the file is missing, truncated or not FlatGeobuf.
 */
/** A decoded layer, and (from the worker) a blob URL of its GeoJSON for the map to draw. */
export interface LoadedLayer {
  data: FeatureCollection;
  drawUrl: string | null;
  /** A label point per feature, when asked for (`labelPoints`), computed in the worker. */
  labels?: FeatureCollection<Point>;
}

export function loadLayer(
  baseUrl: string,
  entry: LayerManifestEntry,
  onProgress: (fraction: number) => void = () => {},
  /** Where the bytes are when not on the server, e.g. the blob URL of a layer imported in this browser. */
  url?: string,
  /** Also compute a label point per feature (off the main thread where there is a worker). */
  labelPoints = false,
): Promise<LoadedLayer> {
  // An area layer draws from its overview (full detail streams in by view, see MapView).
  const overview = usableOverview(entry);
  const file = overview?.file ?? entry.file;
  const request: DecodeRequest = {
    // An imported layer (its bytes in this browser) has no overview: it is read whole from `url`.
    url: url ?? new URL(`${baseUrl}${file}`, globalThis.location?.href).href,
    file,
    title: entry.title,
    bytes: overview?.bytes ?? entry.bytes,
    featureCount: entry.featureCount,
  };
  const target = decoder();
  // Without workers (never in a browser the page supports) the decoders load here, on demand.
  if (!target)
    return (
      overview
        ? import('./decodeOverview').then(({ decodeOverview }) => decodeOverview(request, onProgress))
        : import('./decodeLayer').then(({ decodeLayer }) => decodeLayer(request, onProgress))
    ).then((data) => ({ data, drawUrl: null }));
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, onProgress });
    target.postMessage({ id, overview: overview !== null, labelPoints, ...request } satisfies WorkerRequest);
  });
}

const listeners = new Map<number, (reply: DetailReply) => void>();

/**
 * Sends a detail request (stream, locate, areas; see detailRequests.ts) to the layer worker and
 * calls `onReply` with each reply; on the page itself where workers are missing.
 * @returns the request's id, for an abort
 */
export function sendDetailRequest(
  request: DistributiveOmit<Exclude<DetailRequest, { op: 'abort' }>, 'id'>,
  onReply: (reply: DetailReply) => void,
): () => void {
  const id = nextId++;
  const full = { ...request, id } as DetailRequest;
  const target = decoder();
  if (!target) {
    void handleDetailRequest(full, onReply);
    return () => void handleDetailRequest({ op: 'abort', id }, () => {});
  }
  listeners.set(id, onReply);
  target.postMessage(full satisfies WorkerRequest);
  return () => {
    if (!listeners.delete(id)) return;
    target.postMessage({ op: 'abort', id } satisfies WorkerRequest);
  };
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
