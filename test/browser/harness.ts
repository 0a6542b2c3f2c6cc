/**
 * Real-browser test harness: serves the built app (dist/) on a loopback port (with HTTP range
 * requests, as FlatGeobuf needs, and injectable faults) and drives Debian's Chromium through
 * playwright-core. No request may leave the machine.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createStaticHandler } from '../../server/staticHandler.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = path.join(ROOT, 'test-results');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Headless Chromium 156 is the whole browser: every new window (each test's fresh context)
  // starts a renderer for the address bar's drop-down (chrome://omnibox-popup), about 3.5 s of CPU
  // that the page under test competes with on two cores. Nothing a test reads comes from it.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

export interface App {
  url: string;
  /** Paths (under /) the server was asked for, in order. */
  requests: string[];
  /** What the server sent per request (body bytes, headers excluded), in the order asked. */
  sent: { path: string; status: number; bytes: number; range: string | null }[];
  close: () => Promise<void>;
}

/**
 * A fault the server injects for one request path, e.g. a 404 or truncated bytes. `headers`
 * replace the default `content-type: application/octet-stream`.
 */
export type Fault = (
  path: string,
  request: IncomingMessage,
) => { status: number; body: Buffer | string; headers?: Record<string, string> } | null;

function distFile(pathname: string): Buffer | null {
  const dist = path.join(ROOT, 'dist');
  const file = path.join(dist, pathname);
  if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) return null;
  return readFileSync(file);
}

/**
 * A host that gzips its layers, partial responses included, and what that did to the page in
 * issue 15 (`vite preview`: ERR_CONTENT_DECODING_FAILED, HTTP 416, and whole files the browser's
 * cache pieced together wrongly from gzipped parts). Every .fgb answer is gzipped with no
 * Content-Length; of the range requests for one file, the 2nd, 7th, 12th… get a cut gzip stream
 * and the 3rd, 10th, 17th… a 416; the 1st, 5th, 9th… whole-file
 * read is answered with a wrongly pieced (short) file unless it bypasses the browser's cache
 * (`Cache-Control: no-cache`).
 */
export function gzipRangesFault(): Fault {
  const rangesByPath = new Map<string, number>();
  let wholeReads = 0;
  const gzipped = new Map<string, Buffer>();
  const gzip = (key: string, bytes: Buffer) => {
    let body = gzipped.get(key);
    if (!body) {
      body = gzipSync(bytes, { level: 1 });
      gzipped.set(key, body);
    }
    return body;
  };
  return (pathname, request) => {
    if (!pathname.endsWith('.fgb')) return null;
    const bytes = distFile(pathname);
    if (!bytes) return null;
    const headers: Record<string, string> = {
      'content-type': 'application/octet-stream',
      'content-encoding': 'gzip',
      'accept-ranges': 'bytes',
    };
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range) {
      wholeReads++;
      const fresh = /no-cache/.test(String(request.headers['cache-control'])) || wholeReads % 4 !== 1;
      const body = fresh ? bytes : bytes.subarray(0, Math.floor(bytes.length * 0.6));
      return { status: 200, body: gzip(`${pathname} ${fresh}`, body), headers };
    }
    const count = (rangesByPath.get(pathname) ?? 0) + 1;
    rangesByPath.set(pathname, count);
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
    if (start >= bytes.length || count % 7 === 3)
      return { status: 416, body: '', headers: { 'content-range': `bytes */${bytes.length}` } };
    const body = gzip(`${pathname} ${start}-${end}`, bytes.subarray(start, end + 1));
    return {
      status: 206,
      body: count % 5 === 2 ? body.subarray(0, Math.max(1, body.length - 9)) : body,
      headers: { ...headers, 'content-range': `bytes ${start}-${end}/${bytes.length}` },
    };
  };
}

/** A host without range support: HTTP 200 with the whole file for a range request of a layer. */
export const ignoreRangesFault: Fault = (pathname, request) => {
  if (!request.headers.range || !pathname.endsWith('.fgb')) return null;
  const bytes = distFile(pathname);
  return bytes ? { status: 200, body: bytes, headers: { 'content-type': 'application/octet-stream' } } : null;
};

/**
 * Serves dist/ on a free loopback port with the server `npm start` ships
 * (server/staticHandler.ts: single ranges, validators, no compression), plus injected faults.
 * A server of our own, rather than a browser-side route, because Chromium does not let tests
 * intercept a dedicated worker's requests — and the layer worker makes most of them.
 * `options.headers` are added to every response.
 */
