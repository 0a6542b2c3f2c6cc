/**
 * Issue 33, blocker 1, in real Chromium: a planner in Aitkin County types "McGregor" and finds
 * the city and the township, each named with its county and kind, and gets the card of Aitkin
 * County; the names' reader is not in the page's first JavaScript, and their file is fetched
 * only when the search is first used.
 */
import { describe, expect, it } from 'vitest';
import { appAndBrowserForFile, openPage, screenshotPath, waitForMapIdle } from './harness';

const session = appAndBrowserForFile();

describe('the place search finds small towns and townships', () => {
  it('types McGregor, picks the option naming Aitkin County, and gets the card', async () => {
    const { context, page, pageErrors } = await openPage(session.browser, {
      viewport: { width: 1280, height: 860 },
    });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(session.app.url);
    await waitForMapIdle(page);
    // Nothing of the names is read before the search is used.
    expect(fetched.filter((p) => /place-names\.json|searchIndex/.test(p))).toEqual([]);
    const search = page.getByRole('combobox', { name: /Search a town/ });
    await search.focus();
    await page.keyboard.type('McGregor');
    const city = page.getByRole('option', { name: 'McGregor, Aitkin County — city' });
    await city.waitFor();
    expect(
      await page.getByRole('option', { name: 'McGregor Township, Aitkin County — township' }).count(),
    ).toBe(1);
    expect(fetched.filter((p) => p.endsWith('/place-names.json'))).toHaveLength(1);
    await page.screenshot({ path: screenshotPath('town-search-mcgregor') });
    await city.click();
    const card = page.getByRole('region', { name: 'Impact location' });
    await card.getByText('Aitkin County').first().waitFor();
    expect(await search.inputValue()).toBe('McGregor, Aitkin County');

    // A township by name, and a city part in its own county (Saint Cloud, Benton County).
    await search.fill('Tamarack');
    await page.getByRole('option', { name: 'Tamarack, Aitkin County — city' }).waitFor();
    await search.fill('st. cloud');
    const benton = page.getByRole('option', {
      name: 'Saint Cloud, Benton County — city (also in Stearns and Sherburne counties)',
    });
    await benton.waitFor();
    await benton.click();
    await card.getByText('Benton County').first().waitFor();
    // MnDOT is credited on the map, beside GeoNames.
    expect(
      await page.getByText(/Place names: MnDOT, GeoNames \(CC BY 4\.0\), zipcodes/).count(),
    ).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps the names for offline use: after one search online, Palisade is found offline', async () => {
    const { context, page, pageErrors } = await openPage(session.browser, { offlineCopy: true });
    await page.goto(session.app.url);
    await waitForMapIdle(page, 90_000);
    await page.getByRole('button', { name: /^Make available offline/ }).waitFor();
    const search = page.getByRole('combobox', { name: /Search a town/ });
    await search.fill('Hill City');
    await page.getByRole('option', { name: 'Hill City, Aitkin County — city' }).waitFor();
    // Stored by the page once read and checked (src/geo/offlineCopy.ts), like the layers.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          for (const name of await caches.keys())
            for (const request of await (await caches.open(name)).keys())
              if (request.url.endsWith('/data/place-names.json')) return true;
          return false;
        }),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await waitForMapIdle(page, 90_000);
    await search.fill('Palisade');
    // The search answers offline (the card of a place not yet stored is the offline copy's concern).
    await page.getByRole('option', { name: 'Palisade, Aitkin County — city' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 240_000);
});
