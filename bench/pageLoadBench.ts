import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { LAYER_NAMES, parseManifest } from '../src/formats/manifest.ts';
import { readFeatureCollection } from '../src/geo/readFeatureCollection.ts';
import { launchBrowser, openPage, waitForMapIdle } from '../test/browser/harness.ts';
import { startCountingServer } from './countingServer.ts';
import { drawnAt, recordDrawnAt } from './drawnAt.ts';
import { median } from './stats.ts';

/** Page-load figures in headless Chromium on a loopback server, medians of 3 loads each. */
export interface PageLoadResult {
  interactiveMs: number;
  geojsonInteractiveMs: number;
  heapMb: number;
  geojsonHeapMb: number;
  /** Body bytes the page fetched on load (FlatGeobuf for the explorer, GeoJSON for the baseline). */
  transferBytes: number;
  geojsonTransferBytes: number;
  /** Body bytes per path of the explorer's last load (a file fetched twice counts twice). */
  transferByPath: Record<string, number>;
  runs: number;
}

/** Writes each built layer of `dataDir` as a plain GeoJSON file named by its manifest key. */
export async function writeGeojsonLayers(dataDir: string, outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const manifest = parseManifest(JSON.parse(await readFile(path.join(dataDir, 'manifest.json'), 'utf8')));
  for (const layer of LAYER_NAMES) {
    const entry = manifest.layers[layer];
    if (!entry) continue;
    const collection = await readFeatureCollection(
      new Uint8Array(await readFile(path.join(dataDir, entry.file))),
    );
    await writeFile(path.join(outDir, `${layer}.geojson`), JSON.stringify(collection));
  }
}

async function loadOnce(browser: Browser, url: string): Promise<{ interactiveMs: number; heapMb: number }> {
  const { context, page, foreignRequests, pageErrors } = await openPage(browser, { offlineCopy: true });
  try {
    await recordDrawnAt(page);
    await page.goto(url);
    await waitForMapIdle(page, 120_000);
    // Milliseconds since navigation start, recorded in the page when the map said it was drawn.
    const interactiveMs = await drawnAt(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    if (foreignRequests.length > 0)
      throw new Error(`requests left the machine: ${foreignRequests.join(', ')}`);
    if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join('; ')}`);
    return { interactiveMs, heapMb: usedSize / 2 ** 20 };
  } finally {
    await context.close();
  }
}

/**
 * Loads the built explorer (`appDir`, from `vite build`) and the plain-GeoJSON baseline page
 * (bench/baseline with `geojsonDir`) three times each in a fresh browser context, alternating,
 * and reads the time to a drawn map and the live JS heap after a forced GC.
 */
export async function pageLoadBench(
  appDir: string,
  baselineDir: string,
  geojsonDir: string,
  maplibreDir: string,
  log: (line: string) => void,
): Promise<PageLoadResult> {
  const app = await startCountingServer([appDir]);
  const baseline = await startCountingServer([baselineDir, geojsonDir, maplibreDir]);
  const browser = await launchBrowser();
  try {
    const appRuns: { interactiveMs: number; heapMb: number }[] = [];
    const baselineRuns: { interactiveMs: number; heapMb: number }[] = [];
    let transferBytes = 0;
    let transferByPath: Record<string, number> = {};
    let geojsonTransferBytes = 0;
    for (let run = 0; run < 3; run++) {
      app.reset();
      appRuns.push(await loadOnce(browser, app.url));
      transferBytes = [...app.bytesByPath.values()].reduce((sum, bytes) => sum + bytes, 0);
      transferByPath = Object.fromEntries(app.bytesByPath);
      baseline.reset();
      baselineRuns.push(await loadOnce(browser, baseline.url));
      geojsonTransferBytes = [...baseline.bytesByPath.values()].reduce((sum, bytes) => sum + bytes, 0);
      log(
        `page load ${run + 1}: explorer ${appRuns[run]?.interactiveMs.toFixed(0)} ms, GeoJSON baseline ${baselineRuns[run]?.interactiveMs.toFixed(0)} ms`,
      );
    }
    return {
      interactiveMs: median(appRuns.map((run) => run.interactiveMs)),
      geojsonInteractiveMs: median(baselineRuns.map((run) => run.interactiveMs)),
      heapMb: median(appRuns.map((run) => run.heapMb)),
      geojsonHeapMb: median(baselineRuns.map((run) => run.heapMb)),
      transferBytes,
      geojsonTransferBytes,
      transferByPath,
      runs: appRuns.length,
    };
  } finally {
    await browser.close();
    await app.close();
    await baseline.close();
  }
}