export async function startApp(
  fault: Fault = () => null,
  options: { headers?: Record<string, string> } = {},
): Promise<App> {
  const dist = path.join(ROOT, 'dist');
  if (!existsSync(path.join(dist, 'index.html')) || !existsSync(path.join(dist, 'data/manifest.json'))) {
    throw new Error(
      'dist/ has no built app and data: run "npm test" (it builds both) or "npm run build" first',
    );
  }
  const requests: string[] = [];
  const sent: App['sent'] = [];
  const serveFile = createStaticHandler(dist);
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    requests.push(pathname);
    const record = { path: pathname, status: 0, bytes: 0, range: request.headers.range ?? null };
    sent.push(record);
    countBodyBytes(response, (bytes) => {
      record.bytes += bytes;
    });
    response.on('finish', () => {
      record.status = response.statusCode;
    });
    // Headers some hosts add to everything (e.g. `Vary: Origin` from vite preview).
    for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value);
    const injected = fault(pathname, request);
    if (injected) {
      response.writeHead(injected.status, injected.headers ?? { 'content-type': 'application/octet-stream' });
      response.end(injected.body);
      return;
    }
    serveFile(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    requests,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Calls `onBytes` with the size of every body chunk the response writes. */
function countBodyBytes(response: ServerResponse, onBytes: (bytes: number) => void): void {
  const size = (chunk: unknown) =>
    typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk instanceof Uint8Array ? chunk.byteLength : 0;
  const write = response.write;
  const end = response.end;
  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    onBytes(size(chunk));
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof response.write;
  response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== 'function') onBytes(size(chunk));
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof response.end;
}

/**
 * One app server and one Chromium for a test file: started before its tests, stopped after.
 * Read `session.app` and `session.browser` inside tests (they are set in beforeAll).
 */
export function appAndBrowserForFile(): { readonly app: App; readonly browser: Browser } {
  const session = {} as { app: App; browser: Browser };
  beforeAll(async () => {
    session.app = await startApp();
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.app?.close();
  });
  return session;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** A fresh context whose page records every request that leaves localhost. */
export async function openPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    bypassCSP?: boolean;
    /** The results' share of the map column (%), as the divider stores it; tests that measure the map use 42. */
    resultsShare?: number;
    /**
     * Let the page set up its offline copy (the service worker). Only the tests of the offline copy
     * and of what it shows need it: installing it fetches and compiles every script of the app,
     * ~3.7 s of CPU per fresh context on this 2-core machine, in every test that outlives it.
     */
    offlineCopy?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page; foreignRequests: string[]; pageErrors: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 860 },
    bypassCSP: options.bypassCSP ?? false,
    serviceWorkers: options.offlineCopy ? 'allow' : 'block',
  });
  if (options.resultsShare !== undefined) {
    await context.addInitScript((share) => {
      if (!localStorage.getItem('siting-results-share'))
        localStorage.setItem('siting-results-share', String(share));
    }, options.resultsShare);
  }
  const page = await context.newPage();
  // Shared 2-core machines can be slow to render in software; wait generously, fail clearly.
  page.setDefaultTimeout(60_000);
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') foreignRequests.push(request.url());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, foreignRequests, pageErrors };
}

/** Waits until every layer has loaded (or failed) and the map has drawn it. */
export async function waitForMapIdle(page: Page, timeout = 90_000): Promise<void> {
  await page.locator('[data-testid="map"][aria-busy="false"]').waitFor({ timeout });
}

export function screenshotPath(name: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return path.join(RESULTS_DIR, `${name}.png`);
}

/**
 * Counts pixels of a PNG close to an RGB colour, decoding it in the page (no PNG
 * library needed in node).
 */
export async function countPixels(
  page: Page,
  png: Buffer,
  rgb: [number, number, number],
  tolerance = 12,
): Promise<number> {
  return page.evaluate(
    async ({ base64, rgb, tolerance }) => {
      const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob();
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) return -1;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (
          Math.abs((data[i] ?? 0) - rgb[0]) <= tolerance &&
          Math.abs((data[i + 1] ?? 0) - rgb[1]) <= tolerance &&
          Math.abs((data[i + 2] ?? 0) - rgb[2]) <= tolerance
        ) {
          count++;
        }
      }
      return count;
    },
    { base64: png.toString('base64'), rgb, tolerance },
  );
}

/** WCAG 2.1 A/AA violations axe-core finds on the page (open it with `bypassCSP: true`). */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
  return page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{ violations: { id: string; nodes: unknown[] }[] }>;
        };
      }
    ).axe;
    const results = await axe.run(document, {
      runOnly: only
        ? { type: 'rule', values: only }
        : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return results.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
  }, rules ?? null);
}
