/**
 * Keeping the work, in real Chromium: CSV and GeoJSON exports, a project file that opens back
 * to the identical view (and a damaged one refused by name), named scenarios in IndexedDB
 * that survive a reload and a browser restart, and the page working offline after one visit.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndBrowserForFile, openPage, RESULTS_DIR, screenshotPath, waitForMapIdle } from './harness';

const session = appAndBrowserForFile();

const HENNEPIN: [number, number] = [-93.3, 45.1];
const SITES = JSON.stringify([
  { id: 'formula', name: '=HYPERLINK("http://x")', lon: -93.298, lat: 45.101, action: 'restoration' },
  { id: 'hostile', name: '<img src=x onerror=alert(1)>', lon: -93.31, lat: 45.09, action: 'creation' },
]);
const START = `?at=${HENNEPIN.join(',')}&sites=${encodeURIComponent(SITES)}`;

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const target = path.join(RESULTS_DIR, file.suggestedFilename());
  await file.saveAs(target);
  return { name: file.suggestedFilename(), text: readFileSync(target, 'utf8') };
}

/**
 * Every parameter equal, the view within float noise: the map writes back the centre it
 * actually reached, which may differ in the last bits from the one asked for.
 */
function expectSameState(after: URLSearchParams, before: URLSearchParams): void {
  const rest = (params: URLSearchParams) =>
    [...params].filter(([name]) => name !== 'view').sort(([a], [b]) => a.localeCompare(b));
  expect(rest(after)).toEqual(rest(before));
  const view = (params: URLSearchParams) => (params.get('view') ?? '').split(',').map(Number);
  const [lon, lat, zoom] = view(after);
  const [lon0, lat0, zoom0] = view(before);
  expect(lon).toBeCloseTo(lon0 ?? Number.NaN, 6);
  expect(lat).toBeCloseTo(lat0 ?? Number.NaN, 6);
  expect(zoom).toBeCloseTo(zoom0 ?? Number.NaN, 6);
}

