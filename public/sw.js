/*
 * Offline copy of the explorer, because meeting rooms often have no reliable network.
 * Plain service worker, no library. On install it stores the app shell (index.html and every
 * hashed asset the bundle references) and the data (the manifest and each layer it lists).
 * Then: the page (navigations) network first with a short timeout, falling back to the
 * copy; hashed assets cache first (their names change when their content does); ./data/*
 * stale-while-revalidate (answer from the copy, refresh it in the background). Range
 * requests are answered by slicing the stored whole file. Bump VERSION to drop old copies.
 */
const VERSION = 'v1';
const PREFIX = 'mn-wetland-siting-';
const SHELL_CACHE = `${PREFIX}shell-${VERSION}`;
const DATA_CACHE = `${PREFIX}data-${VERSION}`;
const NAVIGATION_TIMEOUT_MS = 3000;
/** Hashed file names that Vite writes into the bundle, e.g. maplibre-gl-worker-CZtFQQIV.mjs. */
const ASSET_NAME = /[\w.-]+-[\w-]{8}\.(?:js|mjs|css|woff2?|wasm|png|svg)/g;

const scope = new URL(self.registration.scope);
const shellUrl = new URL('./', scope).href;
const dataUrl = new URL('./data/', scope).href;
const assetsUrl = new URL('./assets/', scope).href;

async function fetchOk(url) {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/** index.html and every asset reachable from it through the bundle's references. */
async function cacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const page = await fetchOk(shellUrl);
  const html = await page.clone().text();
  await cache.put(shellUrl, page);
  const pending = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g)].map(
    (match) => new URL(match[1], scope).href,
  );
  const seen = new Set();
  while (pending.length > 0) {
    const url = pending.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await fetchOk(url);
    if (/\.(?:m?js|css)$/.test(url)) {
      const text = await response.clone().text();
      for (const [name] of text.matchAll(ASSET_NAME)) pending.push(new URL(name, assetsUrl).href);
    }
    await cache.put(url, response);
  }
}

/** The manifest and every file it lists. */
async function cacheData() {
  const cache = await caches.open(DATA_CACHE);
  const manifestUrl = new URL('manifest.json', dataUrl).href;
  const response = await fetchOk(manifestUrl);
  const manifest = await response.clone().json();
  await cache.put(manifestUrl, response);
  const files = Object.values(manifest.layers ?? {}).flatMap((layer) =>
    layer.overview?.file ? [layer.file, layer.overview.file] : [layer.file],
  );
  if (typeof manifest.areaClassOverrides === 'string') files.push(manifest.areaClassOverrides);
  await Promise.all(
    files.map(async (file) => {
      const url = new URL(file, dataUrl).href;
      await cache.put(url, await fetchOk(url));
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(Promise.all([cacheShell(), cacheData()]).then(() => self.skipWaiting()));
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

/** Answers `Range: bytes=a-b` from a stored whole response. */
async function sliced(response, range) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  const body = await response.arrayBuffer();
  const size = body.byteLength;
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

async function dataResponse(event) {
  const { request } = event;
  const cache = await caches.open(DATA_CACHE);
  const key = request.url.split('#')[0];
  const cached = await cache.match(key, { ignoreSearch: true });
  const range = request.headers.get('Range');
  if (range) return cached ? sliced(cached, range) : fetch(request);
  const refresh = fetch(request).then(async (response) => {
    if (response.ok && response.status === 200) await cache.put(key, response.clone());
    return response;
  });
  if (cached) {
    // Keep the worker alive for the refresh; a failed refresh (offline) leaves the copy as is.
    event.waitUntil(refresh.catch(() => undefined));
    return cached;
  }
  return refresh;
}

async function assetResponse(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
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
    const cached = await cache.match(shellUrl);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(scope.origin)) return;
  if (request.mode === 'navigate') event.respondWith(navigationResponse(request));
  else if (request.url.startsWith(dataUrl)) event.respondWith(dataResponse(event));
  else if (request.url.startsWith(assetsUrl)) event.respondWith(assetResponse(request));
});
