/**
 * Faults and lost work in a real browser: a layer that fails and is retried, a tab that
 * crashes, and the Content-Security-Policy that keeps injected script out.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appAndBrowserForFile, openPage, startApp, waitForMapIdle } from './harness';

const session = appAndBrowserForFile();

describe('reliability', () => {
  it('offers a retry for a layer that failed, and the retry restores it', async () => {
    let healed = false;
    const flaky = await startApp((path) =>
      // Both the overview the map draws and the full layer the lookups read are gone.
      path.startsWith('/data/bank-service-areas.') && !healed ? { status: 404, body: 'gone' } : null,
    );
    const { context, page } = await openPage(session.browser);
    await page.goto(`${flaky.url}?at=-93.3,45.1`);
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('HTTP 404');
    // The rest works: the card still names the county and the minor watershed.
    const card = page.getByRole('region', { name: 'Impact location' });
    await card.getByText('Hennepin County').waitFor();
    expect(await card.innerText()).not.toContain('BSA 7');
    healed = true;
    await page.getByRole('button', { name: /^Retry / }).click();
    await alert.waitFor({ state: 'detached' });
    await card.getByText('BSA 7').waitFor();
    await context.close();
    await flaky.close();
  });

  it('keeps everything entered when the tab crashes', async () => {
    const { context, page } = await openPage(session.browser);
    await page.goto(`${session.app.url}?at=-93.3,45.1`);
    await waitForMapIdle(page);
    await page.getByLabel('Wetland acres drained or filled').fill('3.25');
    await page.getByLabel('Project type').selectOption('mining');
    await page.getByLabel('Wetland is in a cultivated field').check();
    const cdp = await context.newCDPSession(page);
    const crashed = new Promise((resolve) => page.once('crash', resolve));
    // Page.crash never answers: the renderer is gone.
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    // A new tab with a bare address: the work comes back from local storage.
    const reopened = await context.newPage();
    await reopened.goto(session.app.url);
    await waitForMapIdle(reopened);
    expect(await reopened.getByLabel('Wetland acres drained or filled').inputValue()).toBe('3.25');
    expect(await reopened.getByLabel('Project type').inputValue()).toBe('mining');
    expect(await reopened.getByLabel('Wetland is in a cultivated field').isChecked()).toBe(true);
    await reopened.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
    await context.close();
  });

  it('keeps the open work as a saved scenario when a link replaces it', async () => {
    const { context, page } = await openPage(session.browser);
    await page.goto(`${session.app.url}?at=-93.3,45.1&acres=2.5`);
    await waitForMapIdle(page);
    await page.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
    // Someone sends a link to another place; the first work must not be lost.
    await page.goto(`${session.app.url}?at=-92.47,44.02`);
    await waitForMapIdle(page);
    await page.getByRole('status').filter({ hasText: 'This link replaced the work you had open' }).waitFor();
    const open = page.getByRole('button', { name: /^Open Work before opening a link/ });
    await open.waitFor();
    await open.click();
    await page.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
    expect(await page.getByLabel('Wetland acres drained or filled').inputValue()).toBe('2.5');
    await context.close();
  });

  it('refuses oversized site files with a size message, and keeps the page responsive', async () => {
    const { context, page } = await openPage(session.browser);
    await page.goto(`${session.app.url}?at=-93.3,45.1`);
    await waitForMapIdle(page);
    const header = 'id,name,lon,lat\n';
    // A file over the import limit (128 MB), as a sparse file on disk: refused by its size, unread.
    const dir = mkdtempSync(path.join(tmpdir(), 'huge-sites-'));
    const huge = path.join(dir, 'huge.csv');
    writeFileSync(huge, header);
    truncateSync(huge, 129 * 1024 * 1024);
    await page.getByLabel('Sites file').setInputFiles(huge);
    const error = page.getByRole('alert').filter({ hasText: 'huge.csv' });
    await error.waitFor();
    expect(await error.innerText()).toMatch(/129\.0 MB is larger than 128 MB/);
    rmSync(dir, { recursive: true, force: true });
    const rows = Array.from({ length: 100_001 }, (_, i) => `s${i},Site ${i},${-93 - i / 1_000_000},45`);
    await page.getByLabel('Sites file').setInputFiles({
      name: 'many.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}${rows.join('\n')}`),
    });
    await page.getByRole('alert').filter({ hasText: 'at most 100000 sites' }).waitFor();
    // Nothing was added, and the page still answers.
    expect(await page.getByRole('region', { name: 'Impact location' }).innerText()).toContain(
      'Hennepin County',
    );
    expect(new URL(page.url()).searchParams.get('sites')).toBeNull();
    await context.close();
  });

  it('refuses inline script by its Content-Security-Policy', async () => {
    const { context, page } = await openPage(session.browser);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await page.goto(session.app.url);
    await expect(page.addScriptTag({ content: 'window.injected = true;' })).rejects.toThrow(
      /Content Security Policy/,
    );
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'self'");
    await context.close();
  });
});
