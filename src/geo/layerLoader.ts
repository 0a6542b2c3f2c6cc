/**
 * Browser loading of whole built layers for drawing: the manifest, then each FlatGeobuf file,
 * fetched and decoded in a worker so the map stays responsive.
 * Point lookups read only the features they need through HTTP range requests instead
 * (see identify in this folder); this loader is for the map's sources.
 */
import type { FeatureCollection, Point } from 'geojson';
import { type LayerManifestEntry, type LayerName, type Manifest, parseManifest } from '../formats/manifest';
import { adoptDataSource, BUILT_DATA_URL, type DataSource, pagePolicy, readDataSource } from './dataSource';
import { decodeRequestOf } from './decodeRequestOf';
import { type DetailReply, type DetailRequest, handleDetailRequest, setRangeNotice } from './detailRequests';
import { fetchManifest, type ManifestAnswer } from './fetchManifest';
import type { WorkerReply, WorkerRequest } from './layerDecoder.worker';
import { LayerLoadError } from './layerLoadError';
import { holdStores, keepManifestCopy, openStores } from './offlineCopy';

export { LayerLoadError };

/** Reads and validates `manifest.json` under `baseUrl`. */
export async function loadManifest(baseUrl: string, signal?: AbortSignal): Promise<Manifest> {
  // The worker's start-up read it already (once, and only for the same data source).
  const early = earlyManifest;
  earlyManifest = null;
  const prefetched = early ? await early : null;
  const answer =
    prefetched && prefetched.baseUrl === baseUrl ? prefetched : await fetchManifest(baseUrl, signal);
  if (!answer.reached)
    throw new LayerLoadError('Layer manifest', 'could not be reached (is the server running?)');
  if (!answer.ok) {
    throw new LayerLoadError(
      'Layer manifest',
      `HTTP ${answer.status}; run "npm run data" to build the layers`,
    );
  }
  let json: unknown;
  const text = answer.text;
  try {
    if (text === null) throw new Error('unreadable');
    json = JSON.parse(text);
  } catch {
    throw new LayerLoadError('Layer manifest', 'is not valid JSON');
  }
  const manifest = parseManifest(json);
  // Before any layer is stored: a new build of the data replaces the old offline copy.
  if (answer.offline) setWorkerStores(true);
  else if (keptByWorker.has(answer)) {
    // The worker keeps the copy (and opens its own stores; the page's open at its word).
  } else {
    // The layers are fetched and decoded while the copy is kept; only their stores wait for it.
    setWorkerStores(false);
    void keepManifestCopy(answer.url || `${baseUrl}manifest.json`, text).then(() => setWorkerStores(true));
  }
  return manifest;
}

let worker: Worker | null = null;
/** Whether the layer worker may store what it fetched (the manifest's copy is kept: offlineCopy.ts). */
let workerStoresOpen = false;

function setWorkerStores(open: boolean): void {
  workerStoresOpen = open;
  worker?.postMessage({ op: 'stores', open } satisfies WorkerRequest);
}
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

/** The manifest as the worker's start-up read it, for the page's first loadManifest. */
let earlyManifest: Promise<ManifestAnswer | null> | null = null;
let prefetchStarted = false;
/** Manifest answers whose offline copy the worker keeps. */
const keptByWorker = new WeakSet<ManifestAnswer>();
/** What the start-up still owes the page; settled from the worker's replies (or its failure). */
let startup: {
  source: (source: DataSource) => void;
  manifest: (answer: ManifestAnswer | null) => void;
  fallback: () => void;
} | null = null;

/**
 * Starts the layer worker and, in it, the first view's data chain (firstViewPrefetch.ts): the data
 * source, the manifest and the first view's layers are read there while the page evaluates and
 * renders (issue 24, item 12: this chain, step by step between the page's tasks, held the map's
 * first draw back by ~1 s). The page's dataSource() and first loadManifest take the worker's answers.
 * Once per page; `deferred` as the layer store defers them.
 */
