/**
 * The law as a practitioner checks it, on the page (issue 13, issue 15 item 6): the two ladders
 * side by side, read by role; banks that cannot sell listed apart; possible levels when a layer
 * is missing; a cultivated field kept on agricultural land; road repair said plainly; and the
 * sequencing record kept across a reload.
 */
import { describe, expect, it } from 'vitest';
import {
  type App,
  appAndBrowserForFile,
  openPage,
  screenshotPath,
  startApp,
  waitForMapIdle,
} from './harness';

const session = appAndBrowserForFile();
const HENNEPIN: [number, number] = [-93.3, 45.1];
const SITES = JSON.stringify([
  { id: 'next-door', name: 'Next door marsh', lon: -93.299, lat: 45.101, action: 'restoration' },
]);
const START = `?at=${HENNEPIN.join(',')}&sites=${encodeURIComponent(SITES)}`;

const number = (text: string | null | undefined) => Number((text ?? 'NaN').replaceAll(',', ''));
/** "141 eligible + 50 not eligible + 102 banks … (55 Sold-Out, …); 1 with …" → 293. */
const sumOfParts = (parts: string | undefined) =>
  (parts ?? 'NaN')
    .split(';')[0]!
    .split(' + ')
    .reduce((sum, part) => sum + number(/^[\d,]+/.exec(part)?.[0]), 0);

