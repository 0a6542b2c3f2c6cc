/**
 * Issue 33, blocker 1: every Minnesota city, township and unorganized territory is found by
 * name and placed in its county, from the mirror's MnDOT layers, from an --import of MnDOT's
 * GeoPackage and from the official download (a loopback server serving the real package).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlaceNames, type PlaceNamesOptions } from '../../../data/lib/buildPlaceNames.ts';
import { loadSources } from '../../../data/lib/loadSources.ts';
import { runPipeline } from '../../../data/lib/runPipeline.ts';
import { loadSqlJs } from '../../../src/formats/geopackage/loadSqlJs.ts';
import { importOfficialLayers } from '../../../src/formats/official/index.ts';
import { type CountyOutline, pointInOutline } from '../../../src/formats/placeNames/civilDivisionPlaces.ts';
import { nameKey, type PlaceNamesFile, parsePlaceNames } from '../../../src/formats/placeNames/placeNames.ts';
import { buildSearchIndex, searchPlaces } from '../../../src/ui/search/searchIndex.ts';
import { type LoopbackServer, startLoopbackServer } from '../../fixtures/data/startLoopbackServer.ts';

const REPO = new URL('../../../', import.meta.url).pathname;
const MIRROR = join(REPO, '..', 'shared', 'data');
const GPKG = join(MIRROR, 'civil-divisions', 'bdry_jurisdiction.gpkg');

const counties: CountyOutline[] = (
  JSON.parse(readFileSync(join(MIRROR, 'counties', 'mn_counties_census2023.geojson'), 'utf8')) as {
    features: { properties: { geoid: string; name: string }; geometry: Polygon | MultiPolygon }[];
  }
).features.map((f) => ({ id: f.properties.geoid, name: f.properties.name, geometry: f.geometry }));
const countyNamed = (name: string) => counties.find((c) => c.name === name)!;

const options = (over: Partial<PlaceNamesOptions> = {}): PlaceNamesOptions => ({
  sources: loadSources(join(REPO, 'data', 'sources.json'), {}),
  mirrorDir: MIRROR,
  offline: true,
  imported: [],
  counties,
  log: () => {},
  ...over,
});

let fromMirror: PlaceNamesFile;
let server: LoopbackServer;

beforeAll(async () => {
  fromMirror = await buildPlaceNames(options());
  server = await startLoopbackServer([], {
    '/gpkg_bdry_jurisdiction.zip': zipSync({ 'bdry_jurisdiction.gpkg': new Uint8Array(readFileSync(GPKG)) }),
    '/moved.zip': '<html>The Commons has moved</html>',
  });
}, 60_000);

afterAll(() => server.close());

const entriesOf = (file: PlaceNamesFile) =>
  buildSearchIndex({ placeNames: parsePlaceNames(JSON.parse(JSON.stringify(file))) });

describe('the search place names from MnDOT civil divisions and GeoNames', () => {
  it('finds by name every place of every source: per source, the Minnesota names the search finds', () => {
    const places = parsePlaceNames(JSON.parse(JSON.stringify(fromMirror)));
    const entries = buildSearchIndex({ placeNames: places });
    const found: Record<string, number> = {};
    const started = performance.now();
    places.forEach((place, i) => {
      const entry = entries[i]!;
      // Its own option is among the eight the box shows for its name.
      if (searchPlaces(entries, place.name).includes(entry)) {
        const key = `${place.source} ${place.kind}`;
        found[key] = (found[key] ?? 0) + 1;
      }
    });
    const perQuery = (performance.now() - started) / places.length;
    // MnDOT: 907 city rows (one per county part; North Mankato's Blue Earth sliver lies outside
    // the Census outline of Blue Earth County, so it is left out), 1,777 townships, 62 UTs.
    expect(found).toEqual({
      'civilDivisions city': 906,
      'civilDivisions township': 1777,
      'civilDivisions unorganized territory': 62,
      // GeoNames' places that are no MnDOT city of their county (Esko, Collegeville, Redby…).
      'geonames populated place': 16,
      // The ZIP code list's post-office towns that are no city nearby (Jacobson, Finland, Lutsen…).
      'zipcodes post office': 106,
    });
    expect(fromMirror.sources.map((s) => [s.id, s.count])).toEqual([
      ['civilDivisions', 2745],
      ['geonames', 16],
      ['zipcodes', 106],
    ]);
    // Instant on the full list: well under a frame per keystroke (about 1 ms on a loaded 2-core machine).
    expect(perQuery).toBeLessThan(16);
  });

  it('finds McGregor, Palisade, Hill City and Tamarack, placed in Aitkin County, each named with county and kind', () => {
    const entries = entriesOf(fromMirror);
    const aitkin = countyNamed('Aitkin');
    for (const name of ['McGregor', 'Palisade', 'Hill City', 'Tamarack']) {
      const [first] = searchPlaces(entries, name);
      expect(first).toMatchObject({ label: `${name}, Aitkin County`, detail: 'city' });
      expect(pointInOutline(first!.point, aitkin.geometry)).toBe(true);
    }
    // The township of the same name comes after the city, named as a township.
    expect(searchPlaces(entries, 'mcgregor').map((e) => `${e.label} — ${e.detail}`)).toEqual([
      'McGregor, Aitkin County — city',
      'McGregor Township, Aitkin County — township',
    ]);
    expect(searchPlaces(entries, 'Davidson')[0]).toMatchObject({
      label: 'Davidson Unorganized Territory, Aitkin County',
      detail: 'unorganized territory',
    });
  });

  it('finds the post-office towns that are no city, in their county: Jacobson, Finland, Lutsen, Angle Inlet', () => {
    const entries = entriesOf(fromMirror);
    for (const [name, county] of [
      ['Jacobson', 'Aitkin'],
      ['Finland', 'Lake'],
      ['Lutsen', 'Cook'],
      ['Angle Inlet', 'Lake of the Woods'],
      ['Embarrass', 'St. Louis'],
    ] as const) {
      const option = searchPlaces(entries, name).find((e) => e.detail === 'post office');
      expect(option?.label, name).toBe(`${name}, ${county} County`);
      expect(pointInOutline(option!.point, countyNamed(county).geometry)).toBe(true);
    }
    // A post office of a city's name is the city ("Mc Grath" is McGrath, Aitkin County).
    expect(searchPlaces(entries, 'McGrath').map((e) => `${e.label} — ${e.detail}`)).toEqual([
      'McGrath, Aitkin County — city',
    ]);
  });

  it('gives a city in three counties one option per county part, each placed inside its own county', () => {
    const entries = entriesOf(fromMirror);
    const options = searchPlaces(entries, 'St. Cloud').filter((e) => e.label.startsWith('Saint Cloud,'));
    expect(options.map((e) => `${e.label} — ${e.detail}`)).toEqual([
      'Saint Cloud, Stearns County — city (also in Sherburne and Benton counties)',
      'Saint Cloud, Sherburne County — city (also in Stearns and Benton counties)',
      'Saint Cloud, Benton County — city (also in Stearns and Sherburne counties)',
    ]);
    for (const option of options) {
      const county = option.label.replace(/^Saint Cloud, (.*) County$/, '$1');
      expect(pointInOutline(option.point, countyNamed(county).geometry)).toBe(true);
    }
    // Every place lies in the county its option names, and every city inside its own part of the
    // city's outline (Wolf Lake's reference point lies outside Wolf Lake).
    const boundaries = JSON.parse(
      readFileSync(join(MIRROR, 'civil-divisions', 'mn_city_boundaries_mndot.geojson'), 'utf8'),
    ) as {
      features: {
        properties: { FEATURE_NAME: string; COUNTY_NAME: string };
        geometry: Polygon | MultiPolygon;
      }[];
    };
    const parts = new Map(
      boundaries.features.map((f) => [
        `${f.properties.FEATURE_NAME}|${nameKey(f.properties.COUNTY_NAME)}`,
        f.geometry,
      ]),
    );
    let inParts = 0;
    for (const [name, lon, lat, county, kind] of fromMirror.places) {
      if (county)
        expect(pointInOutline([lon, lat], countyNamed(county).geometry), `${name}, ${county}`).toBe(true);
      const part = kind === 'city' ? parts.get(`${name}|${nameKey(county ?? '')}`) : undefined;
      if (!part) continue;
      expect(pointInOutline([lon, lat], part), `${name}, ${county} County: in its part`).toBe(true);
      inParts++;
    }
    expect(inParts).toBe(905);
  });

  it('records each source with its date and licence; MnDOT is credited', () => {
    const [mndot, geonames] = fromMirror.sources;
    expect(mndot).toMatchObject({ id: 'civilDivisions', official: true });
    expect(mndot!.source).toMatch(/MnDOT, Jurisdiction Lookup for Minnesota/);
    expect(mndot!.asOf).toMatch(/^2024-12-31/);
    expect(geonames!.licence).toMatch(/CC BY 4\.0/);
    expect(fromMirror.attribution).toBe('Place names: MnDOT, GeoNames (CC BY 4.0), zipcodes');
  });

  it('reads the same places from an --import of MnDOT’s GeoPackage, naming the file', async () => {
    const stat = statSync(GPKG);
    const lines: string[] = [];
    const imported = await buildPlaceNames(
      options({
        mirrorDir: null,
        imported: [{ path: GPKG, bytes: stat.size, mtime: stat.mtime.toISOString() }],
        log: (line) => lines.push(line),
      }),
    );
    expect(imported.sources[0]).toMatchObject({
      id: 'civilDivisions',
      count: 2745,
      importedFrom: {
        file: 'bdry_jurisdiction.gpkg',
        layers: ['Jurisdiction_Lookup_for_Minnesota', 'City_Boundaries_in_Minnesota'],
      },
    });
    // Same names, counties and kinds; points within a metre (the mirror was reprojected by GDAL).
    expect(imported.places.map((p) => [p[0], p[3], p[4]])).toEqual(
      fromMirror.places.map((p) => [p[0], p[3], p[4]]),
    );
    imported.places.forEach((p, i) => {
      expect(Math.abs(p[1] - fromMirror.places[i]![1])).toBeLessThan(2e-5);
      expect(Math.abs(p[2] - fromMirror.places[i]![2])).toBeLessThan(2e-5);
    });
    expect(lines.join('\n')).toMatch(/907 city rows, 1777 township rows, 62 unorganized territory rows/);
  }, 60_000);

  it('routes the GeoPackage in the importer: the build takes it for the place names, the page is told the command', async () => {
    const file = { name: 'bdry_jurisdiction.gpkg', bytes: new Uint8Array(readFileSync(GPKG)) };
    const build = await importOfficialLayers([file], { sqlJs: loadSqlJs, civilDivisions: true });
    expect(build).toMatchObject({ layers: [], civilDivisionFiles: ['bdry_jurisdiction.gpkg'] });
    await expect(importOfficialLayers([file], { sqlJs: loadSqlJs })).rejects.toThrow(
      "bdry_jurisdiction.gpkg: holds MnDOT's civil divisions (Jurisdiction_Lookup_for_Minnesota), which the search's place names are built from, not a map layer: build them in with `npm run data -- --import bdry_jurisdiction.gpkg`",
    );
  }, 60_000);

  it('fetches the official download online when the mirror lacks it; a moved download falls back with one line', async () => {
    const online = (path: string, log: (line: string) => void) => {
      const sources = loadSources(join(REPO, 'data', 'sources.json'), {
        SITING_SOURCE_CIVIL_DIVISIONS_URL: `${server.origin}${path}`,
      });
      return buildPlaceNames(options({ sources, mirrorDir: null, offline: false, log, timeoutMs: 20_000 }));
    };
    const fetched = await online('/gpkg_bdry_jurisdiction.zip', () => {});
    expect(fetched.sources[0]).toMatchObject({
      id: 'civilDivisions',
      count: 2745,
      sourceUrl: `${server.origin}/gpkg_bdry_jurisdiction.zip`,
      official: true,
    });
    expect(fetched.sources[0]!.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const lines: string[] = [];
    const moved = await online('/moved.zip', (line) => lines.push(line));
    expect(moved.sources.map((s) => s.id)).toEqual(['geonames', 'zipcodes']);
    expect(lines).toEqual([
      expect.stringMatching(
        /^civil divisions: official source unavailable — .*did not return a ZIP archive; the search finds the gazetteer’s places only\.$/,
      ),
    ]);
  }, 60_000);

  it('without mirror or network says so in one line, and the gazetteer still answers', async () => {
    const lines: string[] = [];
    const alone = await buildPlaceNames(options({ mirrorDir: null, log: (line) => lines.push(line) }));
    expect(lines).toEqual([
      expect.stringMatching(/^civil divisions: no local copy and no network; .*--import FILE/),
    ]);
    expect(alone.sources.map((s) => s.id)).toEqual(['geonames', 'zipcodes']);
    // The packages alone find Palisade by its post office, in Aitkin County; no township.
    const entries = entriesOf(alone);
    expect(searchPlaces(entries, 'Palisade').map((e) => `${e.label} — ${e.detail}`)).toEqual([
      'Palisade, Aitkin County — post office',
    ]);
    expect(searchPlaces(entries, 'McGregor Township')).toEqual([]);
  });

  it('takes `npm run data -- --import bdry_jurisdiction.gpkg` into the build: the manifest names the file', async () => {
    const stat = statSync(GPKG);
    const outDir = mkdtempSync(join(tmpdir(), 'siting-towns-'));
    try {
      const lines: string[] = [];
      const manifest = await runPipeline({
        sources: loadSources(join(REPO, 'data', 'sources.json'), {}),
        overridesPath: join(REPO, 'data', 'area-class-overrides.json'),
        outDir,
        mirrorDir: null,
        offline: true,
        inputsHash: 'x',
        log: (line) => lines.push(line),
        imports: { files: [{ path: GPKG, bytes: stat.size, mtime: stat.mtime.toISOString() }], map: {} },
        demo: { minorTarget: 5200, majorStep: 0.03, minorStep: 0.03 },
      });
      expect(lines).toContain("import: civil divisions (the search's place names) ← bdry_jurisdiction.gpkg");
      const entry = manifest.placeNames as unknown as { count: number; sources: PlaceNamesFile['sources'] };
      // The us-atlas counties (no mirror) are coarser: three city slivers fall outside their county.
      expect(entry.sources[0]).toMatchObject({
        id: 'civilDivisions',
        count: 2743,
        importedFrom: { file: 'bdry_jurisdiction.gpkg' },
      });
      const written = parsePlaceNames(JSON.parse(readFileSync(join(outDir, 'place-names.json'), 'utf8')));
      expect(written.filter((p) => p.name === 'Palisade').map((p) => [p.county, p.kind])).toEqual([
        ['Aitkin', 'city'],
      ]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});
