/**
 * Real-browser test harness: serves the built app (dist/) on a loopback port (with HTTP range
 * requests, as FlatGeobuf needs, and injectable faults) and drives Debian's Chromium through
 * playwright-core. No request may leave the machine.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

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
];

export interface App {
  url: string;
  /** Paths (under /) the server was asked for, in order. */
  requests: string[];
  close: () => Promise<void>;
}

/** A fault the server injects for one request path, e.g. a 404 or truncated bytes. */
export type Fault = (
  path: string,
  request: IncomingMessage,
) => { status: number; body: Buffer | string } | null;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.fgb': 'application/octet-stream',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * Serves dist/ on a free loopback port with single-range requests (206), as FlatGeobuf needs.
 * A server of our own, rather than a browser-side route, because Chromium does not let tests
 * intercept a dedicated worker's requests — and the layer worker makes most of them.
 */
export async function startApp(fault: Fault = () => null): Promise<App> {
  const dist = path.join(ROOT, 'dist');
  if (!existsSync(path.join(dist, 'index.html')) || !existsSync(path.join(dist, 'data/manifest.json'))) {
    throw new Error(
      'dist/ has no built app and data: run "npm test" (it builds both) or "npm run build" first',
    );
  }
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    requests.push(pathname);
    const injected = fault(pathname, request);
    if (injected) {
      response.writeHead(injected.status, { 'content-type': 'application/octet-stream' });
      response.end(injected.body);
      return;
    }
    const file = path.join(dist, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    const bytes = readFileSync(file);
    const headers = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (range) {
      const start = range[1] ? Number(range[1]) : Math.max(0, bytes.length - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
      if (start >= bytes.length || start > end) {
        response.writeHead(416, { 'content-range': `bytes */${bytes.length}` });
        response.end();
        return;
      }
      response.writeHead(206, {
        ...headers,
        'content-range': `bytes ${start}-${end}/${bytes.length}`,
        'content-length': end - start + 1,
      });
      response.end(bytes.subarray(start, end + 1));
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': bytes.length });
    response.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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
  options: { viewport?: { width: number; height: number }; bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; foreignRequests: string[]; pageErrors: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 860 },
    bypassCSP: options.bypassCSP ?? false,
  });
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
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.join(ROOT, 'node_modules/axe-core/axe.min.js') });
  return page.evaluate(async () => {
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
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return results.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
  });
}
