/**
 * Official layers loaded in the page, in real Chromium: the DNR watershed GeoPackage zip and
 * the BWSR bank service area shapefile zip, as GDAL writes them (an independent writer,
 * re-dressing the built demonstration layers with the publishers' layer and field names,
 * EPSG:26915 and changed ids and names, so an answer can only come from the files), chosen
 * with the file input and dropped on the map. The card then answers from the files and names
 * them; the demonstration notice goes; a reload keeps them; a bad file is refused by name with
 * the layers in use unchanged; "Return to the default layers" brings the stand-ins back.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOfficialFixtures, type OfficialFixtures } from '../fixtures/official/makeOfficialFixtures';
import { appAndBrowserForFile, openPage, RESULTS_DIR, ROOT, screenshotPath, waitForMapIdle } from './harness';

const session = appAndBrowserForFile();
let fixtures: OfficialFixtures;
beforeAll(() => {
  fixtures = makeOfficialFixtures(path.join(ROOT, 'dist/data'), path.join(RESULTS_DIR, 'official-fixtures'));
});

const HENNEPIN: [number, number] = [-93.3, 45.1];

async function cardRow(page: Page, label: string): Promise<{ value: string; source: string }> {
  const card = page.getByRole('region', { name: 'Impact location' });
  const value = card.locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) });
  const dd = value.locator('xpath=following-sibling::dd[1]');
  const source = dd.locator('.source');
  return {
    value: (await dd.innerText()).split('\n')[0] ?? '',
    source: (await source.count()) > 0 ? await source.innerText() : '',
  };
}

/** What the demonstration layers answer at the point, read from the page before any import. */
interface Answers {
  minor: string;
  major: string;
  bsa: string;
}

async function answers(page: Page): Promise<Answers> {
  return {
    minor: (await cardRow(page, 'Minor watershed')).value,
    major: (await cardRow(page, 'Major watershed')).value,
    bsa: (await cardRow(page, 'Bank service area')).value,
  };
}

/** The answers the re-dressed files must give where the demonstration layers gave `demo`. */
function expectedFromFiles(demo: Answers): Answers {
  const minor = /^No\. (\d{5}) — /.exec(demo.minor)?.[1] ?? '';
  const major = fixtures.majorOf(Number(/^No\. (\d+) — /.exec(demo.major)?.[1]));
  const bsa = fixtures.bsaOf(Number(/^BSA (\d+) — /.exec(demo.bsa)?.[1]));
  const newMinor = String(
    fixtures.majorOf(Number(minor.slice(0, 2))) * 1000 + Number(minor.slice(2)),
  ).padStart(5, '0');
  return {
    minor: `No. ${newMinor} — Fixture minor ${newMinor}`,
    major: `No. ${major} — Fixture major ${major}`,
    bsa: `BSA ${bsa} — Fixture BSA ${bsa}`,
  };
}

const demonstrationNotice = (page: Page) =>
  page.getByRole('note').filter({ hasText: 'Demonstration geography — not official' });

const PLSS_ROW = 'Township, range, section (PLSS)';

/** Waits for the import to say it uses `layer` now. */
async function nowUsing(page: Page, layer: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Official layers' });
  await panel
    .getByRole('status')
    .filter({ hasText: `Now using` })
    .filter({ hasText: layer })
    .waitFor({ timeout: 120_000 });
}

