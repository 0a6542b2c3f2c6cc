/**
 * The map is its own chunk (issue 35, item 4: initial JavaScript at most 390 KB): the page's
 * search works before, and without, MapLibre. Proven by refusing the map's chunk: with the map in
 * the entry, the entry itself could not run and there would be no search box at all.
 */
import { describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshotPath, startApp } from './harness';

describe('the map as its own chunk', () => {
  it('when the map cannot be loaded, says so with a reload, and the town search still answers', async () => {
    const app = await startApp((pathname) =>
      /^\/assets\/MapView-[^/]*\.js$/.test(pathname) ? { status: 503, body: 'unavailable' } : null,
    );
    const browser = await launchBrowser();
    try {
      const { page } = await openPage(browser);
      await page.goto(app.url);
      const alert = page.getByRole('alert').filter({ hasText: 'The map could not be loaded' });
      await alert.waitFor();
      expect(await alert.getByRole('button', { name: 'Reload the map' }).count()).toBe(1);
      expect(app.requests.some((p) => /^\/assets\/MapView-/.test(p))).toBe(true);
      const search = page.getByRole('combobox', { name: /Search a town/ });
      await search.focus();
      await page.keyboard.type('McGregor');
      const city = page.getByRole('option', { name: 'McGregor, Aitkin County — city' });
      await city.waitFor();
      await city.click();
      const card = page.getByRole('region', { name: 'Impact location' });
      await card.getByText('Aitkin County').first().waitFor();
      await page.screenshot({ path: screenshotPath('map-chunk-failed') });
    } finally {
      await browser.close();
      await app.close();
    }
  });
});
