import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadOfficialFiles } from '../../fixtures/official/makeBadOfficialFiles.ts';
import type { OfficialFixtures } from '../../fixtures/official/makeOfficialFixtures.ts';
import { officialFixtures } from '../../fixtures/official/officialFixtures.ts';
import { runCli } from '../cli/runCli.ts';

const REPO = new URL('../../../', import.meta.url).pathname;
const DEMO = join(REPO, 'public', 'data');
const NOTICE = 'demonstration geography — not official';

let work: string;
let out: string;
let fx: OfficialFixtures;
let bad: BadOfficialFiles;

/** `npm run <script> -- args` as a user types it, offline, writing into `out`. */
function npmRun(
  script: string,
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: REPO,
      env: { ...process.env, SITING_DATA_OFFLINE: '1', SITING_DATA_OUT: out },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const manifestOf = () => JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));

/** Places to ask: Minneapolis, Duluth, Rochester, Moorhead, International Falls, Marshall. */
const PLACES: [number, number][] = [
  [-93.265, 44.978],
  [-92.1, 46.79],
  [-92.47, 44.02],
  [-96.77, 46.87],
  [-93.41, 48.6],
  [-95.79, 44.45],
];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'siting-import-cli-'));
  out = join(work, 'data');
  ({ fx, bad } = await officialFixtures(DEMO));
}, 200_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run data -- --import (the official downloads, offline)', () => {
  it('refuses an unknown flag in one line with exit status 2', async () => {
    const run = await npmRun('data', ['--imprt', fx.bsaZip]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^npm run data: unknown argument "--imprt"; usage: npm run data -- \[--import <file>/,
      ),
    ]);
  }, 60_000);

  it('replaces the demonstration layers with the files; locate answers from them, without the notice', async () => {
    const run = await npmRun('data', [
      '--import',
      fx.watershedsZip,
      '--import',
      fx.bsaZip,
      '--import',
      fx.plssGpkg,
      '--map',
      'plss.meridian=4',
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('DEMONSTRATION');
    expect(run.stdout).toMatch(
      /majorWatersheds +81 features .* official +Minnesota DNR.*imported from gpkg_geos_dnr_watersheds\.zip/,
    );
    const manifest = manifestOf();
    expect(manifest.demonstration).toBe(false);
    expect(manifest.notice).toBeUndefined();
    for (const [name, file, layer] of [
      ['majorWatersheds', 'gpkg_geos_dnr_watersheds.zip', 'dnr_watersheds_dnr_level_04_huc_08_majors'],
      ['minorWatersheds', 'gpkg_geos_dnr_watersheds.zip', 'dnr_watersheds_dnr_level_07_minors'],
      ['bankServiceAreas', 'shp_bdry_bank_service_areas.zip', 'bdry_bank_service_areas'],
      ['plss', 'plan_mngeo_trs.gpkg', 'plan_mngeo_trs'],
    ] as const) {
      expect(manifest.layers[name]).toMatchObject({ official: true, demonstration: false, sourceUrl: null });
      expect(manifest.layers[name].importedFrom).toMatchObject({
        file,
        sourceLayer: layer,
        crs: expect.any(String),
      });
      expect(manifest.layers[name].importedFrom.fileDate).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(manifest.layers[name].source).toContain(`imported from ${file}`);
    }
    expect(manifest.imports.files.map((f: { path: string }) => f.path)).toEqual([
      fx.watershedsZip,
      fx.bsaZip,
      fx.plssGpkg,
    ]);
    expect(manifest.imports.map).toEqual({ 'plss.meridian': '4' });

    const answers = await Promise.all(
      PLACES.map(([lon, lat]) =>
        Promise.all([
          runCli(['locate', String(lon), String(lat), '--data', DEMO]),
          runCli(['locate', String(lon), String(lat), '--data', out]),
        ]),
      ),
    );
    for (const [demo, official] of answers) {
      expect(demo.stderr).toContain(NOTICE);
      expect(official.stderr).not.toContain(NOTICE);
      const d = JSON.parse(demo.stdout);
      const o = JSON.parse(official.stdout);
      expect(o.demonstration).toBe(false);
      expect(o.notice).toBeUndefined();
      const major = fx.majorOf(d.majorWatershed.id);
      expect(o.majorWatershed).toMatchObject({ id: major, name: `Fixture major ${major}` });
      const minor = `${String(major).padStart(2, '0')}${d.minorWatershed.id.slice(2)}`;
      expect(o.minorWatershed).toMatchObject({ id: minor, name: `Fixture minor ${minor}` });
      expect(o.bankServiceArea).toMatchObject({ id: fx.bsaOf(d.bankServiceArea.id) });
      expect(o.sources.minorWatershed).toMatchObject({ official: true, demonstration: false });
      expect(o.plss === null || typeof o.plss.id === 'string').toBe(true);
      expect(o.plssLayer).toBeUndefined();
      expect(d.plssLayer).toMatch(/^not loaded/);
    }
    const [lon, lat] = fx.sectionCentre(12);
    const s12 = JSON.parse((await runCli(['locate', String(lon), String(lat), '--data', out])).stdout);
    expect(s12.plss).toMatchObject({
      id: 'M4-T29N-R24W-S12',
      township: 29,
      range: 24,
      rangeDirection: 'W',
      section: 12,
      label: 'T29N R24W S12 (4th principal meridian)',
    });
    expect(s12.sources.plss).toMatchObject({ layer: 'plss', official: true });
  }, 240_000);

  it('writes FlatGeobuf headers other readers understand (GDAL ogrinfo: name and geometry type)', async () => {
    for (const [file, name] of [
      ['minor-watersheds.fgb', 'minor_watersheds'],
      ['major-watersheds.fgb', 'major_watersheds'],
      ['bank-service-areas.fgb', 'bank_service_areas'],
    ]) {
      const info = execFileSync('ogrinfo', ['-ro', '-so', '-al', join(out, file!)], { encoding: 'utf8' });
      expect(info).toContain(`Layer name: ${name}`);
      expect(info).toMatch(/Geometry: (Multi )?Polygon\n/);
    }
    let header: HeaderMeta | undefined;
    for await (const _ of deserialize(new Uint8Array(readFileSync(join(out, 'minor-watersheds.fgb'))), {
      headerMetaFn: (h) => (header = h),
    }))
      break;
    expect(header?.title).toBe('Minor watersheds (DNR Level 07)');
    expect(header?.description).toMatch(
      /imported from gpkg_geos_dnr_watersheds\.zip \(layer dnr_watersheds_dnr_level_07_minors/,
    );
  });

  it('data:ensure keeps the imported build, and rebuilds from the same files when it is stale', async () => {
    const fresh = await npmRun('data:ensure', []);
    expect(fresh.status).toBe(0);
    expect(fresh.stdout).toContain('Data layers are up to date');
    expect(manifestOf().layers.minorWatersheds.official).toBe(true);

    const stale = manifestOf();
    stale.inputsHash = 'stale';
    writeFileSync(join(out, 'manifest.json'), JSON.stringify(stale));
    const rebuilt = await npmRun('data:ensure', []);
    expect(rebuilt.status).toBe(0);
    expect(rebuilt.stdout).toContain(`rebuilding with the imported files ${fx.watershedsZip}`);
    const manifest = manifestOf();
    expect(manifest.inputsHash).not.toBe('stale');
    expect(manifest.demonstration).toBe(false);
    expect(manifest.layers.bankServiceAreas.importedFrom.file).toBe('shp_bdry_bank_service_areas.zip');
  }, 240_000);

  it('a bad file fails the build naming file and problem, and the previous build stays', async () => {
    const before = readFileSync(join(out, 'manifest.json'), 'utf8');
    for (const [file, message] of [
      [bad.truncatedZip, /truncated_gpkg_geos_dnr_watersheds\.zip: truncated ZIP archive/],
      [
        bad.bsaOutOfRange,
        /bsa_11_bank_service_areas\.zip, layer bdry_bank_service_areas: feature #\d+ has bank service area number 11/,
      ],
    ] as const) {
      const run = await npmRun('data', ['--import', file]);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^Data build failed; the previous build \(if any\) is unchanged\.\n/);
      expect(run.stderr).toMatch(message);
      expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toBe(before);
    }
  }, 120_000);
});