describe('saved work', () => {
  it('exports the ranking as formula-safe CSV and the impact and sites as GeoJSON', async () => {
    const { context, page } = await openPage(session.browser);
    await page.goto(`${session.app.url}${START}`);
    await waitForMapIdle(page, 90_000);
    const rows = page.getByRole('region', { name: 'Ranked replacement options' }).locator('tbody tr');
    await rows.first().waitFor();
    const summary = await page.locator('.summary').first().innerText();
    const total = Number(/^(\d+) candidates/.exec(summary)?.[1]);

    const csv = await download(page, 'Ranked options (CSV)');
    const lines = csv.text.trimEnd().split('\r\n');
    // A byte-order mark first, so Excel reads the file as UTF-8 (issue 33).
    expect(lines[0]).toBe(
      '\uFEFFrank,id,name,kind,origin,priority,status,distanceKm,lon,lat,minorWatershed,majorWatershed,bankServiceArea,county,areaClass,bankStatus,availableCredits,creditsAvailable,creditUnit,creditApproval,creditSource,creditsAsOf,creditsStale,reasons,cites,ladder,ladderRank,basis,priorityRange,availability,boundaryUnits,impactLon,impactLat,impactMinorWatershed,impactMajorWatershed,impactBankServiceArea,impactCounty,impactAreaClass,impactAcres,impactPartiallyDrainedAcres,impactLand,impactCultivatedField,impactProject,impactAfterTheFact,impactWetlandType,ratio,replacementAcres,ruleset,rulesetNotice,geography,buildGaps,notice',
    );
    expect(lines).toHaveLength(total + 1);
    const formula = lines.find((line) => line.includes(',formula,'));
    expect(formula).toContain(`"'=HYPERLINK(""http://x"")"`);
    // Coordinates stay numbers, negative or not.
    expect(formula).toContain(',-93.298,45.101,');
    expect(formula).toContain('103G.222 subd. 3(a)(1)');
    expect(csv.text).toContain('<img src=x onerror=alert(1)>');
    // Every row carries the flags (issue 15, item 8): a screening aid, demonstration geography.
    for (const line of lines.slice(1)) {
      expect(line).toContain('Screening aid, not a determination under Minn. Stat. 103G.222');
      expect(line).toContain('demonstration geography — not official');
    }

    const geojson = await download(page, 'Impact and sites (GeoJSON)');
    const collection = JSON.parse(geojson.text);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection).toMatchObject({
      notice: 'Screening aid, not a determination under Minn. Stat. 103G.222',
      demonstration: true,
      geography: expect.stringMatching(/^demonstration geography — not official/),
    });
    expect(collection.features).toHaveLength(total + 1);
    const [impact, first] = collection.features;
    expect(impact.properties).toMatchObject({ role: 'impact', acres: 1, ratio: 2, county: '27053' });
    expect(impact.geometry.coordinates).toEqual(HENNEPIN);
    expect(first.properties).toMatchObject({
      role: 'candidate',
      rank: 1,
      priority: 1,
      status: expect.any(String),
    });
    for (const key of [
      'reasons',
      'cites',
      'distanceKm',
      'minorWatershed',
      'bankServiceArea',
      'eligible',
      'name',
    ])
      expect(first.properties, key).toHaveProperty(key);
    expect(collection.features.find((f: { id: string }) => f.id === 'hostile').properties.name).toBe(
      '<img src=x onerror=alert(1)>',
    );
    await context.close();
  }, 180_000);

  it('saves a project file that opens back to the identical view, and refuses a damaged one by name', async () => {
    const { context, page } = await openPage(session.browser);
    await page.goto(`${session.app.url}${START}&view=${HENNEPIN.join(',')},9.5`);
    await waitForMapIdle(page, 90_000);
    const rows = page.getByRole('region', { name: 'Ranked replacement options' }).locator('tbody tr');
    await rows.first().waitFor();
    await page.getByLabel('Wetland acres drained or filled').fill('2.5');
    await page.getByLabel('Counties', { exact: true }).uncheck();
    await rows.nth(2).locator('th button').click();
    const before = new URL(page.url()).searchParams;
    expect(before.get('acres')).toBe('2.5');
    expect(before.get('sel')).toBeTruthy();
    expect(before.get('hide')).toBe('counties');

    const project = await download(page, 'Save project file');
    const parsed = JSON.parse(project.text);
    expect(parsed).toMatchObject({ format: 'mn-wetland-siting-project', version: 1 });
    const projectPath = path.join(RESULTS_DIR, project.name);

    // Clear everything: a fresh start with no link and no stored work.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(session.app.url);
    await waitForMapIdle(page, 90_000);
    expect(new URL(page.url()).searchParams.get('at')).toBeNull();

    await page.getByLabel('Open a project file').setInputFiles(projectPath);
    await page.getByText(`Opened ${project.name}.`).waitFor();
    await waitForMapIdle(page, 90_000);
    expectSameState(new URL(page.url()).searchParams, before);
    await page.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
    expect(await page.getByLabel('Wetland acres drained or filled').inputValue()).toBe('2.5');
    expect(await page.getByLabel('Counties', { exact: true }).isChecked()).toBe(false);

    // A hostile file is refused, naming the field, and nothing changes.
    parsed.inputs.impact.acres = -4;
    const bad = path.join(RESULTS_DIR, 'damaged-project.json');
    writeFileSync(bad, JSON.stringify(parsed));
    await page.getByLabel('Open a project file').setInputFiles(bad);
    const alert = page.getByRole('alert').filter({ hasText: 'was not opened' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('"inputs.impact.acres"');
    expectSameState(new URL(page.url()).searchParams, before);
    await context.close();
  }, 180_000);

  it('keeps named scenarios through a reload and a browser restart: save, rename, duplicate, delete, open', async () => {
    const profile = mkdtempSync(path.join(tmpdir(), 'siting-profile-'));
    const launch = () =>
      chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
        viewport: { width: 1280, height: 860 },
      });
    try {
      let context = await launch();
      let page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}&acres=3`);
      await waitForMapIdle(page, 90_000);
      const panel = page.getByRole('region', { name: 'Saved scenarios' });
      await panel.getByText('None yet').waitFor();
      await panel.getByLabel('Name for the current scenario').fill('Option <b>A</b>');
      await panel.getByRole('button', { name: 'Save current as…' }).click();
      await panel.getByRole('button', { name: 'Open Option <b>A</b>' }).waitFor();
      await panel.getByRole('button', { name: 'Duplicate Option <b>A</b>' }).click();
      await panel.getByRole('button', { name: 'Open Option <b>A</b> (copy)' }).waitFor();
      await panel.getByRole('button', { name: 'Rename Option <b>A</b> (copy)' }).click();
      await panel.getByLabel('New name for Option <b>A</b> (copy)').fill('Option B');
      await panel.getByRole('button', { name: 'Save name' }).click();
      await panel.getByRole('button', { name: 'Open Option B' }).waitFor();
      await page.reload();
      await waitForMapIdle(page, 90_000);
      await panel.getByRole('button', { name: 'Open Option B' }).waitFor();
      await panel.getByRole('button', { name: 'Delete Option B' }).click();
      await panel.getByRole('button', { name: 'Undo delete of Option B' }).waitFor();
      expect(await panel.getByRole('button', { name: 'Open Option B' }).count()).toBe(0);
      await page.screenshot({ path: screenshotPath('saved-scenarios') });
      await context.close();

      // A browser restart: the same profile, a new process.
      context = await launch();
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${session.app.url}?at=-93.7,46.55`);
      await waitForMapIdle(page, 90_000);
      const reopened = page.getByRole('region', { name: 'Saved scenarios' });
      await reopened.getByRole('button', { name: 'Open Option <b>A</b>' }).click();
      await page.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
      expect(new URL(page.url()).searchParams.get('acres')).toBe('3');
      expect(await page.locator('b').count()).toBe(0);
      // The unsaved impact that was open (Aitkin County) was not discarded: it is kept, said so,
      // and opens back.
      await reopened.getByText(/The work that was open is kept as “Work before opening/).waitFor();
      const kept = reopened.getByRole('button', { name: /^Open Work before opening “Option <b>A<\/b>”/ });
      expect(await kept.count()).toBe(1);
      await kept.click();
      await page.getByRole('region', { name: 'Impact location' }).getByText('Aitkin County').waitFor();
      expect(new URL(page.url()).searchParams.get('at')).toBe('-93.7,46.55');
      await context.close();
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  }, 240_000);

  it('works offline after a first visit (the same impact), and anywhere once made available offline', async () => {
    const { context, page, pageErrors } = await openPage(session.browser, { offlineCopy: true });
    await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}`);
    await waitForMapIdle(page, 90_000);
    await page.getByRole('table', { name: /^Bank credits/ }).waitFor({ timeout: 90_000 });
    // The offline copy is set up once the page has settled; the header offers the rest when it is.
    await page.getByRole('button', { name: /^Make available offline/ }).waitFor();
    const cached = async () =>
      page.evaluate(async () => {
        const entries: { url: string; bytes: number }[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            const response = await cache.match(request);
            entries.push({ url: request.url, bytes: (await response?.arrayBuffer())?.byteLength ?? 0 });
          }
        }
        return entries;
      });
    const first = await cached();
    console.info(
      `offline copy after a first visit: ${first.length} entries, ${(first.reduce((sum, entry) => sum + entry.bytes, 0) / 1e6).toFixed(1)} MB`,
    );
    expect(first.some((entry) => entry.url.endsWith('/data/manifest.json'))).toBe(true);
    // The ranges the card and the ranking read are kept, not the whole minor-watershed file.
    expect(first.some((entry) => /\/data\/minor-watersheds\.fgb\.range\/\d+-\d+$/.test(entry.url))).toBe(
      true,
    );
    expect(first.some((entry) => /maplibre-gl-worker-.*\.mjs$/.test(entry.url))).toBe(true);

    // Offline after one visit: the app, the map and the same impact's card and ranking.
    await context.setOffline(true);
    await page.reload();
    await waitForMapIdle(page, 90_000);
    await page.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
    await page.getByRole('table', { name: /^Bank credits/ }).waitFor();
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /failed|could not/i })
        .count(),
    ).toBe(0);

    // For any place offline (a hearing), the whole layers are stored on request.
    await context.setOffline(false);
    await page.getByRole('button', { name: /^Make available offline/ }).click();
    await page.getByText('Available offline on this device').waitFor({ timeout: 90_000 });
    expect((await cached()).some((entry) => entry.url.endsWith('/data/minor-watersheds.fgb'))).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await waitForMapIdle(page, 90_000);
    // A new place still resolves from the stored layers.
    await page.getByRole('textbox', { name: /Coordinates/ }).fill('46.55, -93.7');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Impact location' }).getByText('Aitkin County').waitFor();
    await page.screenshot({ path: screenshotPath('offline-reload') });
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 240_000);
});
