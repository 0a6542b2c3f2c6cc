/**
 * The foundation in a real browser: the page draws real Minnesota counties from the local
 * FlatGeobuf layers, requests nothing from another host, and survives a corrupt layer.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  appAndBrowserForFile,
  countPixels,
  openPage,
  screenshotPath,
  startApp,
  waitForMapIdle,
} from './harness';

const session = appAndBrowserForFile();

// The >80% area fill (#2c7fb8 at 0.55 opacity) over the state fill (#fbfaf6).
const GREATER_THAN_80_ON_MAP: [number, number, number] = [137, 182, 212];

describe('the explorer page', () => {
  it('draws Minnesota counties with their area class, offline', async () => {
    const { context, page, foreignRequests, pageErrors } = await openPage(session.browser, {
      resultsShare: 42,
    });
    await page.goto(session.app.url);
    await expect(
      page.getByRole('heading', { name: 'Wetland replacement siting explorer' }).isVisible(),
    ).resolves.toBe(true);
    await waitForMapIdle(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    const png = await page.getByTestId('map').screenshot({ path: screenshotPath('foundation-map') });
    // The 18 greater-than-80 counties cover much of northern Minnesota: thousands of pixels.
    expect(await countPixels(page, png, GREATER_THAN_80_ON_MAP, 3)).toBeGreaterThan(5_000);
    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
    // Nothing asked for that the build does not have (credits.json was asked for on every visit, a 404).
    expect(session.app.sent.filter((sent) => sent.status >= 400).map((sent) => sent.path)).toEqual([]);
    await context.close();
  });

  it('names each county once, inside it, even where map tiles cut it', async () => {
    const { context, page } = await openPage(session.browser, { resultsShare: 42 });
    // Rochester at zoom 10: Olmsted County spans four map tiles here, and labelling the polygon
    // named it in each; around Brainerd two tiles named Todd County twice.
    const labelsAt = async (view: string) => {
      await page.goto(`${session.app.url}?view=${view}`);
      await waitForMapIdle(page);
      return (await page.getByTestId('map').getAttribute('data-county-labels'))?.split('|') ?? [];
    };
    expect(await labelsAt('-92.47,44.02,10')).toEqual(['Olmsted']);
    const brainerd = await labelsAt('-94.6,46.2,8.6');
    expect(brainerd.filter((name) => name === 'Todd')).toHaveLength(1);
    expect(brainerd).toContain('Morrison');
    await page.getByTestId('map').screenshot({ path: screenshotPath('county-labels') });
    await context.close();
  });

  it('names a corrupt layer and keeps drawing the others', async () => {
    const corrupt = await startApp((path) =>
      // The map draws counties from their overview; a corrupt one is named like a corrupt layer.
      path === '/data/counties.overview.json' ? { status: 200, body: Buffer.from('not a topology') } : null,
    );
    const { context, page, foreignRequests } = await openPage(session.browser);
    await page.goto(corrupt.url);
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await alert.first().waitFor();
    expect(await alert.first().textContent()).toMatch(
      /Counties.*could not be loaded.*rest of the map still works/s,
    );
    await waitForMapIdle(page);
    const png = await page
      .getByTestId('map')
      .screenshot({ path: screenshotPath('foundation-corrupt-counties') });
    // No county fills, but the state outline and lakes are still drawn.
    expect(await countPixels(page, png, GREATER_THAN_80_ON_MAP, 3)).toBeLessThan(50);
    expect(await countPixels(page, png, [0x9c, 0xc9, 0xe8], 8)).toBeGreaterThan(100);
    expect(foreignRequests).toEqual([]);
    await context.close();
    await corrupt.close();
  });

  it('reports a missing manifest with a retry', async () => {
    const missing = await startApp((path) =>
      path === '/data/manifest.json' ? { status: 404, body: 'missing' } : null,
    );
    const { context, page } = await openPage(session.browser);
    await page.goto(missing.url);
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByRole('alert').first().textContent()).toContain('HTTP 404');
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    writeFileSync(screenshotPath('foundation-no-manifest'), await page.screenshot());
    await context.close();
    await missing.close();
  });
});
