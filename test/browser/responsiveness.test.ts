/**
 * A `?at=` link while it loads (issue 15, item 14), in real Chromium: a click during the load
 * takes effect on the page and the map, and the long tasks after first paint are recorded in
 * test-results/responsiveness.json. Their strict bound (none over 200 ms) is measured by
 * `npm run bench -- responsiveness`, not asserted here: on a shared 2-core machine with software
 * WebGL a single frame can take longer (see BENCHMARKS.md); this test holds the stated loose
 * bound that catches a page that hangs.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appAndBrowserForFile,
  countPixels,
  openPage,
  RESULTS_DIR,
  screenshotPath,
  waitForMapIdle,
} from './harness';
import { observeLongTasks, readLongTasks } from './longTasks';

const session = appAndBrowserForFile();
const ROCHESTER = '-92.47,44.02';
/** The state's own fill: what shows where the area classification is not drawn. */
const STATE_FILL: [number, number, number] = [0xfb, 0xfa, 0xf6];
/**
 * The outline of the bank service area an option shares with the impact, drawn opaque and wide
 * over the areas' own outlines (0.8 opacity: this colour only where two of them overlap).
 */
const SHARED_BSA: [number, number, number] = [0x8a, 0x3b, 0x12];
/** No main-thread task after first paint may be longer (a hung page); the target is 200 ms. */
const LOOSE_BOUND_MS = 5_000;

describe('a ?at= link while it loads', () => {
  it('takes a click during the load, draws shared units only for the selected option, and records its long tasks', async () => {
    const { context, page, pageErrors } = await openPage(session.browser, { resultsShare: 42 });
    await observeLongTasks(page);
    await page.goto(`${session.app.url}?at=${ROCHESTER}`);
    const map = page.getByTestId('map');
    const areaClass = page.getByRole('checkbox', { name: 'Wetland area classification' });
    await areaClass.waitFor();
    const busyAtClick = await map.getAttribute('aria-busy');
    await areaClass.click();
    await expect.poll(() => areaClass.isChecked()).toBe(false);
    await waitForMapIdle(page, 120_000);
    await page.waitForTimeout(2000);
    const figures = await readLongTasks(page);

    // The click was taken while the map was still loading, and the map drew without the classes.
    expect(busyAtClick).toBe('true');
    const click = figures.clicks[0];
    expect(click, 'the click, by Event Timing').toBeDefined();
    const hidden = await map.screenshot({ path: screenshotPath('responsiveness-area-class-hidden') });
    await areaClass.click();
    await waitForMapIdle(page);
    const shown = await map.screenshot();
    const [hiddenFill, shownFill] = [
      await countPixels(page, hidden, STATE_FILL, 3),
      await countPixels(page, shown, STATE_FILL, 3),
    ];
    expect(hiddenFill).toBeGreaterThan(shownFill * 2 + 1000);

    // Shared-unit outlines are drawn by an id filter: the bank service area's once a Level 3
    // option (same bank service area) is selected. Zoomed out so the area's boundary is in view.
    // Each Zoom out eases from where the map is: wait for it to rest a level out before the
    // next, and, after the selection, for the shared outline to be drawn, so both screenshots
    // show the same view.
    const mapAt = (zoom: number) => page.locator(`[data-testid="map"][data-idle-zoom="${zoom.toFixed(2)}"]`);
    let zoom = Number(await map.getAttribute('data-idle-zoom'));
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Zoom out' }).click();
      zoom -= 1;
      await mapAt(zoom).waitFor();
    }
    await page.locator('[data-testid="map"][data-shared-units$="bankServiceAreas="]').waitFor();
    await waitForMapIdle(page);
    const unselected = await map.screenshot({ path: screenshotPath('responsiveness-unselected') });
    const outlineBefore = await countPixels(page, unselected, SHARED_BSA, 6);
    await page
      .getByRole('region', { name: 'Ranked replacement options' })
      .locator('tbody tr', { hasText: 'Level 3 · same bank service area' })
      .first()
      .locator('th button')
      .click();
    await page
      .locator('[data-testid="map"][data-shared-units]:not([data-shared-units$="bankServiceAreas="])')
      .waitFor();
    await mapAt(zoom).waitFor();
    await waitForMapIdle(page);
    const selected = await map.screenshot({ path: screenshotPath('responsiveness-selected') });
    const outlineAfter = await countPixels(page, selected, SHARED_BSA, 6);
    // The added outline, in pixels of its own colour: about 700 at 1280x860 with the results at 42 %
    // (what shows of the area's boundary depends on the map's height, so no ratio to the before).
    expect(outlineAfter - outlineBefore).toBeGreaterThan(400);

    writeFileSync(
      path.join(RESULTS_DIR, 'responsiveness.json'),
      `${JSON.stringify({ busyAtClick, ...figures }, null, 2)}\n`,
    );
    console.info(
      `?at= load: a click during it ran after ${click?.inputDelayMs} ms and was painted after ${click?.durationMs} ms; after first paint the longest task was ${figures.longestMs} ms, ${figures.over200} over 200 ms, ${figures.over50} over 50 ms`,
    );
    expect(figures.longestMs).toBeLessThan(LOOSE_BOUND_MS);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
