/**
 * "Make available offline": the data files the offline copy lacks (from the manifest), and
 * their download into it with progress. Each file is checked against the manifest's size before
 * it is stored; the page's own reads already stored what they fetched (src/geo/offlineCopy.ts).
 */

import type { Manifest } from '../../formats/manifest';
import { DATA_CACHE, keepOfflineCopy, storedOffline } from '../../geo/offlineCopy';

export interface OfflineFile {
  url: string;
  /** Expected size from the manifest (0 when it does not say). */
  bytes: number;
}

/** Every data file the manifest lists, with its absolute URL under `baseUrl`. */
export function manifestFiles(manifest: Manifest, baseUrl: string): OfflineFile[] {
  const base = new URL(baseUrl, globalThis.location?.href);
  const files: OfflineFile[] = Object.values(manifest.layers).flatMap((layer) => {
    const whole = { url: new URL(layer.file, base).href, bytes: layer.bytes };
    // The map draws area layers from their overviews at the state view: keep those too.
    return layer.overview
      ? [whole, { url: new URL(layer.overview.file, base).href, bytes: layer.overview.bytes }]
      : [whole];
  });
  if (manifest.placeNames)
    files.push({ url: new URL(manifest.placeNames.file, base).href, bytes: manifest.placeNames.bytes });
  if (manifest.areaClassOverrides)
    files.push({ url: new URL(manifest.areaClassOverrides, base).href, bytes: 0 });
  return files;
}

/** The files the offline copy does not hold yet. */
export async function missingOffline(files: readonly OfflineFile[]): Promise<OfflineFile[]> {
  const held = await storedOffline(files.map((file) => file.url));
  return files.filter((file) => !held.has(file.url));
}

/** Downloads `files` one at a time into the offline copy, reporting bytes done of the total. */
export async function storeForOffline(
  files: readonly OfflineFile[],
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  let done = 0;
  onProgress(done, total);
  // Ask the browser not to evict the copy under storage pressure (it may say no).
  void navigator.storage?.persist?.().catch(() => false);
  for (const file of files) {
    const response = await fetch(file.url, { cache: 'no-cache', ...(signal ? { signal } : {}) });
    if (!response.ok)
      throw new Error(`${new URL(file.url).pathname.split('/').pop()}: HTTP ${response.status}`);
    const chunks: Uint8Array[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    if (reader) {
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        chunks.push(value);
        received += value.byteLength;
        onProgress(done + Math.min(received, file.bytes || received), total);
      }
    } else chunks.push(new Uint8Array(await response.arrayBuffer()));
    const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const name = new URL(file.url).pathname.split('/').pop();
    if (file.bytes > 0 && bytes.byteLength !== file.bytes)
      throw new Error(`${name} arrived with ${bytes.byteLength} bytes, the manifest says ${file.bytes}`);
    await keepOfflineCopy(
      file.url,
      bytes,
      response.headers.get('Content-Type') ?? 'application/octet-stream',
    );
    if (!(await (await caches.open(DATA_CACHE)).match(file.url))) {
      throw new Error(`${name} could not be stored (browser storage refused)`);
    }
    done += file.bytes || bytes.byteLength;
    onProgress(done, total);
  }
}
