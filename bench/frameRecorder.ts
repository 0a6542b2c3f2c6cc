import type { Page } from 'playwright-core';

/**
 * Records the page's frame intervals (a requestAnimationFrame loop) from `start` until `stop`,
 * which returns them without the first (partial) one. Strings, not functions: tsx would wrap a
 * function's inner arrows in a helper the page lacks.
 */
export async function recordFrames(page: Page): Promise<{ stop: () => Promise<number[]> }> {
  await page.evaluate(`(() => {
    window.frameTimes = [];
    window.recording = true;
    let last = performance.now();
    const tick = (now) => {
      window.frameTimes.push(now - last);
      last = now;
      if (window.recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  return {
    stop: async () =>
      (await page.evaluate(
        '(() => { window.recording = false; return window.frameTimes.slice(1); })()',
      )) as number[],
  };
}
