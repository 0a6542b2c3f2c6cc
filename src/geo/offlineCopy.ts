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

/**
 * Every store of a data file waits for these: the manifest's copy is kept first, since a new build
 * empties the cache of the old one (keepManifestCopy), and a file stored before that would be lost.
 * A context waits for its own keepManifestCopy (`manifestKept`), and for the other context's word
 * when that one keeps the manifest (`holdStores` / `openStores`): the layer worker's stores wait
 * for the page's keep, or the page's for the worker's. Fetching and decoding go on meanwhile.
 */
let manifestKept: Promise<void> = Promise.resolve();
let storesOpen: Promise<void> = Promise.resolve();
let releaseStores: (() => void) | null = null;

/** Holds this context's stores until `openStores` (the manifest is kept by the other context). */
export function holdStores(): void {
  if (releaseStores) return;
  storesOpen = new Promise((resolve) => {
    releaseStores = resolve;
  });
}

export function openStores(): void {
  releaseStores?.();
  releaseStores = null;
}

/**
 * Whether a URL can have an offline copy: only the host's http(s) files. Layers imported in this
 * browser are read from `blob:` URLs; they are kept in IndexedDB already, and the Cache API refuses
 * any other scheme (145 console warnings after one official import, issue 33).
 */
export function copyable(url: string): boolean {
  return /^https?:/i.test(url);
}

/** Stores one data file's bytes under its URL; failures (storage full, refused) are only logged. */
export async function keepOfflineCopy(url: string, bytes: Uint8Array, contentType: string): Promise<void> {
  if (!enabled() || !copyable(url)) return;
  await storesOpen;
  await manifestKept;
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

/**
 * Stores the manifest; when it is another build than the stored one, drops the old build's files.
 * This context's other stores wait until it is done.
 */
export function keepManifestCopy(url: string, text: string): Promise<void> {
  if (!enabled()) return Promise.resolve();
  const kept = manifestKept.then(() => storeManifest(url, text));
  manifestKept = kept;
  return kept;
}

async function storeManifest(url: string, text: string): Promise<void> {
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
