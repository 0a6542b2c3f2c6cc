/**
 * Browser loading of whole built layers for drawing. Fetches one FlatGeobuf file in a
 * single request (so progress can be reported from the byte stream) and decodes it.
 * Point lookups read only the features they need through HTTP range requests instead
 * (see identify in this folder); this loader is for the map's sources.
 */

import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { checkLayerBytes } from './checkLayerBytes';
import { type LayerManifestEntry, type Manifest, parseManifest } from './manifest';

/** A layer that could not be loaded, with the layer named for the message panel. */
export class LayerLoadError extends Error {
  override name = 'LayerLoadError';
  constructor(
    readonly layerTitle: string,
    readonly reason: string,
  ) {
    super(`${layerTitle}: ${reason}`);
  }
}

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
  try {
    json = await response.json();
  } catch {
    throw new LayerLoadError('Layer manifest', 'is not valid JSON');
  }
  return parseManifest(json);
}

async function readWithProgress(
  response: Response,
  expectedBytes: number,
  onProgress: (fraction: number) => void,
): Promise<Uint8Array> {
  const total = Number(response.headers.get('content-length')) || expectedBytes;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    if (total > 0) onProgress(Math.min(1, received / total));
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Fetches and decodes one layer.
 * @throws LayerLoadError naming the layer when the file is missing, truncated or not FlatGeobuf.
 */
export async function loadLayer(
  baseUrl: string,
  entry: LayerManifestEntry,
  onProgress: (fraction: number) => void = () => {},
  signal?: AbortSignal,
): Promise<FeatureCollection> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${entry.file}`, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new LayerLoadError(entry.title, 'could not be reached');
  }
  if (!response.ok)
    throw new LayerLoadError(entry.title, `file ${entry.file} answered HTTP ${response.status}`);
  const bytes = await readWithProgress(response, entry.bytes, onProgress);
  const features: Feature<Geometry>[] = [];
  try {
    // A truncated or corrupted file would otherwise hang flatgeobuf (and the tab): check it first.
    await checkLayerBytes(entry.file, bytes);
    for await (const feature of deserialize(bytes)) features.push(feature as Feature<Geometry>);
  } catch (error) {
    throw new LayerLoadError(
      entry.title,
      `file ${entry.file} is not a readable FlatGeobuf file (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (entry.featureCount > 0 && features.length !== entry.featureCount) {
    throw new LayerLoadError(
      entry.title,
      `file ${entry.file} holds ${features.length} features, the manifest says ${entry.featureCount} (truncated or stale file)`,
    );
  }
  return { type: 'FeatureCollection', features };
}
