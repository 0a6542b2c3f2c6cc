/**
 * Real-browser test harness: serves the built app (dist/) on a loopback port with Vite's
 * preview server (which answers HTTP range requests, as FlatGeobuf needs) and drives
 * Debian's Chromium through playwright-core. No request may leave the machine.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type PreviewServer, preview } from 'vite';

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
  close: () => Promise<void>;
}

/** Starts the preview server on a free loopback port. */
export async function startApp(): Promise<App> {
  if (
    !existsSync(path.join(ROOT, 'dist/index.html')) ||
    !existsSync(path.join(ROOT, 'dist/data/manifest.json'))
  ) {
    throw new Error(
      'dist/ has no built app and data: run "npm test" (it builds both) or "npm run build" first',
    );
  }
  const server: PreviewServer = await preview({
    root: ROOT,
    logLevel: 'silent',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('preview server has no port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
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
  page.on('request', (request) => {
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