export function startLayerWorker(deferred: readonly LayerName[]): void {
  if (prefetchStarted) return;
  prefetchStarted = true;
  const target = decoder();
  if (!target) return;
  const pageUrl = window.location.href;
  const policy = pagePolicy();
  let settleSource: (source: DataSource) => void = () => {};
  const source = new Promise<DataSource>((resolve) => {
    settleSource = resolve;
  });
  let settleManifest: (answer: ManifestAnswer | null) => void = () => {};
  earlyManifest = new Promise((resolve) => {
    settleManifest = resolve;
  });
  startup = {
    source: settleSource,
    manifest: settleManifest,
    // The worker stopped before answering: the page reads both itself.
    fallback: () => {
      void readDataSource(pageUrl, policy).then(settleSource);
      settleManifest(null);
    },
  };
  adoptDataSource(source);
  target.postMessage({
    op: 'prefetch',
    pageUrl,
    policy,
    built: BUILT_DATA_URL,
    deferred,
  } satisfies WorkerRequest);
}

function decoder(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  if (!worker) {
    worker = new Worker(new URL('./layerDecoder.worker.ts', import.meta.url), { type: 'module' });
    // A worker started again (after an error) holds its stores until told, like the first.
    if (workerStoresOpen) worker.postMessage({ op: 'stores', open: true } satisfies WorkerRequest);
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.kind === 'source') {
        startup?.source(reply.source);
        return;
      }
      if (reply.kind === 'manifest') {
        if (reply.keeping) {
          keptByWorker.add(reply.answer);
          // The page's own stores (e.g. the area class file) wait until the worker has kept it.
          holdStores();
        }
        startup?.manifest(reply.answer);
        startup = null;
        return;
      }
      if (reply.kind === 'kept') {
        workerStoresOpen = true;
        openStores();
        return;
      }
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
          const loaded: LoadedLayer = reply.data ? { data: reply.data, drawUrl } : { data: null, drawUrl };
          job.resolve(reply.labels ? { ...loaded, labels: reply.labels } : loaded);
        } else job.reject(new LayerLoadError(reply.title, reply.reason));
      }
    };
    worker.onerror = (event) => {
      startup?.fallback();
      // A worker that stopped will not say it kept the manifest: the page's stores go ahead.
      openStores();
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
 * A decoded layer, and (from the worker) a blob URL of its GeoJSON for the map to draw, and a
 * label point per feature when asked for (`labelPoints`, computed in the worker). `data` is null
 * for a layer loaded `drawOnly` through the worker: the map has it by `drawUrl`, and the page holds
 * none of its geometry.
 */
export type LoadedLayer =
  | { data: FeatureCollection; drawUrl: string | null; labels?: FeatureCollection<Point> }
  | { data: null; drawUrl: string; labels?: FeatureCollection<Point> };

/** What the map's source is given: the worker's GeoJSON by URL, else the features themselves. */
export function drawSourceOf(layer: LoadedLayer): string | FeatureCollection {
  return layer.data === null ? layer.drawUrl : (layer.drawUrl ?? layer.data);
}

/**
 * Fetches and decodes one layer in the layer worker (on the page where workers are missing).
 * @throws LayerLoadError naming the layer when the file is missing, truncated or not FlatGeobuf.
 */
export function loadLayer(
  baseUrl: string,
  entry: LayerManifestEntry,
  onProgress: (fraction: number) => void = () => {},
  /** Where the bytes are when not on the server, e.g. the blob URL of a layer imported in this browser. */
  url?: string,
  /** Also compute a label point per feature (off the main thread where there is a worker). */
  labelPoints = false,
  /** The page reads none of the layer's features: only the map gets them (where there is a worker). */
  drawOnly = false,
): Promise<LoadedLayer> {
  const { request, overview } = decodeRequestOf(baseUrl, entry, url);
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
    target.postMessage({ id, overview, labelPoints, drawOnly, ...request } satisfies WorkerRequest);
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
