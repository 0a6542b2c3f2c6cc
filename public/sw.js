/*
 * Offline copy of the explorer, because meeting rooms often have no reliable network.
 * Plain service worker, no library. One download per byte:
 *
 * - The app shell (index.html, config.json and every hashed asset the bundle references) is
 *   stored on install with ordinary requests, which the browser's HTTP cache answers for what
 *   the page already fetched (the server marks hashed assets immutable and sends validators).
 * - The data is never fetched here: the page and its workers store the files they fetched and
 *   checked (src/geo/offlineCopy.ts), and "Make available offline" stores the rest on request.
 *   This worker answers data requests from that copy (whole files, and ranges sliced from a
 *   stored whole file), else from the network.
 *
 * Matching ignores Vary and the query: hosts send `Vary: Origin` or `Vary: Accept-Encoding`
 * (vite preview, CDNs), and the copy is the same whatever header the page sent. Page
 * navigations go to the network first (short timeout), falling back to the copy; the manifest
 * too (a new build of the data must be seen); hashed assets and data files cache first (their
 * contents change with their names, or with the manifest, which drops the old copy).
 *
 * The data may live on another origin (VITE_DATA_URL or config.json): the page registers this
 * worker as sw.js?data=<absolute data base URL>. Bump VERSION to drop old copies.
 */
const VERSION = 'v2';
const PREFIX = 'mn-wetland-siting-';
const SHELL_CACHE = `${PREFIX}shell-${VERSION}`;
/** Must match DATA_CACHE in src/geo/offlineCopy.ts. */
const DATA_CACHE = `${PREFIX}data-${VERSION}`;
const NAVIGATION_TIMEOUT_MS = 3000;
const MATCH = { ignoreSearch: true, ignoreVary: true };
/** Hashed file names that Vite writes into the bundle, e.g. maplibre-gl-worker-CZtFQQIV.mjs. */
const ASSET_NAME = /[\w.-]+-[\w-]{8}\.(?:js|mjs|css|woff2?|wasm|png|svg)/g;

const scope = new URL(self.registration.scope);
const shellUrl = new URL('./', scope).href;
const configUrl = new URL('./config.json', scope).href;
const assetsUrl = new URL('./assets/', scope).href;

function dataBase() {
  const given = new URL(self.location.href).searchParams.get('data');
  if (given) {
    try {
      const url = new URL(given);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.pathname.endsWith('/'))
        return url.href;
    } catch {
      // fall through to the default
    }
  }
  return new URL('./data/', scope).href;
}
const dataUrl = dataBase();
const manifestUrl = new URL('manifest.json', dataUrl).href;

async function fetchOk(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/** index.html, config.json (when the host has one) and every asset reachable from index.html. */
async function cacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  // no-cache: a revalidation (304) when the page's copy is current, never a stale shell.
  const page = await fetchOk(shellUrl, { cache: 'no-cache' });
  const html = await page.clone().text();
  await cache.put(shellUrl, page);
  const config = await fetch(configUrl, { cache: 'no-cache' }).catch(() => null);
  if (config?.ok && !/text\/html/i.test(config.headers.get('Content-Type') ?? '')) {
    await cache.put(configUrl, config);
  }
  const pending = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g)].map(
    (match) => new URL(match[1], scope).href,
  );
  const seen = new Set();
  while (pending.length > 0) {
    const url = pending.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    // Default cache mode: hashed assets the page loaded come from the HTTP cache, not the network.
    const response = await fetchOk(url);
    if (/\.(?:m?js|css)$/.test(url)) {
      const text = await response.clone().text();
      for (const [name] of text.matchAll(ASSET_NAME)) pending.push(new URL(name, assetsUrl).href);
    }
    await cache.put(url, response);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, DATA_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** Answers `Range: bytes=a-b` from a stored whole response (a Blob slice: the rest stays on disk). */
async function sliced(response, range) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  const body = await response.blob();
  const size = body.size;
  if (!match || (match[1] === '' && match[2] === '')) {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  }
  let start;
  let end;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  }
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: {
      'Content-Type': response.headers.get('Content-Type') ?? 'application/octet-stream',
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
      'Accept-Ranges': 'bytes',
    },
  });
}

async function networkFirst(request, cacheName, key) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await (await caches.open(cacheName)).match(key, MATCH);
    if (cached) return cached;
    throw error;
  }
}

async function dataResponse(request) {
  const key = request.url.split('#')[0];
  // The page stores the manifest it read (offlineCopy.ts), which also drops an old build's files.
  if (key.split('?')[0] === manifestUrl) return networkFirst(request, DATA_CACHE, manifestUrl);
  const cache = await caches.open(DATA_CACHE);
  const cached = await cache.match(key, MATCH);
  const range = request.headers.get('Range');
  if (cached) return range ? sliced(cached, range) : cached;
  try {
    return await fetch(request);
  } catch (error) {
    // Offline: a range the page read before (src/geo/offlineCopy.ts keepOfflineRange) is kept
    // on its own, under the same key the page wrote.
    const parts = range ? /^bytes=(\d+)-(\d+)$/.exec(range.trim()) : null;
    const pieceKey = parts ? `${key.split('?')[0]}.range/${parts[1]}-${parts[2]}` : '';
    const piece = parts ? await cache.match(pieceKey, MATCH) : null;
    if (!piece || !parts) throw error;
    const body = await piece.arrayBuffer();
    return new Response(body, {
      status: 206,
      headers: {
        'Content-Type': 'application/octet-stream',
        'Content-Range': `bytes ${parts[1]}-${parts[2]}/*`,
        'Content-Length': String(body.byteLength),
        'X-Offline-Copy': '1',
      },
    });
  }
}

async function assetResponse(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request, MATCH);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200) await cache.put(request, response.clone());
  return response;
}

async function navigationResponse(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('network too slow')), NAVIGATION_TIMEOUT_MS),
      ),
    ]);
    if (response.ok) await cache.put(shellUrl, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(shellUrl, MATCH);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = request.url;
  if (url.startsWith(dataUrl)) event.respondWith(dataResponse(request));
  else if (!url.startsWith(scope.origin)) return;
  else if (request.mode === 'navigate') event.respondWith(navigationResponse(request));
  else if (url.split('?')[0] === configUrl) {
    event.respondWith(
      (async () => {
        try {
          const response = await fetch(request);
          if (response.ok) await (await caches.open(SHELL_CACHE)).put(configUrl, response.clone());
          return response;
        } catch (error) {
          const cached = await (await caches.open(SHELL_CACHE)).match(configUrl, MATCH);
          if (cached) return cached;
          throw error;
        }
      })(),
    );
  } else if (url.startsWith(assetsUrl)) event.respondWith(assetResponse(request));
});
