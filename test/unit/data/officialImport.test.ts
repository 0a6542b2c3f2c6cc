import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { Feature } from 'geojson';
import { beforeAll, describe, expect, it } from 'vitest';
import { bboxOf } from '../../../src/formats/geometry/bboxOf.ts';
import { loadSqlJs } from '../../../src/formats/geopackage/loadSqlJs.ts';
import { ImportError, importedLayerFile, importOfficialLayers } from '../../../src/formats/official/index.ts';
import type { BadOfficialFiles } from '../../fixtures/official/makeBadOfficialFiles.ts';
import type { OfficialFixtures } from '../../fixtures/official/makeOfficialFixtures.ts';
import { officialFixtures } from '../../fixtures/official/officialFixtures.ts';

const REPO = new URL('../../../', import.meta.url).pathname;
const DEMO = join(REPO, 'public', 'data');

let fx: OfficialFixtures;
let bad: BadOfficialFiles;

beforeAll(async () => {
  ({ fx, bad } = await officialFixtures(DEMO));
}, 200_000);

const fileOf = (path: string) => ({
  name: path,
  bytes: new Uint8Array(readFileSync(path)),
  lastModified: statSync(path).mtime.toISOString(),
});
const run = (paths: string[], map?: Record<string, string>) =>
  importOfficialLayers(paths.map(fileOf), { sqlJs: loadSqlJs, ...(map ? { map } : {}) });

async function readFgb(file: string): Promise<Feature[]> {
  const out: Feature[] = [];
  for await (const f of deserialize(new Uint8Array(readFileSync(join(DEMO, file))))) out.push(f as Feature);
  return out;
}

