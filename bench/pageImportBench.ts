/**
 * The official-size import in the page (issue 35, item 2): the explorer at its default data in
 * Chromium, then "Load official layers…" with the bench's GDAL-written watershed zip and the BSA
 * shapefile zip, until the panel says the minors are in use. Chromium's memory is sampled from
 * /proc every 250 ms over all its processes: the sum of their proportional set sizes (shared
 * pages counted once) and of their resident sets (what a task manager adds up).
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { launchBrowser, waitForMapIdle } from '../test/browser/harness.ts';
import { startCountingServer } from './countingServer.ts';

export interface PageImportResult {
  /** From choosing the files to "Now using … Minor watersheds". */
  seconds: number;
  /** From choosing the files until the map has drawn the imported layers. */
  drawnSeconds: number;
  /** Chromium's processes with the page loaded, before the import. */
  loadedPssMb: number;
  loadedRssMb: number;
  /** Their peak during the import (the worker reading, checking, writing FlatGeobuf). */
  importPeakPssMb: number;
  importPeakRssMb: number;
  /** Their peak from the choice until the map has drawn the imported layers (the whole visit). */
  peakPssMb: number;
  peakRssMb: number;
  /** Whether the page answered after the import (the tab survived). */
  alive: boolean;
  loadAverage: number[];
}

/** Chromium's processes now: PSS and RSS summed, in MB (0 for a process gone meanwhile). */
function chromiumMemory(): { pss: number; rss: number } {
  let pss = 0;
  let rss = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/\/chromium\b/.test(command.split('\0')[0] ?? '')) continue;
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { pss: pss / 1024, rss: rss / 1024 };
}

/**
 * @param dist the built app, its data/ the default build
 * @param files the watershed zip and the BSA zip (officialImportBench writes them)
 */
export async function pageImportBench(
  dist: string,
  files: string[],
  log: (line: string) => void,
): Promise<PageImportResult> {
  const server = await startCountingServer([dist]);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(300_000);
    await page.goto(server.url);
    await waitForMapIdle(page, 300_000);
    await page.waitForTimeout(2000);
    const loaded = chromiumMemory();
    log(
      `page import: page loaded, Chromium ${loaded.pss.toFixed(0)} MB PSS, ${loaded.rss.toFixed(0)} MB RSS`,
    );
    const panel = page.getByRole('region', { name: 'Official layers' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      panel.getByRole('button', { name: 'Load official layers…' }).click(),
    ]);
    const peak = { ...loaded };
    const sampler = setInterval(() => {
      const now = chromiumMemory();
      peak.pss = Math.max(peak.pss, now.pss);
      peak.rss = Math.max(peak.rss, now.rss);
    }, 250);
    const started = performance.now();
    let [seconds, drawnSeconds] = [Number.NaN, Number.NaN];
    let imported = { ...loaded };
    try {
      await chooser.setFiles(files);
      await panel
        .getByRole('status')
        .filter({ hasText: 'Now using' })
        .filter({ hasText: 'Minor watersheds' })
        .waitFor({ timeout: 300_000 });
      seconds = (performance.now() - started) / 1000;
      imported = { ...peak };
      await waitForMapIdle(page, 300_000);
      drawnSeconds = (performance.now() - started) / 1000;
    } finally {
      clearInterval(sampler);
    }
    const alive = (await page.evaluate(() => 1 + 1).catch(() => 0)) === 2;
    log(
      `page import: ${seconds.toFixed(1)} s (Chromium peak ${imported.pss.toFixed(0)} MB PSS), drawn at ${drawnSeconds.toFixed(1)} s (peak ${peak.pss.toFixed(0)} MB PSS, ${peak.rss.toFixed(0)} MB RSS); tab ${alive ? 'alive' : 'gone'}`,
    );
    return {
      seconds,
      drawnSeconds,
      importPeakPssMb: imported.pss,
      importPeakRssMb: imported.rss,
      loadedPssMb: loaded.pss,
      loadedRssMb: loaded.rss,
      peakPssMb: peak.pss,
      peakRssMb: peak.rss,
      alive,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
