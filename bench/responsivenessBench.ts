import os from 'node:os';
import { launchBrowser, openPage, waitForMapIdle } from '../test/browser/harness.ts';
import { type LongTaskFigures, observeLongTasks, readLongTasks } from '../test/browser/longTasks.ts';
import { startCountingServer } from './countingServer.ts';
import { median } from './stats.ts';

/** The `?at=` link of the issue (Rochester, longitude first), as the layout test opens it. */
export const AT_LINK = '?at=-92.47,44.02';

/** Long tasks after first paint while a `?at=` link loads, medians of `runs` fresh loads. */
export interface ResponsivenessResult {
  atLinkLongestTaskMs: number;
  atLinkTasksOver200: number;
  atLinkTasksOver50: number;
  /** The 1-minute load average before each load: the figures move with it. */
  loadAverages: number[];
  runs: { longestMs: number; over50: number; over200: number; load: number }[];
}

/**
 * Loads `?at=` in a fresh context `runs` times, observing long tasks from before the first
 * script until the map is drawn (aria-busy false) and 2 s after.
 */
export async function responsivenessBench(
  appDir: string,
  log: (line: string) => void,
  runs = 3,
): Promise<ResponsivenessResult> {
  const app = await startCountingServer([appDir]);
  const browser = await launchBrowser();
  const figures: (LongTaskFigures & { load: number })[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const load = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
      const { context, page } = await openPage(browser);
      try {
        await observeLongTasks(page);
        await page.goto(`${app.url}${AT_LINK}`);
        await waitForMapIdle(page, 120_000);
        await page.waitForTimeout(2000);
        figures.push({ ...(await readLongTasks(page)), load });
      } finally {
        await context.close();
      }
      const last = figures.at(-1);
      log(
        `?at= load ${run + 1}: longest task after first paint ${last?.longestMs} ms, ${last?.over50} over 50 ms, ${last?.over200} over 200 ms (load ${load})`,
      );
    }
  } finally {
    await browser.close();
    await app.close();
  }
  return {
    atLinkLongestTaskMs: median(figures.map((figure) => figure.longestMs)),
    atLinkTasksOver200: median(figures.map((figure) => figure.over200)),
    atLinkTasksOver50: median(figures.map((figure) => figure.over50)),
    loadAverages: figures.map((figure) => figure.load),
    runs: figures.map(({ longestMs, over50, over200, load }) => ({ longestMs, over50, over200, load })),
  };
}
