/**
 * Fetches one FlatGeobuf layer in a single request, reporting progress from the byte stream,
 * and decodes it. Runs in the layer worker (so an 11 MB decode never freezes the map) or, where
 * workers are unavailable, on the page.
 */

import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { checkLayerBytes } from './checkLayerBytes';
import { LayerLoadError } from './layerLoadError';
import { fromOfflineCopy, keepOfflineCopy } from './offlineCopy';

export { LayerLoadError };

export interface DecodeRequest {
  url: string;
  file: string;
  title: string;
  bytes: number;
  featureCount: number;
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

async function fetchLayer(
  request: DecodeRequest,
  onProgress: (fraction: number) => void,
  signal: AbortSignal | undefined,
  cache: RequestCache,
): Promise<{ response: Response; bytes: Uint8Array }> {
  let response: Response;
  try {
    response = await fetch(request.url, { cache, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new LayerLoadError(request.title, 'could not be reached');
  }
  if (!response.ok)
    throw new LayerLoadError(request.title, `file ${request.file} answered HTTP ${response.status}`);
  return { response, bytes: await readWithProgress(response, request.bytes, onProgress) };
}

/** The manifest's size, and the FlatGeobuf checks. */
async function looksWhole(request: DecodeRequest, bytes: Uint8Array): Promise<boolean> {
  if (request.bytes > 0 && bytes.byteLength !== request.bytes) return false;
  try {
    await checkLayerBytes(request.file, bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Fetches and decodes one layer.
 * @throws LayerLoadError naming the layer when the file is missing, truncated or not FlatGeobuf.
 */
export async function decodeLayer(
  request: DecodeRequest,
  onProgress: (fraction: number) => void = () => {},
  signal?: AbortSignal,
): Promise<FeatureCollection> {
  let { response, bytes } = await fetchLayer(request, onProgress, signal, 'default');
  // Bytes that are not the file the manifest describes (a host that compressed ranges left the
  // browser's cache with a wrongly pieced copy, issue 15) are fetched once more from the host.
  if (!(await looksWhole(request, bytes)))
    ({ response, bytes } = await fetchLayer(request, onProgress, signal, 'reload'));
  const features: Feature<Geometry>[] = [];
  try {
    // A truncated or corrupted file would otherwise hang flatgeobuf (and the worker): check it first.
    await checkLayerBytes(request.file, bytes);
    for await (const feature of deserialize(bytes)) features.push(feature as Feature<Geometry>);
  } catch (error) {
    throw new LayerLoadError(
      request.title,
      `file ${request.file} is not a readable FlatGeobuf file (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (request.featureCount > 0 && features.length !== request.featureCount) {
    throw new LayerLoadError(
      request.title,
      `file ${request.file} holds ${features.length} features, the manifest says ${request.featureCount} (truncated or stale file)`,
    );
  }
  // Checked bytes fetched from the host become the offline copy (no second download for it).
  if (!fromOfflineCopy(response)) await keepOfflineCopy(request.url, bytes, 'application/octet-stream');
  return { type: 'FeatureCollection', features };
}
