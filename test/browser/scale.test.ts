/**
 * Drawing at scale in a real browser: at the state view the page fetches only the light
 * overviews (no full layer), and zoomed in it reads byte ranges of the full minor-watershed file
 * around the view, with a progress indicator while it streams.
 */
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { ConsoleMessage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Manifest, parseManifest } from '../../src/formats/manifest';
import { RangeLayerReader } from '../../src/geo/rangeLayerReader';
import { launchBrowser, ROOT, screenshotPath, startApp, waitForMapIdle } from './harness';

const DATA = path.join(ROOT, 'dist/data');
const manifest: Manifest = parseManifest(JSON.parse(readFileSync(path.join(DATA, 'manifest.json'), 'utf8')));
const AREA_LAYERS = ['state', 'counties', 'majorWatersheds', 'bankServiceAreas', 'lakes'] as const;

interface Seen {
  path: string;
  range: [number, number] | null;
  bytes: number;
}

/** The app's server, recording each request's path, range and the body bytes it answers with. */
async function recordingApp() {
  const seen: Seen[] = [];
  const app = await startApp((pathname: string, request: IncomingMessage) => {
    let size = 0;
    try {
      size = statSync(path.join(ROOT, 'dist', pathname === '/' ? 'index.html' : pathname)).size;
    } catch {
      return null;
    }
    const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    if (match) {
      const start = Number(match[1]);
      const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
      seen.push({ path: pathname, range: [start, end], bytes: end - start + 1 });
    } else seen.push({ path: pathname, range: null, bytes: size });
    return null;
  });
  return { app, seen };
}

async function open(url: string) {
  const browser = await launchBrowser();
  // No service worker: its install precache is not the page's drawing (see BENCHMARKS.md).
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  // Records whether a streaming progress bar was ever shown, however briefly.
  await page.addInitScript(() => {
    const w = window as unknown as { progressLabels: string[] };
    w.progressLabels = [];
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('progress[aria-label^="Loading full detail"]'))
        if (!w.progressLabels.includes(bar.getAttribute('aria-label') ?? ''))
          w.progressLabels.push(bar.getAttribute('aria-label') ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Debug and log lines from the page or any of its workers (FlatGeobuf's reader prints one per
  // range request and index search when its own fetching is used): a user's console stays quiet.
  const chatter: string[] = [];
  const record = (where: string) => (message: ConsoleMessage) => {
    if (message.type() === 'debug' || message.type() === 'log')
      chatter.push(`${where} ${message.type()}: ${message.text().slice(0, 120)}`);
  };
  page.on('console', record('page'));
  page.on('worker', (worker) => worker.on('console', record(worker.url())));
  await page.goto(url);
  await waitForMapIdle(page, 180_000);
  return { browser, page, errors, chatter };
}

describe('drawing at scale', () => {
  it('at the state view fetches only the overviews, never a full area layer', async () => {
    const { app, seen } = await recordingApp();
    const { browser, page, errors } = await open(app.url);
    try {
      await page.getByTestId('map').screenshot({ path: screenshotPath('scale-state-view') });
      const data = seen.filter((s) => s.path.startsWith('/data/'));
      for (const name of AREA_LAYERS) {
        const entry = manifest.layers[name];
        if (!entry?.overview) throw new Error(`${name} has no overview in the built manifest`);
        expect(data.filter((s) => s.path === `/data/${entry.overview?.file}`)).toHaveLength(1);
        expect(data.filter((s) => s.path === `/data/${entry.file}`)).toEqual([]);
      }
      // Minor watersheds are drawn from zoom 8: neither their overview nor their file is fetched.
      expect(data.filter((s) => s.path.startsWith('/data/minor-watersheds.'))).toEqual([]);
      const dataBytes = data.reduce((sum, s) => sum + s.bytes, 0);
      const allBytes = seen.reduce((sum, s) => sum + s.bytes, 0);
      console.info(
        `state view: ${seen.length} requests, ${(allBytes / 1e6).toFixed(2)} MB (${(dataBytes / 1e3).toFixed(0)} KB data)`,
      );
      expect(dataBytes).toBeLessThan(600_000);
      expect(allBytes).toBeLessThan(3_000_000);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await app.close();
    }
  }, 300_000);

  it('zoomed in, reads ranges of the full minor-watershed file around the view, with progress', async () => {
    const entry = manifest.layers.minorWatersheds;
    if (!entry) throw new Error('no minor watershed layer');
    const file = `/data/${entry.file}`;
    const bytes = new Uint8Array(readFileSync(path.join(DATA, entry.file)));
    const local = await RangeLayerReader.open(async (start, end) => bytes.subarray(start, end), bytes.length);
    const { app, seen } = await recordingApp();
    // Downtown Minneapolis at zoom 11.
    const { browser, page, errors, chatter } = await open(`${app.url}?view=-93.265,44.978,11`);
    try {
      await page.getByTestId('map').screenshot({ path: screenshotPath('scale-zoomed-detail') });
      const ranges = seen.filter((s) => s.path === file);
      const byPath = new Map<string, number>();
      for (const s of seen) if (s.range) byPath.set(s.path, (byPath.get(s.path) ?? 0) + s.bytes);
      console.info('detail reads:', JSON.stringify([...byPath]));
      expect(ranges.length).toBeGreaterThan(0);
      expect(ranges.every((s) => s.range !== null)).toBe(true);
      const read = ranges.reduce((sum, s) => sum + s.bytes, 0);
      console.info(
        `zoom 11: ${ranges.length} ranges, ${(read / 1e3).toFixed(0)} KB of ${(bytes.length / 1e3).toFixed(0)} KB`,
      );
      expect(read).toBeLessThan(bytes.length * 0.15);
      const covered = (index: number) => {
        const [start, end] = local.byteRangeOf(index);
        return ranges.some((s) => s.range && s.range[0] <= start && s.range[1] >= end - 1);
      };
      // Every minor at the centre of the view was read; none from the far north of the state.
      const centre = local.search({ minX: -93.27, minY: 44.975, maxX: -93.26, maxY: 44.98 });
      expect(centre.length).toBeGreaterThan(0);
      expect(centre.every(covered)).toBe(true);
      const far = local.search({ minX: -95, minY: 48.5, maxX: -94, maxY: 49 });
      expect(far.length).toBeGreaterThan(0);
      expect(far.some(covered)).toBe(false);
      const labels = await page.evaluate(
        () => (window as unknown as { progressLabels: string[] }).progressLabels,
      );
      expect(labels).toContain('Loading full detail of Minor watersheds (DNR Level 07)');
      expect(errors).toEqual([]);
      expect(chatter).toEqual([]);
    } finally {
      await browser.close();
      await app.close();
    }
  }, 300_000);
});
