/**
 * Site outlines on the page (issue 14): a GeoJSON of polygon sites is read in the sites worker,
 * each outline is placed by area against the full-resolution layers, and a site that straddles
 * a county line is ranked with the split named (the engine's area-split reason), while one
 * wholly inside a county has no county split.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Position } from 'geojson';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeatureCollection } from '../../src/geo/readFeatureCollection';
import { appAndBrowserForFile, openPage, ROOT, waitForMapIdle } from './harness';

const session = appAndBrowserForFile();
const HENNEPIN: [number, number] = [-93.3, 45.1];

const square = ([x, y]: [number, number], half: number): Position[][] => [
  [
    [x - half, y - half],
    [x + half, y - half],
    [x + half, y + half],
    [x - half, y + half],
    [x - half, y - half],
  ],
];

/** A corner of Hennepin County's outline, read from the built layer: a point on a county line. */
async function hennepinBoundaryPoint(): Promise<[number, number]> {
  const bytes = new Uint8Array(readFileSync(path.join(ROOT, 'public/data/counties.fgb')));
  const counties = await readFeatureCollection(bytes);
  const hennepin = counties.features.find((feature) => feature.properties?.id === '27053');
  if (hennepin?.geometry.type !== 'MultiPolygon') throw new Error('no Hennepin County outline');
  return hennepin.geometry.coordinates[0]?.[0]?.[0] as [number, number];
}

describe('site outlines placed by area', () => {
  let page: Page;
  beforeAll(async () => {
    const opened = await openPage(session.browser);
    page = opened.page;
    page.setDefaultTimeout(120_000);
    await page.goto(`${session.app.url}?at=${HENNEPIN.join(',')}`);
    await waitForMapIdle(page);
    await page.getByRole('region', { name: 'Impact location' }).getByText('Hennepin County').waitFor();
  }, 180_000);
  afterAll(async () => {
    await page?.context().close();
  });

  it('lists a site named for its action once, with the action apart (issue 15, polish)', async () => {
    const csv = 'name,lon,lat,action\nZumbro bottoms restoration,-93.45,45.02,restoration\n';
    await page
      .getByLabel('Sites file')
      .setInputFiles({ name: 'zumbro.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('Imported 1 site from zumbro.csv').waitFor();
    const list = page.getByRole('region', { name: 'Your proposed sites' });
    const text = await list.innerText();
    expect(text).toContain('Zumbro bottoms restoration (action: restoration)');
    expect(text).not.toMatch(/restoration restoration/);
  });

  it('ranks a site straddling a county line with its split named, and one inside a county without', async () => {
    const corner = await hennepinBoundaryPoint();
    const collection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Straddling parcel', action: 'restoration' },
          geometry: { type: 'Polygon', coordinates: square(corner, 0.004) },
        },
        {
          type: 'Feature',
          properties: { name: 'Inside parcel', action: 'restoration' },
          geometry: { type: 'Polygon', coordinates: square([-93.4, 45.0], 0.001) },
        },
      ],
    };
    const sentBefore = session.app.sent.length;
    await page.getByLabel('Sites file').setInputFiles({
      name: 'outlines.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(collection)),
    });
    await page.getByText('Imported 2 sites from outlines.geojson').waitFor();
    // The import read the full-resolution lookup layers by ranges, near the outlines only: every
    // request for them a range, and well under the files (the minor watersheds alone are 11.8 MB).
    const lookupFiles = [
      'state',
      'counties',
      'major-watersheds',
      'minor-watersheds',
      'bank-service-areas',
    ].map((name) => `/data/${name}.fgb`);
    const importReads = session.app.sent.slice(sentBefore).filter((sent) => lookupFiles.includes(sent.path));
    expect(importReads.length).toBeGreaterThan(0);
    expect(importReads.filter((sent) => sent.range === null)).toEqual([]);
    expect(importReads.reduce((sum, sent) => sum + sent.bytes, 0)).toBeLessThan(3_000_000);
    const table = page.getByRole('table', { name: 'Project-specific replacement (levels 1–4)' });
    const straddling = table.getByRole('row').filter({ hasText: 'Straddling parcel' });
    const inside = table.getByRole('row').filter({ hasText: 'Inside parcel' });
    await straddling.waitFor();
    await inside.waitFor();
    // The table says how rows within a level are ordered, and names the rules it applied (issue 15, polish).
    const ranking = await page.getByRole('region', { name: 'Ranked replacement options' }).innerText();
    expect(ranking).toContain('Within a level, in-kind sites come first, then the nearest.');
    expect(ranking).toContain('Rules applied: Minn. Stat. 103G.222 (current text).');
    expect(ranking).not.toContain('mn-103G.222-text');
    // The split, with the county ranked in (the one holding most of the outline) and the clause.
    const straddlingText = (await straddling.textContent()) ?? '';
    expect(straddlingText).toMatch(
      /The site straddles [23] counties: \d+ % of its area in 270\d\d, \d+ % in 270\d\d/,
    );
    // It lies on a minor-watershed line too: ranked in the one holding most of it.
    expect(straddlingText).toMatch(
      /straddles \d minor watersheds: \d+ % of its area in (\d+).*it is ranked in \1/,
    );
    expect(straddlingText).toContain('8420.0117');
    expect((await inside.textContent()) ?? '').not.toMatch(/straddles \d counties/);
    // The shares are kept with the site (saved work): after a reload the split is still named.
    await page.reload();
    await waitForMapIdle(page);
    await straddling.waitFor();
    expect((await straddling.textContent()) ?? '').toMatch(/The site straddles [23] counties/);
  });
});
