/**
 * The legend on the map, in real Chromium at the laptop size (1280x860), where the layer
 * list's legend is below the fold: a "Legend" control on the map, closed until opened, naming what
 * each marker and fill means, clear of the zoom buttons, kept open across a reload, and passing
 * axe-core.
 */
import { describe, expect, it } from 'vitest';
import { appAndBrowserForFile, axeViolations, openPage, screenshotPath, waitForMapIdle } from './harness';

const session = appAndBrowserForFile();

describe('the map legend', () => {
  it('opens from the map, names the markers and fills, stays clear of the controls, and stays open after a reload', async () => {
    const { context, page, pageErrors } = await openPage(session.browser, {
      viewport: { width: 1280, height: 860 },
      bypassCSP: true,
    });
    // Before any impact: the dots are banks, not ranked, and nothing reads "Undetermined".
    await page.goto(session.app.url);
    await waitForMapIdle(page);
    const region = page.locator('.map-region');
    const toggle = region.getByText('Legend', { exact: true });
    const symbols = page.getByRole('list', { name: 'Map symbols' });
    await toggle.waitFor();
    // Closed at first: the map is not covered unasked.
    expect(await symbols.isVisible()).toBe(false);

    // By keyboard: the control is a disclosure that Enter opens.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await symbols.waitFor();
    const before = await symbols.innerText();
    expect(before).toContain('A wetland bank (not ranked yet: choose the impact)');
    expect(before).not.toMatch(/Undetermined|Level \d/);
    // The lines: each boundary the map draws, named.
    const lines = await page.getByRole('list', { name: 'Map lines' }).innerText();
    for (const line of [
      'Bank service area (BSA) boundary',
      'Major watershed boundary',
      'Minor watershed',
      'County line',
    ])
      expect(lines).toContain(line);

    await page.getByRole('textbox', { name: /Coordinates/ }).fill('44.02, -92.47');
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: /^Bank credits/ }).waitFor();
    const text = await symbols.innerText();
    expect(text).toContain('Wetland banks and your sites, by priority level');
    for (const line of [
      'The impact',
      'Level 1 · same minor watershed (“1”)',
      'Level 3 · same bank service area (“3”)',
      'Not eligible (“x”)',
      'Undetermined · a fact is unknown (“?”)',
    ])
      expect(text).toContain(line);
    // Why a near dot marked 4 comes after a far one marked 3 in the table (issue 33).
    expect(text).toContain(
      'The number on a dot is its priority level, 1 first and 4 last, not its place in the table',
    );
    const classes = region.getByRole('list', { name: 'Wetland area classes' });
    expect(await classes.innerText()).toMatch(/greater than 80/i);

    // Inside the map, clear of the zoom buttons, and its list all on screen.
    const legendBox = await region.locator('.map-legend').boundingBox();
    const mapBox = await page.getByTestId('map').boundingBox();
    const zoomBox = await page.getByRole('button', { name: 'Zoom out' }).boundingBox();
    if (!legendBox || !mapBox || !zoomBox) throw new Error('no layout');
    expect(legendBox.y).toBeGreaterThanOrEqual(mapBox.y);
    expect(legendBox.y + legendBox.height).toBeLessThanOrEqual(mapBox.y + mapBox.height);
    expect(legendBox.y).toBeGreaterThan(zoomBox.y + zoomBox.height);
    await page.screenshot({ path: screenshotPath('map-legend-open') });
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await waitForMapIdle(page);
    await symbols.waitFor();
    // Closed again, it stays closed.
    await toggle.click();
    await expect.poll(() => symbols.isVisible()).toBe(false);
    await page.reload();
    await waitForMapIdle(page);
    await toggle.waitFor();
    expect(await symbols.isVisible()).toBe(false);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
