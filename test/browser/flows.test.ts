/**
 * Losses and replacements on the page (issue 34, item 4), in real Chromium: with no ledger every
 * place says so and how to get one; after "Load RIBITS ledger…" the card gives the Kettle River
 * major's withdrawals in plain words with source and date, the map layer draws the flow lines,
 * the CSV holds the same figures, the file survives a reload, and the public view, hearing mode
 * and the report say the same sentence.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { KETTLE_LEDGER_CSV, MCGREGOR } from '../fixtures/ledgers/kettleLedger';
import {
  appAndBrowserForFile,
  axeViolations,
  countPixels,
  openPage,
  screenshotPath,
  waitForMapIdle,
} from './harness';

const session = appAndBrowserForFile();

/** "Load RIBITS ledger…", choosing the fixture in the file chooser it opens. */
async function loadLedger(page: Page): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('region', { name: 'Losses and replacements' })
    .getByRole('button', { name: 'Load RIBITS ledger…' })
    .click();
  await (await chooser).setFiles({
    name: 'kettle-ledger.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(KETTLE_LEDGER_CSV),
  });
}

/** The sentences the fixture gives for the Kettle River major, one per jurisdiction. */
const STATE_SENTENCE =
  /2019–2024 \(State\): 14\.4 credits withdrawn for impacts in this watershed; 3\.1 from banks in it, 9\.3 elsewhere in BSA 5 \(Demonstration BSA 5\), none from other BSAs, 2 from banks that could not be located\. Banks in it sold no credits for impacts elsewhere\./;
const FEDERAL_SENTENCE =
  /2021 \(Federal\): 1\.5 credits withdrawn for impacts in this watershed; none from banks in it, 1\.5 elsewhere in BSA 5 \(Demonstration BSA 5\), none from other BSAs\./;
/** The flow line's colour (#5b2a86) at its opacity over the map. */
const FLOW_LINE_PIXEL: [number, number, number] = [116, 75, 153];

