import os from 'node:os';
import { launchBrowser, openPage, waitForMapIdle } from '../test/browser/harness.ts';
import { type LongTaskFigures, observeLongTasks, readLongTasks } from '../test/browser/longTasks.ts';
import { type AtLinkTimings, atLinkTimings } from './atLinkTimings.ts';
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
  /** Issue 24, item 12: card and table of a `?at=` link, and its first keystroke (medians of the runs). */
  atLink?: AtLinkFigures;
}

/** What a planner waits for on a `?at=` link (bench/atLinkTimings.ts), medians of fresh loads. */
export interface AtLinkFigures {
  cardMs: number;
  tableMs: number;
  /** The ranked table filled over the card filled (target ≤ 1.1). */
  tableOverCard: number;
  /** First paint to the first keystroke in the coordinates box taken by the page. */
  keyAcceptedAfterFcpMs: number;
  /** How long that key waited (pressed as soon as the box existed). */
  keyWaitMs: number;
  /** Of that wait, main-thread script (target ≤ 200 ms) and compositor commits (software GPU). */
  keyWaitScriptMs: number;
  keyWaitCommitMs: number;
  runs: (AtLinkTimings & { load: number })[];
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
      // As a visitor's first visit is: the page sets up its offline copy (tests block it).
      const { context, page } = await openPage(browser, { offlineCopy: true });
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
  const timings: (AtLinkTimings & { load: number })[] = [];
  const browser2 = await launchBrowser();
  const app2 = await startCountingServer([appDir]);
  try {
    for (let run = 0; run < runs; run++) {
      const load = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
      const { context, page } = await openPage(browser2, { offlineCopy: true });
      try {
        const figures = await atLinkTimings(page, `${app2.url}${AT_LINK}`, () =>
          waitForMapIdle(page, 120_000),
        );
        timings.push({ ...figures, load });
        log(
          `?at= load ${run + 1}: card ${figures.cardMs.toFixed(0)} ms, table ${figures.tableMs.toFixed(0)} ms, key taken ${(figures.keyAcceptedMs - figures.fcpMs).toFixed(0)} ms after first paint (waited ${(figures.keyAcceptedMs - figures.keyPressedMs).toFixed(0)} ms: script ${figures.keyWaitScriptMs.toFixed(0)}, commits ${figures.keyWaitCommitMs.toFixed(0)}) (load ${load})`,
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser2.close();
    await app2.close();
  }
  const of = (pick: (t: AtLinkTimings) => number) => median(timings.map(pick));
  const atLink: AtLinkFigures = {
    cardMs: of((t) => t.cardMs),
    tableMs: of((t) => t.tableMs),
    tableOverCard: median(timings.map((t) => t.tableMs / t.cardMs)),
    keyAcceptedAfterFcpMs: of((t) => t.keyAcceptedMs - t.fcpMs),
    keyWaitMs: of((t) => t.keyAcceptedMs - t.keyPressedMs),
    keyWaitScriptMs: of((t) => t.keyWaitScriptMs),
    keyWaitCommitMs: of((t) => t.keyWaitCommitMs),
    runs: timings,
  };
  return {
    atLink,
    atLinkLongestTaskMs: median(figures.map((figure) => figure.longestMs)),
    atLinkTasksOver200: median(figures.map((figure) => figure.over200)),
    atLinkTasksOver50: median(figures.map((figure) => figure.over50)),
    loadAverages: figures.map((figure) => figure.load),
    runs: figures.map(({ longestMs, over50, over200, load }) => ({ longestMs, over50, over200, load })),
  };
}
