/**
 * `sites.tableScrollFrameP95Ms`: Chromium, the explorer with 100,000 imported sites around one
 * impact; the project-specific ladder (100,000 rows, virtualised) is scrolled top to bottom and
 * back in wheel steps, and the p95 of the frame intervals is reported (as panFrames records
 * them in scaleBench.ts). The import goes through the page's own file input and worker.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForMapIdle } from '../test/browser/harness.ts';
import { startCountingServer } from './countingServer.ts';
import { recordFrames } from './frameRecorder.ts';
import { percentile } from './stats.ts';

const SITES = 100_000;
const IMPACT: [number, number] = [-93.3, 45.1];

function sitesCsv(count: number): Buffer {
  const lines = ['id,name,lon,lat,action'];
  for (let i = 0; i < count; i++) {
    const lon = -94.0 + (((i * 7919) % 10007) / 10007) * 1.2;
    const lat = 44.6 + (((i * 104729) % 10009) / 10009) * 0.8;
    lines.push(`p${i},Parcel ${i},${lon.toFixed(5)},${lat.toFixed(5)},restoration`);
  }
  return Buffer.from(lines.join('\n'));
}

export interface TableScrollFigures {
  tableScrollFrameP95Ms: number;
  tableScrollFrames: number;
  /** Rows in the page while the table held 100,000 (the virtualised window). */
  tableRowsInPage: number;
  /** From choosing the file to the ranked table showing all sites. */
  hundredThousandImportToTableMs: number;
  /** The longest main-thread task (PerformanceObserver 'longtask') from choosing the file to the table. */
  importLongestTaskMs: number;
}

export async function tableScrollBench(
  dist: string,
  log: (line: string) => void,
): Promise<TableScrollFigures> {
  const server = await startCountingServer([dist]);
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(600_000);
    await page.goto(`${server.url}?at=${IMPACT.join(',')}`);
    await waitForMapIdle(page, 600_000);
    // The file is handed over from disk, as a user's is: a buffer would be sent through the
    // DevTools protocol and decoded on the page's main thread, a cost no user pays.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'table-bench-')), 'county.csv');
    writeFileSync(file, sitesCsv(SITES));
    await page.evaluate(() => {
      const w = window as unknown as { benchLongTasks: number[] };
      w.benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.benchLongTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    const started = Date.now();
    await page.getByLabel('Sites file').setInputFiles(file);
    const ladder = page.getByRole('region', { name: /^Project-specific replacement/ });
    await ladder
      .locator('.summary', { hasText: `${SITES.toLocaleString('en-US')} proposed sites =` })
      .waitFor();
    const importMs = Date.now() - started;
    const longest = await page.evaluate(() =>
      Math.max(0, ...(window as unknown as { benchLongTasks: number[] }).benchLongTasks),
    );
    rmSync(path.dirname(file), { recursive: true, force: true });
    log(
      `100,000 sites imported and ranked in the table in ${(importMs / 1000).toFixed(1)} s; longest main-thread task ${Math.round(longest)} ms`,
    );
    await waitForMapIdle(page, 600_000);
    const scroller = page.getByTestId('ladder-scroll-project-specific');
    await scroller.scrollIntoViewIfNeeded();
    const box = await scroller.boundingBox();
    if (!box) throw new Error('the ranked table has no scroll box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const frames = await recordFrames(page);
    // Wheel steps of 600 px, 150 down and 150 up (about 90,000 px each way), one per frame or so,
    // then a few long jumps (as a scrollbar drag does).
    for (const direction of [1, -1])
      for (let step = 0; step < 150; step++) {
        await page.mouse.wheel(0, 600 * direction);
        await page.waitForTimeout(16);
      }
    for (const fraction of [0.25, 0.9, 0.5, 0.05, 1, 0])
      await scroller
        .evaluate((element, at) => {
          element.scrollTop = (element.scrollHeight - element.clientHeight) * at;
        }, fraction)
        .then(() => page.waitForTimeout(100));
    const times = await frames.stop();
    const rows = await ladder.locator('tbody tr').count();
    const p95 = percentile(times, 0.95);
    log(
      `scrolling the 100,000-row table: p95 frame ${p95.toFixed(1)} ms over ${times.length} frames, ${rows} rows in the page`,
    );
    await context.close();
    return {
      tableScrollFrameP95Ms: Math.round(p95 * 10) / 10,
      tableScrollFrames: times.length,
      tableRowsInPage: rows,
      hundredThousandImportToTableMs: importMs,
      importLongestTaskMs: Math.round(longest),
    };
  } finally {
    await browser?.close();
    await server.close();
  }
}