describe('losses and replacements', () => {
  it('says there is no ledger and how to get one, then shows the loaded ledger’s figures on the card, the map, the CSV, the public view, hearing and the report', async () => {
    const { context, page } = await openPage(session.browser, { bypassCSP: true });
    await page.goto(`${session.app.url}?at=${MCGREGOR}`);
    await waitForMapIdle(page);
    const panel = page.getByRole('region', { name: 'Losses and replacements' });
    const none = panel.getByRole('note', { name: 'Losses and replacements not shown' });
    expect(await none.innerText()).toMatch(
      /This build holds no record of losses or replacements\. To see them, export “Ledger Transactions” or “Transactions by Watershed” from USACE RIBITS .*“Load RIBITS ledger…”/s,
    );
    expect(await panel.getByRole('button', { name: 'By major watershed (CSV)' }).isDisabled()).toBe(true);
    // Nothing to draw yet: no layer switch or legend that would show an empty map.
    expect(
      await panel.getByRole('checkbox', { name: 'Show losses and replacements on the map' }).count(),
    ).toBe(0);
    expect(await panel.getByRole('list', { name: 'Losses and replacements legend' }).count()).toBe(0);
    expect(await none.innerText()).not.toMatch(/npm run/);
    expect(
      await page
        .getByRole('region', { name: 'Report and exports' })
        .getByRole('button', { name: 'Losses and replacements (CSV)' })
        .isDisabled(),
    ).toBe(true);

    await loadLedger(page);
    const card = panel.getByRole('note', { name: 'Losses and replacements', exact: true });
    await expect.poll(() => card.innerText(), { timeout: 30_000 }).toMatch(STATE_SENTENCE);
    const text = await card.innerText();
    expect(text).toMatch(/^Wetland bank credits for impacts in the Kettle River watershed:/);
    expect(text).toMatch(FEDERAL_SENTENCE);
    // The jurisdiction with the most credits first (State: 14.4, Federal: 1.5).
    expect(text.indexOf('(State)')).toBeLessThan(text.indexOf('(Federal)'));
    expect(text).toMatch(
      /Source: RIBITS ledger export kettle-ledger\.csv, file dated \d{4}-\d{2}-\d{2}, loaded on this page; as of \d{4}-\d{2}-\d{2}\./,
    );
    expect(text).toMatch(/demonstration geography, not official/);
    await panel.getByText(/^Not counted/).click();
    const notCounted = await panel.locator('details').innerText();
    expect(notCounted).toMatch(/1 row names a bank that is not in this build/);
    expect(notCounted).toMatch(/1 withdrawal without an impact HUC counted nowhere/);
    expect(notCounted).toMatch(/1 transaction that is not withdrawals skipped \(Release: 1\)/);

    // The map layer: flow lines drawn when it is shown, none when it is not.
    const map = page.getByTestId('map');
    const linePixels = async () => countPixels(page, await map.screenshot(), FLOW_LINE_PIXEL, 30);
    // The state: the lines run from the Kettle River major to banks a major or two south.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
    await waitForMapIdle(page);
    const before = await linePixels();
    await panel.getByRole('checkbox', { name: 'Show losses and replacements on the map' }).check();
    await waitForMapIdle(page);
    await page.screenshot({ path: screenshotPath('flows-desktop') });
    const shown = await linePixels();
    expect(shown - before).toBeGreaterThan(150);
    expect(await axeViolations(page)).toEqual([]);

    // The CSV: the same figures, one row per major and jurisdiction.
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'By major watershed (CSV)' }).click();
    const csv = (await readFile((await (await download).path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'major,name,jurisdiction,creditsWithdrawnForImpactsHere,fromBanksInThisMajor,fromBanksElsewhereInThisBsa,fromBanksInOtherBsas,fromBanksNotLocated,creditsSoldHereForImpactsElsewhere,withdrawals,from,to',
    );
    expect(lines).toContain('35,Kettle River,State,14.4,3.1,9.3,0,2,0,4,2019-03-15,2024-11-20');
    expect(lines).toContain('35,Kettle River,Federal,1.5,0,1.5,0,0,0,1,2021-05-05,2021-05-05');

    // The same file from "Report and exports".
    const exports = page.getByRole('region', { name: 'Report and exports' });
    const fromExports = page.waitForEvent('download');
    await exports.getByRole('button', { name: 'Losses and replacements (CSV)' }).click();
    expect((await readFile((await (await fromExports).path())!, 'utf8')).replace(/^\uFEFF/, '')).toBe(csv);

    // Kept through a reload; the public view, the report and hearing mode say the same.
    await page.reload();
    await waitForMapIdle(page);
    await expect.poll(() => card.innerText(), { timeout: 30_000 }).toMatch(STATE_SENTENCE);
    expect(await page.locator('.report-losses').textContent()).toMatch(STATE_SENTENCE);
    await page.getByRole('button', { name: 'What do these mean?' }).click();
    const explainer = page.getByRole('complementary', { name: 'What the terms mean' });
    await expect
      .poll(() => explainer.getByRole('note', { name: 'Losses and replacements', exact: true }).innerText(), {
        timeout: 30_000,
      })
      .toMatch(STATE_SENTENCE);
    await explainer.getByRole('button', { name: 'Back to the explorer' }).click();
    await page.getByRole('region', { name: 'Ranked replacement options' }).waitFor({ timeout: 60_000 });
    // The layer off: the hearing's losses step draws it all the same.
    await panel.getByRole('checkbox', { name: 'Show losses and replacements on the map' }).uncheck();
    await page.getByRole('button', { name: 'Present at a hearing' }).click();
    const last = page.getByRole('navigation', { name: 'Hearing steps' }).getByRole('button').last();
    expect(await last.getAttribute('aria-label')).toMatch(/: Were the wetlands lost here replaced here\?$/);
    await last.click();
    await expect
      .poll(() => page.getByTestId('hearing-content').innerText(), { timeout: 30_000 })
      .toMatch(STATE_SENTENCE);
    // The step draws the flow lines whatever the layer's setting, and the major outlined.
    await waitForMapIdle(page);
    await page.screenshot({ path: screenshotPath('flows-hearing') });
    expect(await countPixels(page, await map.screenshot(), FLOW_LINE_PIXEL, 30)).toBeGreaterThan(150);
    await context.close();
  });

  it('on a phone, shows the card and its legend', async () => {
    const { context, page } = await openPage(session.browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${session.app.url}?at=${MCGREGOR}`);
    await waitForMapIdle(page);
    const panel = page.getByRole('region', { name: 'Losses and replacements' });
    await loadLedger(page);
    const card = panel.getByRole('note', { name: 'Losses and replacements', exact: true });
    await expect.poll(() => card.innerText(), { timeout: 30_000 }).toMatch(STATE_SENTENCE);
    await panel.scrollIntoViewIfNeeded();
    expect(await panel.getByRole('list', { name: 'Losses and replacements legend' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('flows-phone') });
    await context.close();
  });
});