describe('two ladders', () => {
  it('shows project-specific replacement and bank credits side by side, each with its own places', async () => {
    const { context, page, pageErrors } = await openPage(session.browser, {
      viewport: { width: 1280, height: 860 },
    });
    await page.goto(`${session.app.url}${START}`);
    await waitForMapIdle(page);
    const sites = page.getByRole('table', { name: 'Project-specific replacement (levels 1–4)' });
    const banks = page.getByRole('table', { name: 'Bank credits (levels 3–4)' });
    await sites.waitFor();
    await banks.waitFor();
    // Each ladder counts its own places from 1.
    const firstSite = sites.locator('tbody tr').first();
    const firstBank = banks.locator('tbody tr').first();
    expect(await firstSite.locator('td').first().innerText()).toBe('1');
    expect(await firstBank.locator('td').first().innerText()).toBe('1');
    expect(await firstSite.innerText()).toContain('Next door marsh');
    expect(await firstSite.innerText()).toContain('Level 1 · same minor watershed');
    // The first bank is level 3 at best, and carries no "listed after" caveat of the other ladder.
    expect(await firstBank.innerText()).toMatch(/Level [34]/);
    expect(await firstBank.innerText()).not.toContain('Listed after project-specific sites');
    // No bank that cannot sell credits is ranked in the bank ladder; they are listed apart.
    const statuses = await banks
      .locator('tbody tr td:nth-child(6)')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
    for (const status of statuses) expect(status).not.toMatch(/Sold-Out|Terminated|Withdrawn|Suspended/);
    const apart = page.getByRole('table', { name: 'Banks that cannot sell credits' });
    expect(await apart.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await apart.innerText()).toMatch(/Sold-Out|Terminated/);
    expect(await apart.innerText()).toContain('Not eligible');
    // An ineligible candidate has no place in a ladder (issue 22): no number, a dash.
    expect(await apart.locator('tbody tr').first().locator('td').first().innerText()).toBe('—');
    // Issue 24, item 4: one breakdown, in the summary and in each ladder, whose parts add up.
    const ranking = page.getByRole('region', { name: 'Ranked replacement options' });
    const whole = await ranking.getByText(/^\d[\d,]* candidates \(/).innerText();
    const [, total, siteCount, bankCount, parts] =
      /^([\d,]+) candidates \(([\d,]+) proposed sites?, ([\d,]+) banks?\) = (.*?)\. Within a level/.exec(
        whole,
      ) ?? [];
    expect(number(siteCount) + number(bankCount), whole).toBe(number(total));
    expect(sumOfParts(parts), whole).toBe(number(total));
    expect(parts).toMatch(
      /^[\d,]+ eligible \+ .*[\d,]+ not eligible \+ [\d,]+ banks that cannot sell credits \([\d,]+ (Sold-Out|Terminated)/,
    );
    const ladderLines = {} as Record<string, { count: number; parts: string }>;
    for (const [name, noun] of [
      ['Project-specific replacement (levels 1–4)', 'proposed sites?'],
      ['Bank credits (levels 3–4)', 'banks'],
      ['Banks that cannot sell credits', 'banks that cannot sell credits'],
    ] as const) {
      const pattern = new RegExp(`([\\d,]+) ${noun} = (.*?)\\.$`);
      const line = await page.getByRole('region', { name }).getByText(pattern).innerText();
      const [, count, ladderParts] = pattern.exec(line) ?? [];
      expect(sumOfParts(ladderParts), line).toBe(number(count));
      ladderLines[name] = { count: number(count), parts: ladderParts ?? '' };
    }
    const lines = Object.values(ladderLines);
    expect(lines.reduce((sum, line) => sum + line.count, 0)).toBe(number(total));
    // Virtualised: the table says how many rows it has (the header row is the first).
    expect(ladderLines['Banks that cannot sell credits']?.count).toBe(
      number(await apart.getAttribute('aria-rowcount')) - 1,
    );
    await page.getByRole('heading', { name: 'Bank credits (levels 3–4)' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('ladders-side-by-side') });
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);

  it('keeps a cultivated field on agricultural land, says road repair plainly, and keeps the sequencing record', async () => {
    const { context, page } = await openPage(session.browser);
    await page.goto(`${session.app.url}${START}`);
    await waitForMapIdle(page);
    const nonagricultural = page.getByRole('radio', { name: 'Nonagricultural land', exact: true });
    expect(await nonagricultural.isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: /Wetland is in a cultivated field/ }).check();
    expect(await page.getByRole('radio', { name: 'Agricultural land', exact: true }).isChecked()).toBe(true);
    expect(await nonagricultural.isDisabled()).toBe(true);
    await page
      .getByText('A cultivated field is agricultural land, so nonagricultural land cannot be chosen')
      .waitFor();
    expect(new URL(page.url()).searchParams.get('land')).toBe('agricultural');
    // Subd. 1(c): replaced "without regard to the priority order in paragraph (b)": no sequencing asked.
    await expect
      .poll(async () => page.getByRole('region', { name: 'Requirement' }).innerText())
      .toContain('Not asked: a cultivated field is replaced without regard to the sequencing of subd. 1(b)');

    await page.getByLabel('Project type').selectOption('road-repair');
    const ranking = page.getByRole('region', { name: 'Siting of the replacement' });
    await ranking.waitFor();
    expect(await ranking.innerText()).toContain('buys nothing');
    expect(await ranking.innerText()).toContain(
      'the Board of Water and Soil Resources (MnDOT on state roads) replaces',
    );
    await page.getByRole('checkbox', { name: /^State road/ }).check();
    await expect.poll(async () => ranking.innerText()).toContain('(MnDOT) replaces');

    await page.getByLabel(/^Avoid:/).fill('Moved the culvert <b>east</b> of the wetland');
    await page.reload();
    await waitForMapIdle(page);
    expect(await page.getByLabel(/^Avoid:/).inputValue()).toBe(
      'Moved the culvert <b>east</b> of the wetland',
    );
    // The report (hidden on screen, shown in print) prints it, as text.
    expect(await page.locator('.report section[aria-label="Sequencing record"]').textContent()).toContain(
      'Moved the culvert <b>east</b> of the wetland',
    );
    expect(await page.locator('.report b').count()).toBe(0);
    await context.close();
  }, 180_000);
});

describe('a layer that does not load', () => {
  let broken: App;
  it('shows the possible levels, not a certain lower one', async () => {
    broken = await startApp((path) =>
      path.endsWith('minor-watersheds.fgb') ? { status: 404, body: 'not found' } : null,
    );
    try {
      const { context, page } = await openPage(session.browser);
      await page.goto(`${broken.url}${START}`);
      await waitForMapIdle(page);
      const sites = page.getByRole('table', { name: 'Project-specific replacement (levels 1–4)' });
      await sites.waitFor();
      const row = sites.locator('tr', { hasText: 'Next door marsh' });
      expect(await row.innerText()).toContain('Level 1–2 (minor watershed not known)');
      const ranking = page.getByRole('region', { name: 'Ranked replacement options' });
      expect(await ranking.innerText()).toMatch(/1 with the level not known for certain/);
      await sites.screenshot({ path: screenshotPath('ladders-minor-watershed-missing') });
      await context.close();
    } finally {
      await broken.close();
    }
  }, 180_000);
});
