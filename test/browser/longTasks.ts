/**
 * Main-thread long tasks of a page load, read in the page (issue 15, item 14): a
 * PerformanceObserver for 'longtask' installed before any script runs, and first-contentful-paint.
 * Shared by the browser test (which records the figures) and the bench (which measures them).
 */
import type { Page } from 'playwright-core';

export interface LongTaskFigures {
  /** first-contentful-paint, ms since navigation start. */
  fcpMs: number;
  /** Long tasks (over 50 ms) that started after first paint: start and duration, ms. */
  tasks: { startMs: number; durationMs: number }[];
  longestMs: number;
  over50: number;
  over200: number;
  /**
   * Clicks (Event Timing): from the input to its handlers running (inputDelayMs) and to the
   * next frame painted after them (durationMs, in 8 ms steps).
   */
  clicks: { startMs: number; inputDelayMs: number; durationMs: number }[];
}

/** Call before `page.goto`. A string, so the bundler's helpers never reach the page. */
export async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(`(() => {
    const record = { tasks: [], fcp: -1, clicks: [] };
    window.__longTasks = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') record.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'click')
          record.clicks.push([entry.startTime, entry.processingStart - entry.startTime, entry.duration]);
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  })()`);
}

export async function readLongTasks(page: Page): Promise<LongTaskFigures> {
  const { tasks, fcp, clicks } = (await page.evaluate('window.__longTasks')) as {
    tasks: [number, number][];
    fcp: number;
    clicks: [number, number, number][];
  };
  if (fcp < 0) throw new Error('the page reported no first-contentful-paint');
  const after = tasks
    .filter(([start]) => start >= fcp)
    .map(([startMs, durationMs]) => ({ startMs: Math.round(startMs), durationMs: Math.round(durationMs) }));
  return {
    fcpMs: Math.round(fcp),
    tasks: after,
    longestMs: Math.max(0, ...after.map((task) => task.durationMs)),
    over50: after.length,
    over200: after.filter((task) => task.durationMs > 200).length,
    clicks: clicks.map(([startMs, inputDelayMs, durationMs]) => ({
      startMs: Math.round(startMs),
      inputDelayMs: Math.round(inputDelayMs),
      durationMs: Math.round(durationMs),
    })),
  };
}
