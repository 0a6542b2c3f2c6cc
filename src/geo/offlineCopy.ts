/**
 * The offline copy of the data, written by whoever fetched the bytes (the page, the layer
 * worker, "Make available offline") so that nothing is downloaded twice: public/sw.js only reads
 * this cache (whole files, and ranges sliced from them). Only bytes that were checked go in
 * (a layer after its FlatGeobuf checks, a manifest after parsing). Production builds only: the
 * development server has no service worker to read it.
 *
 * A new manifest (another build of the data) empties the cache of the old build's files first.
 */

/** Must match DATA_CACHE in public/sw.js (a unit test checks it). */
export const DATA_CACHE = 'mn-wetland-siting-data-v2';

/** Marks a stored response, so that a reader served from the copy does not store it again. */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';

/** True when `response` came from the offline copy (through public/sw.js). */
export function fromOfflineCopy(response: Response): boolean {
  return response.headers.has(OFFLINE_COPY_HEADER);
}

function enabled(): boolean {
  return Boolean(import.meta.env?.PROD) && typeof caches !== 'undefined';
}

/** Stores one data file's bytes under its URL; failures (storage full, refused) are only logged. */
export async function keepOfflineCopy(url: string, bytes: Uint8Array, contentType: string): Promise<void> {
  if (!enabled()) return;
  try {
    const cache = await caches.open(DATA_CACHE);
    await cache.put(
      url,
      new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          'Content-Type': contentType,
          'Content-Length': String(bytes.byteLength),
          [OFFLINE_COPY_HEADER]: '1',
        },
      }),
    );
  } catch (error) {
    console.warn(`The offline copy of ${url} could not be stored.`, error);
  }
}

/**
 * Where one range answer of a file is kept: a path of its own beside the file (the Cache API
 * stores no 206 answers and would match a query-string key to the whole file).
 * public/sw.js builds the same key.
 */
export function rangeCopyUrl(url: string, begin: number, end: number): string {
  return `${url.split(/[?#]/)[0]}.range/${begin}-${end}`;
}

/**
 * Keeps one checked range answer, so that a reload offline asks for — and gets — the same bytes
 * (the lookups read ranges, not whole files: the first visit downloads no layer whole).
 */
export async function keepOfflineRange(url: string, begin: number, body: ArrayBuffer): Promise<void> {
  if (!enabled() || body.byteLength === 0) return;
  const end = begin + body.byteLength - 1;
  await keepOfflineCopy(rangeCopyUrl(url, begin, end), new Uint8Array(body), 'application/octet-stream');
}

function buildKey(manifest: unknown): string {
  const { generatedAt, inputsHash } = (manifest ?? {}) as { generatedAt?: unknown; inputsHash?: unknown };
  return `${String(generatedAt)}|${String(inputsHash)}`;
}

/** Stores the manifest; when it is another build than the stored one, drops the old build's files. */
export async function keepManifestCopy(url: string, text: string): Promise<void> {
  if (!enabled()) return;
  try {
    const cache = await caches.open(DATA_CACHE);
    const stored = await cache.match(url, { ignoreSearch: true, ignoreVary: true });
    const fresh = JSON.parse(text) as unknown;
    if (stored) {
      const previous = await stored.json().catch(() => null);
      if (buildKey(previous) !== buildKey(fresh)) {
        for (const request of await cache.keys()) await cache.delete(request);
      }
    }
    await cache.put(
      url,
      new Response(text, { headers: { 'Content-Type': 'application/json', [OFFLINE_COPY_HEADER]: '1' } }),
    );
  } catch (error) {
    console.warn('The offline copy of the layer manifest could not be stored.', error);
  }
}

/** Which of `urls` the offline copy holds. */
export async function storedOffline(urls: readonly string[]): Promise<Set<string>> {
  const held = new Set<string>();
  if (typeof caches === 'undefined') return held;
  const cache = await caches.open(DATA_CACHE);
  for (const url of urls) {
    if (await cache.match(url, { ignoreSearch: true, ignoreVary: true })) held.add(url);
  }
  return held;
}
