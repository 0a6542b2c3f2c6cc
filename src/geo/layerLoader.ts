/**
 * Browser loading of whole built layers for drawing: the manifest, then each FlatGeobuf file,
 * fetched and decoded in a worker so the map stays responsive.
 * Point lookups read only the features they need through HTTP range requests instead
 * (see identify in this folder); this loader is for the map's sources.
 */
import type { FeatureCollection } from 'geojson';
import { type DecodeRequest, decodeLayer, LayerLoadError } from './decodeLayer';
import type { WorkerReply, WorkerRequest } from './layerDecoder.worker';
import { type LayerManifestEntry, type Manifest, parseManifest } from './manifest';
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

function decoder(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  if (!worker) {
    worker = new Worker(new URL('./layerDecoder.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      const job = pending.get(reply.id);
      if (!job) return;
      if (reply.kind === 'progress') job.onProgress(reply.fraction);
      else {
        pending.delete(reply.id);
        if (reply.kind === 'done') {
          const drawUrl = URL.createObjectURL(new Blob([reply.geojson], { type: 'application/geo+json' }));
          job.resolve({ data: reply.data, drawUrl });
        } else job.reject(new LayerLoadError(reply.title, reply.reason));
      }
    };
    worker.onerror = (event) => {
      for (const job of pending.values())
        job.reject(new LayerLoadError('Layer worker', event.message || 'stopped'));
      pending.clear();
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
}

export function loadLayer(
  baseUrl: string,
  entry: LayerManifestEntry,
  onProgress: (fraction: number) => void = () => {},
): Promise<LoadedLayer> {
  const request: DecodeRequest = {
    url: new URL(`${baseUrl}${entry.file}`, globalThis.location?.href).href,
    file: entry.file,
    title: entry.title,
    bytes: entry.bytes,
    featureCount: entry.featureCount,
  };
  const target = decoder();
  if (!target) return decodeLayer(request, onProgress).then((data) => ({ data, drawUrl: null }));
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, onProgress });
    target.postMessage({ id, ...request } satisfies WorkerRequest);
  });
}