const centre = (f: Feature) => {
  const b = bboxOf(f.geometry!);
  return [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
};

describe('importOfficialLayers on files as the publishers ship them (written by GDAL)', () => {
  it('reads the DNR GeoPackage zip and the BWSR shapefile zip; every number comes from the files', async () => {
    const progress: number[] = [];
    const result = await importOfficialLayers([fx.watershedsZip, fx.bsaZip].map(fileOf), {
      sqlJs: loadSqlJs,
      onProgress: (_, fraction) => progress.push(fraction),
    });
    expect(result.layers.map((l) => l.name)).toEqual([
      'majorWatersheds',
      'minorWatersheds',
      'bankServiceAreas',
    ]);
    expect(progress.at(-1)).toBe(1);
    expect(result.notes).toContain(
      'gpkg_geos_dnr_watersheds.zip: ignored layer(s) dnr_watersheds_dnr_level_08_all_catchments',
    );
    const [majors, minors, bsas] = result.layers as [
      (typeof result.layers)[0],
      (typeof result.layers)[0],
      (typeof result.layers)[0],
    ];
    const date = statSync(fx.watershedsZip).mtime.toISOString().slice(0, 10);
    expect(majors.provenance).toMatchObject({
      file: 'gpkg_geos_dnr_watersheds.zip',
      fileDate: date,
      sourceLayer: 'dnr_watersheds_dnr_level_04_huc_08_majors',
      crs: 'EPSG:26915',
      fieldsUsed: { id: 'major', name: 'major_name', huc8: 'HUC_8' },
    });
    expect(minors.provenance.fieldsUsed.id).toMatch(/^minor_num \(detected/);
    expect(bsas.provenance.fieldsUsed.id).toMatch(/^BSA \(detected/); // not OBJECTID, which also holds 1-10
    expect(bsas.provenance.crs).toBe('EPSG:26915 (NAD_1983_UTM_Zone_15N)'); // from the ESRI .prj

    // The same places carry the file's (permuted) numbers, not the demonstration build's.
    const demoBsas = await readFgb('bank-service-areas.fgb');
    for (const demo of demoBsas) {
      const id = fx.bsaOf(Number(demo.properties!.id));
      const mine = bsas.features.find((f) => f.properties.id === id)!;
      expect(mine.properties.name).toBe(`Fixture BSA ${id}`);
      expect(centre(mine)[0]).toBeCloseTo(centre(demo)[0]!, 3);
      expect(centre(mine)[1]).toBeCloseTo(centre(demo)[1]!, 3);
    }
    const demoMajors = await readFgb('major-watersheds.fgb');
    for (const demo of demoMajors.slice(0, 10)) {
      const id = fx.majorOf(Number(demo.properties!.id));
      const mine = majors.features.find((f) => f.properties.id === id)!;
      expect(mine.properties).toMatchObject({ name: `Fixture major ${id}`, huc8: demo.properties!.huc8 });
      expect(centre(mine)[0]).toBeCloseTo(centre(demo)[0]!, 3);
    }
    // What the page stores: the same FlatGeobuf and manifest entry as the CLI writes.
    const stored = importedLayerFile(bsas, '2026-12-01T09:00:00.000Z');
    expect(stored.entry).toMatchObject({
      file: 'bank-service-areas.fgb',
      featureCount: 10,
      official: true,
      demonstration: false,
      sourceUrl: null,
      asOf: date,
      importedFrom: { file: 'shp_bdry_bank_service_areas.zip', sourceLayer: 'bdry_bank_service_areas' },
    });
    const decoded: Feature[] = [];
    for await (const f of deserialize(stored.bytes)) decoded.push(f as Feature);
    expect(decoded.map((f) => f.properties!.id).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(minors.features).toHaveLength(5698);
    for (const m of minors.features.slice(0, 50)) {
      expect(m.properties.id).toMatch(/^\d{5}$/);
      expect(Number(String(m.properties.id).slice(0, 2))).toBe(m.properties.majorWatershed);
      expect(m.properties.demonstration).toBe(false);
    }
  }, 120_000);

  it('reads the DNR shapefile zip and the BWSR GeoPackage zip the same way', async () => {
    const result = await run([fx.watershedsShpZip, fx.bsaGpkgZip]);
    expect(
      result.layers.map((l) => [l.name, l.features.length, l.provenance.file, l.provenance.sourceLayer]),
    ).toEqual([
      ['majorWatersheds', 81, 'shp_geos_dnr_watersheds.zip', 'dnr_watersheds_dnr_level_04_huc_08_majors'],
      ['minorWatersheds', 5698, 'shp_geos_dnr_watersheds.zip', 'dnr_watersheds_dnr_level_07_minors'],
      ['bankServiceAreas', 10, 'gpkg_bdry_bank_service_areas.zip', 'bdry_bank_service_areas'],
    ]);
    const fromGpkg = await run([fx.watershedsZip]);
    const byId = (features: { properties: Record<string, unknown> }[]) =>
      features.map((f) => `${f.properties.id} ${f.properties.name}`).sort();
    expect(byId(result.layers[1]!.features)).toEqual(byId(fromGpkg.layers[1]!.features));
    expect(result.layers[2]!.features.map((f) => f.properties.id).sort()).toEqual([
      1, 10, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  }, 120_000);

  it('reads a bare .fgb and .geojson of one layer each, with --map naming what it cannot guess', async () => {
    await expect(run([fx.majorsFgb])).rejects.toThrow(
      /watersheds_export\.fgb: none of its layers is one this imports \(layers found: watersheds_export\)/,
    );
    await expect(run([fx.majorsFgb], { 'majorWatersheds.name': 'WSHED_NAME' })).rejects.toThrow(
      /watersheds_export\.fgb, layer watersheds_export: cannot identify the major watershed number field \(fields: WSHED_NO, WSHED_NAME, HUC_8\); name it with --map majorWatersheds\.id=<FIELD>/,
    );
    const result = await run([fx.majorsFgb, fx.bsaGeojson], {
      'majorWatersheds.id': 'WSHED_NO',
      'majorWatersheds.name': 'WSHED_NAME',
      'bankServiceAreas.layer': 'service_areas',
    });
    expect(result.layers.map((l) => [l.name, l.features.length, l.provenance.crs])).toEqual([
      ['majorWatersheds', 81, 'EPSG:26915'],
      ['bankServiceAreas', 10, 'EPSG:26915'],
    ]);
    expect(result.layers[1]!.provenance.fieldsUsed.id).toMatch(/^AREA_NUM \(detected/);
  }, 60_000);

  it('reads PLSS sections with --map, keeping the principal meridian in the id', async () => {
    const result = await run([fx.plssGpkg], { 'plss.meridian': '4' });
    const plss = result.layers[0]!;
    expect(plss.name).toBe('plss');
    expect(plss.features).toHaveLength(36);
    const s12 = plss.features.find((f) => f.properties.section === 12)!;
    expect(s12.properties).toEqual({
      id: 'M4-T29N-R24W-S12',
      meridian: 4,
      township: 29,
      townshipDirection: 'N',
      range: 24,
      rangeDirection: 'W',
      section: 12,
      demonstration: false,
    });
    await expect(run([fx.plssGpkg])).rejects.toThrow(
      /plan_mngeo_trs\.gpkg, layer plan_mngeo_trs: cannot identify the principal meridian \(4 or 5\) field \(fields: fid, TOWN, RANG, RDIR, SECT\); name it with --map plss\.meridian=<FIELD>/,
    );
  });

  it('refuses a --map for a layer or column that does not exist, naming it', async () => {
    await expect(run([fx.bsaZip], { 'bsas.id': 'BSA' })).rejects.toThrow(
      /--map bsas\.id=BSA: unknown layer "bsas"/,
    );
    await expect(run([fx.bsaZip], { 'bankServiceAreas.id': 'NOPE' })).rejects.toThrow(
      /layer bdry_bank_service_areas: --map bankServiceAreas\.id=NOPE names a field the layer does not have \(fields: OBJECTID, BSA, BSA_NAME\)/,
    );
  });
});

describe('importOfficialLayers refuses bad files, naming the file, the layer and the problem', () => {
  const cases: [keyof BadOfficialFiles, RegExp][] = [
    [
      'wrongLayers',
      /wrong_layers\.gpkg: none of its layers is one this imports \(layers found: dnr_watersheds_dnr_level_08_all_catchments, lakes_and_rivers\); expected dnr_watersheds_dnr_level_04_huc_08_majors, dnr_watersheds_dnr_level_07_minors/,
    ],
    [
      'missingMajors',
      /minors_only\.gpkg: has the minor watersheds \(dnr_watersheds_dnr_level_07_minors\) but no major watershed layer dnr_watersheds_dnr_level_04_huc_08_majors \(layers found: dnr_watersheds_dnr_level_07_minors\)/,
    ],
    [
      'noMinorIdField',
      /no_minor_id\.gpkg, layer dnr_watersheds_dnr_level_07_minors: cannot identify the minor watershed id \(5-digit code\) field \(fields: fid, minor_name, major, major_name\); name it with --map minorWatersheds\.id=<FIELD>/,
    ],
    [
      'unknownCrs',
      /unknown_crs_bank_service_areas\.zip, layer bdry_bank_service_areas: unknown coordinate reference system "County_Grid_Made_Up"/,
    ],
    [
      'noCrsGpkg',
      /no_crs_bdry_bank_service_areas\.gpkg, layer bdry_bank_service_areas: unknown coordinate reference system NONE:0 \(no definition\)/,
    ],
    ['zeroFeatures', /zero_bank_service_areas\.zip, layer bdry_bank_service_areas: the layer has 0 features/],
    [
      'duplicateMajors',
      /duplicate_majors\.gpkg, layer dnr_watersheds_dnr_level_04_huc_08_majors \(majorWatersheds\): 1 problem\(s\)\n {2}- feature \d+ duplicates the id of feature #1/,
    ],
    [
      'minorOutsideMajor',
      /minor_outside\.gpkg, layer dnr_watersheds_dnr_level_07_minors \(minorWatersheds\): 1 minor\/major mismatch\(es\)\n {2}- minor \d\d999 says major \d+ but lies in major \d+/,
    ],
    [
      'bsaOutOfRange',
      /bsa_11_bank_service_areas\.zip, layer bdry_bank_service_areas: feature #\d+ has bank service area number 11 in BSA, outside 1-10/,
    ],
    [
      'selfIntersecting',
      /bdry_bank_service_areas\.gpkg, layer bdry_bank_service_areas \(bankServiceAreas\): .*\n(.*\n)* {2}- feature 1 outer ring is self-intersecting near \[-94\.\d+, 45\.\d+\]/,
    ],
    [
      'truncatedZip',
      /truncated_gpkg_geos_dnr_watersheds\.zip: truncated ZIP archive \(it starts like one but its end, the central directory, is missing/,
    ],
    [
      'zipBomb',
      /bomb_gpkg_geos_dnr_watersheds\.zip: the ZIP archive unpacks to more than 2147483648 bytes; refused/,
    ],
    [
      'lyingZipBomb',
      /lying_bomb_shp_bdry_bank_service_areas\.zip: corrupt ZIP archive \(bdry_bank_service_areas\.shp unpacks to more than the 1000 bytes it declares/,
    ],
    [
      'renamedGpkg',
      /geos_dnr_watersheds_renamed\.gpkg: not a GeoPackage — it is a ZIP archive \(a GeoPackage is an SQLite database; was another file renamed \.gpkg\?\)/,
    ],
  ];
  it.each(cases)(
    '%s',
    async (name, message) => {
      const error = await run([bad[name]]).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ImportError);
      expect((error as Error).message).toMatch(message);
    },
    60_000,
  );

  it('with --map the same ring is refused, and the count with it', async () => {
    await expect(run([bad.selfIntersecting], { 'bankServiceAreas.id': 'BSA' })).rejects.toThrow(
      /has 1 features; expected 10\n {2}- feature 1 outer ring is self-intersecting/,
    );
  });
});
