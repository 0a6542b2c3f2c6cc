/**
 * Issue 33, blocker 2: a build without the bank layer (a clone without ../shared and no network)
 * read "0 candidates (0 proposed sites, 0 banks)" and "Bank credits … None.", and the map still
 * credited sources the build did not hold. Served here as the build's own manifest with the sites
 * layer, the bank records and the Natural Earth layers taken out.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appAndBrowserForFile, openPage, ROOT, screenshotPath, waitForMapIdle } from './harness';

const session = appAndBrowserForFile();
const AT = '?at=-93.3,45.1';

describe('a build that lacks a layer says so', () => {
  it('without the bank layer: said up front and in the bank ladder, and the map credits only what is built', async () => {
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'dist/data/manifest.json'), 'utf8'));
    for (const name of ['sites', 'lakes', 'rivers', 'places']) delete manifest.layers[name];
    delete manifest.banks;
    const { context, page, pageErrors } = await openPage(session.browser);
    await page.route('**/data/manifest.json', (route) => route.fulfill({ json: manifest }));
    try {
      await page.goto(`${session.app.url}${AT}`);
      await waitForMapIdle(page);
      const lacks = page.getByRole('list', { name: 'What this build lacks' });
      await lacks.waitFor();
      expect(
        await page.locator('summary', { hasText: 'Not in this build: wetland banks.' }).innerText(),
      ).toContain('does not mean none serves the area');
      expect(await lacks.innerText()).toMatch(
        /Wetland banks — not in this build: .* To get them: build with the data mirror/,
      );
      const ladder = page.getByRole('region', { name: 'Bank credits (levels 3–4)' });
      await expect
        .poll(async () => ladder.innerText(), { timeout: 60_000 })
        .toContain('None: the bank layer is not in this build.');
      expect(await page.getByRole('note').filter({ hasText: 'No bank is ranked because' }).count()).toBe(1);
      const credit = await page.locator('.maplibregl-ctrl-attrib-inner').innerText();
      expect(credit).toContain('Counties: U.S. Census Bureau 2023');
      expect(credit).not.toContain('Natural Earth');
      await page.screenshot({ path: screenshotPath('build-without-banks') });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('the default build names what it holds only in part, closed, and credits Natural Earth', async () => {
    const { context, page } = await openPage(session.browser);
    try {
      await page.goto(`${session.app.url}${AT}`);
      await waitForMapIdle(page);
      const summary = page.locator('summary', { hasText: 'This build lacks or holds in part:' });
      await summary.waitFor();
      expect(await summary.innerText()).toContain('bank ledgers');
      expect(await page.getByRole('list', { name: 'What this build lacks' }).isVisible()).toBe(false);
      expect(await page.locator('.maplibregl-ctrl-attrib-inner').innerText()).toContain('Natural Earth');
    } finally {
      await context.close();
    }
  }, 180_000);
});
