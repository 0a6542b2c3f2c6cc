/**
 * What a planner sets on the ranked table and the site list survives a reload (issue 14): the
 * sort and filters (kept in the link and local storage like every other input), and "Remove all
 * sites" — asked first, undoable, keyboard reachable — stays done after a reload, with the
 * browser's copy of the sites gone. Three sites: the 100,000-site path is countySites.test.ts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appAndBrowserForFile, openPage, screenshotPath, waitForMapIdle } from './harness';
import { storedSiteCount } from './storedSiteCount';

const session = appAndBrowserForFile();
const HENNEPIN: [number, number] = [-93.3, 45.1];
const SITES_CSV = [
  'id,name,lon,lat,action',
  `a,Near marsh,${HENNEPIN[0] + 0.002},${HENNEPIN[1] + 0.002},restoration`,
  'b,Far fen,-93.25,45.05,restoration',
  'c,Other pond,-93.35,45.15,creation',
].join('\n');

const ladderRegion = (page: Page) =>
  page.getByRole('region', { name: 'Project-specific replacement (levels 1–4)' });

async function filterControls(page: Page) {
  const box = page.locator('details.ranking-filters-box');
  if (!(await box.evaluate((element) => (element as HTMLDetailsElement).open)))
    await box.locator('summary').click();
  return page.getByRole('group', { name: 'Sort and filter the options' });
}

async function reloadAndWait(page: Page): Promise<void> {
  await page.reload();
  await waitForMapIdle(page);
  await page.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
}

describe('ranking filters and the site list kept across a reload', () => {
  let page: Page;
  beforeAll(async () => {
    page = (await openPage(session.browser)).page;
    await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}`);
    await waitForMapIdle(page);
    await page
      .getByLabel('Sites file')
      .setInputFiles({ name: 'three.csv', mimeType: 'text/csv', buffer: Buffer.from(SITES_CSV) });
    await page.getByText('Imported 3 sites from three.csv').waitFor();
    await ladderRegion(page).locator('.summary', { hasText: '3 proposed sites =' }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await page?.context().close();
  });

  it('keeps the sort and every filter across a reload', async () => {
    let filters = await filterControls(page);
    await filters.getByLabel('Sort by').selectOption('distance');
    await filters.getByLabel('Level').selectOption('1');
    await filters.getByLabel('Eligibility').selectOption('eligible');
    await filters.getByLabel('Kind').selectOption('project-specific');
    await filters.getByLabel('Within (km)').fill('7.5');
    await filters.getByLabel('At least (credits)').fill('2');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('filter'))
      .toBe('level:1;elig:eligible;kind:project-specific;km:7.5;credits:2;sort:distance');
    await reloadAndWait(page);
    filters = await filterControls(page);
    expect(await filters.getByLabel('Sort by').inputValue()).toBe('distance');
    expect(await filters.getByLabel('Level').inputValue()).toBe('1');
    expect(await filters.getByLabel('Eligibility').inputValue()).toBe('eligible');
    expect(await filters.getByLabel('Kind').inputValue()).toBe('project-specific');
    expect(await filters.getByLabel('Within (km)').inputValue()).toBe('7.5');
    expect(await filters.getByLabel('At least (credits)').inputValue()).toBe('2');
    // The filters apply after the reload too (the summary says the rows are filtered).
    await page.getByText('Sort and filter (on)').waitFor();
    await page.getByRole('button', { name: 'Show all, as ranked' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toBeNull();
  }, 120_000);

  it('removes all sites only when confirmed, undoes it, and a removal stays done after a reload', async () => {
    await expect.poll(() => storedSiteCount(page), { timeout: 30_000 }).toBe(3);
    const removeAll = page.getByRole('button', { name: 'Remove all sites (3)' });
    // By keyboard: the button, then the confirmation's own Remove button has focus.
    await removeAll.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('button', { name: 'Remove all 3 sites' });
    await expect.poll(() => confirm.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('group', { name: /^Remove all 3 sites\?/ }).waitFor();
    // Escape keeps them.
    await page.keyboard.press('Escape');
    await removeAll.waitFor();
    expect(await page.getByRole('button', { name: 'Remove Near marsh' }).count()).toBe(1);

    await removeAll.click();
    await confirm.click();
    await page.getByText(/Removed 3 sites, from the ranking, the map and this browser’s storage/).waitFor();
    await ladderRegion(page).locator('.summary', { hasText: 'None.' }).waitFor();
    await page.screenshot({ path: screenshotPath('sites-removed-undo') });
    // Undo brings them back, ranked, and into storage again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await ladderRegion(page).locator('.summary', { hasText: '3 proposed sites =' }).waitFor();
    await expect.poll(() => storedSiteCount(page), { timeout: 30_000 }).toBe(3);

    await removeAll.click();
    await confirm.click();
    await ladderRegion(page).locator('.summary', { hasText: 'None.' }).waitFor();
    await expect.poll(() => storedSiteCount(page), { timeout: 30_000 }).toBe(0);
    expect(new URL(page.url()).searchParams.get('sites')).toBeNull();
    await reloadAndWait(page);
    await ladderRegion(page).locator('.summary', { hasText: 'None.' }).waitFor();
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await storedSiteCount(page)).toBe(0);
  }, 120_000);

  it('removes one site with an Undo in a live message, and the removal stays done after a reload (issue 24, item 10)', async () => {
    await page
      .getByLabel('Sites file')
      .setInputFiles({ name: 'three.csv', mimeType: 'text/csv', buffer: Buffer.from(SITES_CSV) });
    await ladderRegion(page).locator('.summary', { hasText: '3 proposed sites =' }).waitFor();
    const removeButtons = () =>
      page
        .getByRole('button', { name: /^Remove (?!all)/ })
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(await removeButtons()).toEqual(['Remove Near marsh', 'Remove Far fen', 'Remove Other pond']);

    await page.getByRole('button', { name: 'Remove Far fen' }).click();
    const said = page.getByRole('status').filter({ hasText: 'Removed “Far fen” from the ranking' });
    await said.waitFor();
    const undo = said.getByRole('button', { name: 'Undo: put back Far fen' });
    await expect.poll(() => undo.evaluate((element) => element === document.activeElement)).toBe(true);
    await ladderRegion(page).locator('.summary', { hasText: '2 proposed sites =' }).waitFor();
    // Undo by keyboard: back in its place, ranked and stored.
    await page.keyboard.press('Enter');
    await ladderRegion(page).locator('.summary', { hasText: '3 proposed sites =' }).waitFor();
    expect(await removeButtons()).toEqual(['Remove Near marsh', 'Remove Far fen', 'Remove Other pond']);
    await expect.poll(() => storedSiteCount(page), { timeout: 30_000 }).toBe(3);

    await page.getByRole('button', { name: 'Remove Far fen' }).click();
    await said.waitFor();
    await expect.poll(() => storedSiteCount(page), { timeout: 30_000 }).toBe(2);
    await reloadAndWait(page);
    await ladderRegion(page).locator('.summary', { hasText: '2 proposed sites =' }).waitFor();
    expect(await removeButtons()).toEqual(['Remove Near marsh', 'Remove Other pond']);
  }, 120_000);
});