describe('official layers in the page', () => {
  // One page for the whole story: on a shared 2-core machine each page load costs most of the time.
  it('loads the DNR and BWSR downloads, answers and names them, keeps them over a reload, refuses bad files, returns to the defaults, takes a drop and a PLSS layer with a field mapping', async () => {
    const { context, page, foreignRequests, pageErrors } = await openPage(session.browser);
    await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}`);
    await waitForMapIdle(page);
    const card = page.getByRole('region', { name: 'Impact location' });
    await card.getByText('Hennepin County').waitFor();
    const demo = await answers(page);
    expect(demo.minor).toMatch(/^No\. \d{5} — /);
    expect(await demonstrationNotice(page).count()).toBe(1);
    expect((await cardRow(page, PLSS_ROW)).value).toContain('PLSS layer not loaded');

    // Choose both downloads at once through the button, by keyboard, and watch the progress.
    const panel = page.getByRole('region', { name: 'Official layers' });
    const files = panel.getByLabel('Official layer files');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      panel.getByRole('button', { name: 'Load official layers…' }).press('Enter'),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    const started = Date.now();
    await chooser.setFiles([fixtures.watershedsZip, fixtures.bsaZip]);
    const progress = page.getByRole('progressbar', { name: 'Importing official layers' });
    await progress.waitFor();
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    expect(await panel.getByRole('button', { name: 'Cancel the import' }).count()).toBe(1);
    await nowUsing(page, 'Minor watersheds');
    const importMs = Date.now() - started;
    await waitForMapIdle(page, 120_000);
    writeFileSync(path.join(RESULTS_DIR, 'official-import-time.json'), `${JSON.stringify({ importMs })}\n`);

    const expected = expectedFromFiles(demo);
    await card.getByText(expected.minor).waitFor();
    expect(await answers(page)).toEqual(expected);
    const minorSource = (await cardRow(page, 'Minor watershed')).source;
    expect(minorSource).toContain('gpkg_geos_dnr_watersheds.zip › dnr_watersheds_dnr_level_07_minors');
    expect(minorSource).toMatch(/file dated \d{4}-\d{2}-\d{2}/);
    expect(minorSource).not.toContain('demonstration');
    expect((await cardRow(page, 'Major watershed')).source).toContain(
      'gpkg_geos_dnr_watersheds.zip › dnr_watersheds_dnr_level_04_huc_08_majors',
    );
    expect((await cardRow(page, 'Bank service area')).source).toContain('shp_bdry_bank_service_areas.zip');
    // The three stand-ins are replaced: no notice, no watermark, no demonstration badge.
    expect(await demonstrationNotice(page).count()).toBe(0);
    expect(await page.locator('.map-watermark').count()).toBe(0);
    expect(await card.getByText('Demonstration geography — not official.').count()).toBe(0);
    const layers = page.getByRole('region', { name: 'Layers and legend' });
    expect(await layers.locator('.badge.demonstration').count()).toBe(0);
    // The report and the GeoJSON export name the same files.
    const reportSources = (await page.locator('.report-sources').textContent()) ?? '';
    expect(reportSources).toContain(
      'Minor watersheds (DNR Level 07): gpkg_geos_dnr_watersheds.zip › dnr_watersheds_dnr_level_07_minors',
    );
    expect(reportSources).not.toContain('DEMONSTRATION');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Impact and sites (GeoJSON)' }).click(),
    ]);
    const exported = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8'));
    expect(exported.sources).toContainEqual(
      expect.objectContaining({
        layer: 'minorWatersheds',
        official: true,
        demonstration: false,
        source: expect.stringContaining('gpkg_geos_dnr_watersheds.zip › dnr_watersheds_dnr_level_07_minors'),
      }),
    );
    await page.screenshot({ path: screenshotPath('official-layers-imported') });
    await card.screenshot({ path: screenshotPath('official-layers-imported-card') });
    await panel.screenshot({ path: screenshotPath('official-layers-imported-panel') });

    // A reload reads them back from this browser's storage.
    await page.reload();
    await waitForMapIdle(page, 120_000);
    await card.getByText(expected.minor).waitFor();
    expect(await demonstrationNotice(page).count()).toBe(0);

    // A text file renamed .gpkg and a truncated zip: refused by name, the official layers stay.
    const bad = path.join(RESULTS_DIR, 'official-bad');
    mkdirSync(bad, { recursive: true });
    const renamed = path.join(bad, 'not_a_geopackage.gpkg');
    writeFileSync(renamed, 'This is a text file, not a GeoPackage.\n');
    await files.setInputFiles(renamed);
    const alert = panel.getByRole('alert');
    await alert.filter({ hasText: 'not_a_geopackage.gpkg' }).waitFor({ timeout: 60_000 });
    expect(await alert.innerText()).toContain('The layers in use are unchanged');
    const truncated = path.join(bad, 'gpkg_geos_dnr_watersheds_truncated.zip');
    const whole = readFileSync(fixtures.watershedsZip);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    await files.setInputFiles(truncated);
    await alert.filter({ hasText: 'gpkg_geos_dnr_watersheds_truncated.zip' }).waitFor({ timeout: 60_000 });
    await panel.screenshot({ path: screenshotPath('official-layers-bad-file') });
    expect(await answers(page)).toEqual(expected);
    expect(await demonstrationNotice(page).count()).toBe(0);

    // A cancelled import changes nothing either. The cancel is pressed the moment its button
    // appears: a pointer click waits for the button to hold still over frames, and on a loaded
    // machine the import could finish in that wait (a CI run failed so).
    await page.evaluate(`(() => {
      window.__cancelPressed = false;
      const watch = new MutationObserver(() => {
        const button = [...document.querySelectorAll('button')].find(
          (candidate) => candidate.textContent.trim() === 'Cancel the import',
        );
        if (!button) return;
        watch.disconnect();
        button.click();
        window.__cancelPressed = true;
      });
      watch.observe(document.body, { childList: true, subtree: true });
    })()`);
    await files.setInputFiles(fixtures.watershedsZip);
    await page.waitForFunction('window.__cancelPressed === true');
    await panel.getByRole('status').filter({ hasText: 'The import was cancelled' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Importing official layers' }).count()).toBe(0);
    expect(await answers(page)).toEqual(expected);

    // Back to the defaults: the stand-ins and their notice return.
    await panel.getByRole('button', { name: 'Return to the default layers' }).click();
    await demonstrationNotice(page).waitFor();
    await waitForMapIdle(page, 120_000);
    await card.getByText(demo.minor).waitFor();
    expect(await answers(page)).toEqual(demo);
    expect(await panel.getByRole('button', { name: 'Return to the default layers' }).count()).toBe(0);

    // A file dropped on the map: only the bank service areas are replaced.
    const bytes = readFileSync(fixtures.bsaZip).toString('base64');
    const transfer = await page.evaluateHandle(
      async ({ base64, name }) => {
        const blob = await (await fetch(`data:application/zip;base64,${base64}`)).blob();
        const data = new DataTransfer();
        data.items.add(new File([blob], name, { type: 'application/zip' }));
        return data;
      },
      { base64: bytes, name: path.basename(fixtures.bsaZip) },
    );
    const map = page.getByRole('region', { name: 'Map', exact: true });
    await map.dispatchEvent('dragenter', { dataTransfer: transfer });
    await page.getByText('Drop the official layer files to load them in this browser').waitFor();
    await map.dispatchEvent('drop', { dataTransfer: transfer });
    await nowUsing(page, 'Wetland bank service areas');
    await card.getByText(expected.bsa).waitFor();
    expect((await cardRow(page, 'Bank service area')).source).toContain('shp_bdry_bank_service_areas.zip');
    const notice = demonstrationNotice(page);
    expect(await notice.innerText()).toContain('Minor watersheds');
    expect(await notice.innerText()).not.toContain('bank service areas');
    expect((await cardRow(page, 'Minor watershed')).source).toContain('demonstration — not official');

    // PLSS: without the layer the search says how to load it; the sections file has no meridian
    // field, so the page asks for one (the CLI's --map plss.meridian=4) and retries.
    const search = page.getByRole('combobox', { name: /Search a town/ });
    await search.fill('T29N R24W S12');
    await page.getByText('Township and range search needs the PLSS layer').waitFor();
    await files.setInputFiles(fixtures.plssGpkg);
    const mapping = alert.getByRole('combobox', { name: /meridian of PLSS sections/ });
    await mapping.waitFor({ timeout: 60_000 });
    expect(await alert.innerText()).toContain('plan_mngeo_trs.gpkg');
    await alert.screenshot({ path: screenshotPath('official-layers-mapping') });
    await mapping.selectOption('4');
    await alert.getByRole('button', { name: 'Retry with this field' }).click();
    await nowUsing(page, 'PLSS sections');
    await search.fill('');
    await search.fill('T29N R24W S12');
    await page.getByRole('option', { name: /T29N R24W S12 \(4th principal meridian\)/ }).waitFor();
    await search.press('Enter');
    await card.getByText(/^T29N R24W S12 \(4th principal meridian\)/).waitFor();
    expect((await cardRow(page, PLSS_ROW)).source).toContain('plan_mngeo_trs.gpkg › plan_mngeo_trs');
    // A point in the south-west quarter of section 12, typed as coordinates.
    const [lon, lat] = fixtures.sectionCentre(12);
    await page.getByRole('textbox', { name: /Coordinates/ }).fill(`${lat - 0.003}, ${lon - 0.004}`);
    await page.getByRole('textbox', { name: /Coordinates/ }).press('Enter');
    await card.getByText(/SW¼/).waitFor();
    expect((await cardRow(page, PLSS_ROW)).value).toBe(
      'T29N R24W S12 (4th principal meridian), SW¼ (approximately: by the section’s midlines)',
    );
    await card.screenshot({ path: screenshotPath('official-layers-plss-card') });

    await panel.getByRole('button', { name: 'Return to the default layers' }).click();
    await card.getByText(/PLSS layer not loaded/).waitFor();
    expect(foreignRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 600_000);
});
