import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGaps, gapLine } from '../../../src/formats/buildGaps.ts';
import { parseManifest } from '../../../src/formats/manifest.ts';
import { attributionText } from '../../../src/map/attributionText.ts';

// Issue 33 blocker 2: a build without the bank layer read "0 banks … None." and a planner concluded
// no bank serves the area; the map credited sources the build did not hold.
const layer = (file: string, source: string, extra: Record<string, unknown> = {}) => ({
  file,
  bounds: [-97, 43, -89, 49],
  source,
  asOf: '2023',
  ...extra,
});
const FULL = {
  schema: 1,
  layers: {
    counties: layer('counties.fgb', 'U.S. Census Bureau 2023 county boundaries'),
    sites: layer('sites.fgb', 'USACE RIBITS'),
    lakes: layer('lakes.fgb', 'Natural Earth 1:10m lakes'),
    places: layer('places.fgb', 'Natural Earth 1:10m populated places'),
  },
  banks: {
    file: 'banks.json',
    source: 'ribits-refresh',
    asOf: '2026-12-01',
    count: 293,
    ledgers: { file: 'ribits-ledgers.json' },
  },
  credits: { file: 'credits.json' },
  placeNames: {
    file: 'place-names.json',
    count: 2867,
    attribution: 'Place names: MnDOT, GeoNames (CC BY 4.0), zipcodes',
    sources: [
      { id: 'civilDivisions', count: 2745 },
      { id: 'geonames', count: 16 },
    ],
  },
};
const without = (change: (m: typeof FULL) => void) => {
  const copy = structuredClone(FULL) as typeof FULL;
  change(copy);
  return parseManifest(copy);
};

describe('what a build lacks is said, never shown as none', () => {
  it.each([
    ['a whole build', parseManifest(FULL), []],
    [
      'no bank layer (no mirror, no network)',
      without((m) => delete (m.layers as Partial<typeof m.layers>).sites),
      ['banks:missing'],
    ],
    [
      'the 2020 snapshot of banks',
      without((m) => (m.banks.source = 'ribits-2020-snapshot')),
      ['bank-snapshot:partial'],
    ],
    ['no credits', without((m) => delete (m as Partial<typeof m>).credits), ['credits:missing']],
    ['no ledger', without((m) => ((m.banks as { ledgers: unknown }).ledgers = null)), ['ledgers:missing']],
    [
      'place names without the civil divisions',
      without((m) => (m.placeNames.sources = [{ id: 'geonames', count: 375 }])),
      ['place-names:partial'],
    ],
    ['no place names', without((m) => delete (m as Partial<typeof m>).placeNames), ['place-names:missing']],
  ])('%s', (_what, manifest, expected) => {
    expect(buildGaps(manifest).map((gap) => `${gap.id}:${gap.state}`)).toEqual(expected);
  });

  it('a listing loaded in the page fills the credits gap there', () => {
    const manifest = without((m) => delete (m as Partial<typeof m>).credits);
    expect(buildGaps(manifest, { listingsLoaded: true })).toEqual([]);
  });

  it('says what it means and how to get it', () => {
    const [gap] = buildGaps(without((m) => delete (m.layers as Partial<typeof m.layers>).sites));
    expect(gapLine(gap!)).toBe(
      'Wetland banks — not in this build: no bank is ranked, and this does not mean no bank serves the area. To get them: build with the data mirror beside the checkout (../shared/data, then npm run data), or a RIBITS refresh (SITING_DATA_MIRROR=none npm run data, with a network).',
    );
  });

  it('reads the gaps of the build this checkout makes (dist/data), when there is one', () => {
    let manifest: ReturnType<typeof parseManifest>;
    try {
      manifest = parseManifest(JSON.parse(readFileSync('dist/data/manifest.json', 'utf8')));
    } catch {
      return;
    }
    for (const gap of buildGaps(manifest))
      expect(gapLine(gap)).toMatch(/^[A-Z][\w ()]+ — (not in this build|in part): .+\. To get/);
  });
});

describe('the map credits only what the build holds', () => {
  it.each([
    [
      'a whole build',
      parseManifest(FULL),
      'Counties: U.S. Census Bureau 2023 · Water and places: Natural Earth · Place names: MnDOT, GeoNames (CC BY 4.0), zipcodes',
    ],
    [
      'no Natural Earth layers',
      without((m) => {
        delete (m.layers as Partial<typeof m.layers>).lakes;
        delete (m.layers as Partial<typeof m.layers>).places;
      }),
      'Counties: U.S. Census Bureau 2023 · Place names: MnDOT, GeoNames (CC BY 4.0), zipcodes',
    ],
    [
      'places only',
      without((m) => delete (m.layers as Partial<typeof m.layers>).lakes),
      'Counties: U.S. Census Bureau 2023 · Places: Natural Earth · Place names: MnDOT, GeoNames (CC BY 4.0), zipcodes',
    ],
    [
      'no place names',
      without((m) => delete (m as Partial<typeof m>).placeNames),
      'Counties: U.S. Census Bureau 2023 · Water and places: Natural Earth',
    ],
    ['before the manifest', null, ''],
  ])('%s', (_what, manifest, expected) => {
    expect(attributionText(manifest)).toBe(expected);
  });
});
