/**
 * `siting batch --candidates` with a sites file as planners get them (GDAL-written GeoPackage,
 * zipped shapefile and FlatGeobuf in their own CRS, and GeoJSON): the same reader as the page,
 * outlines ranked in the units holding most of their area with the split named.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSiteFixtures, type SiteFixtures, square } from '../../fixtures/sites/makeSiteFixtures.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';
import { runCli } from './runCli.ts';

let data: string;
let work: string;
let fx: SiteFixtures;
let impacts: string;

beforeAll(async () => {
  data = await buildDataDir();
  work = await mkdtemp(path.join(tmpdir(), 'siting-cli-sites-'));
  fx = makeSiteFixtures(path.join(work, 'fixtures'));
  impacts = path.join(work, 'impacts.csv');
  await writeFile(impacts, 'id,lon,lat,acres,land,project\nI1,-92.47,44.02,1,agricultural,general\n');
});
afterAll(async () => {
  await rm(data, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

const batch = (candidates: string, ...extra: string[]) =>
  runCli(['batch', impacts, '--candidates', candidates, '--data', data, ...extra]);

describe('siting batch --candidates <sites file>', () => {
  it('ranks the same sites the same from GeoJSON, a zipped shapefile, a GeoPackage and FlatGeobuf', async () => {
    const outputs = [];
    for (const file of [fx.geojson, fx.shapefileZip, fx.gpkg, fx.fgb]) {
      const { status, stdout, stderr } = await batch(file);
      expect(stderr.trim(), file).toBe('siting: demonstration geography — not official');
      expect(status, file).toBe(0);
      outputs.push(stdout);
    }
    expect(new Set(outputs).size).toBe(1);
    const rows = (outputs[0] ?? '').trim().split('\n').slice(1);
    // One row per site, ids and actions from the file's columns (guessed: SITE_ID, ACTION).
    expect(rows.map((row) => row.split(',')[2]).sort()).toEqual(['P1', 'P2', 'P3']);
    expect(rows[0]).toMatch(/^I1,1,P1,project-specific,eligible,true,1,/);
  });

  it('ranks an outline straddling two minor watersheds in the one holding most of it, and says so', async () => {
    const source = path.join(work, 'wide.geojson');
    await writeFile(
      source,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { SITE_ID: 'W0', NAME: 'Wide field', ACTION: 'restoration' },
            geometry: { type: 'Polygon', coordinates: square(-92.6, 43.95, 0.15) },
          },
        ],
      }),
    );
    // Written by GDAL in UTM 15N, as the publishers' files are.
    const gpkg = path.join(work, 'wide.gpkg');
    execFileSync('ogr2ogr', ['-f', 'GPKG', '-t_srs', 'EPSG:26915', gpkg, source]);
    const { status, stdout } = await batch(gpkg);
    expect(status).toBe(0);
    const row = stdout.trim().split('\n')[1] ?? '';
    // A third of it lies in the impact's minor watershed (41002), but most in 41001: level 2.
    expect(row).toMatch(/^I1,1,W0,project-specific,eligible,true,2,/);
    expect(row).toMatch(
      /The site straddles 2 minor watersheds: 67 % of its area in 41001, 33 % in 41002; it is ranked in 41001, which holds the most of it\. \[103G\.222 subd\. 3\(a\)\(1\)\]/,
    );
  });

  it('ranks outlines the same over indexed layers, read by ranges only where the outlines lie', async () => {
    // The layers as npm run data builds them (with R-trees): the outlines' polygons are read
    // through the index, the rest of each file never; the answer is the whole-file one's.
    const indexed = await buildDataDir({ indexed: true });
    try {
      const wide = path.join(work, 'wide.geojson');
      for (const file of [fx.geojson, wide]) {
        const overAll = await batch(file);
        const overIndex = await runCli(['batch', impacts, '--candidates', file, '--data', indexed]);
        expect(overIndex.status, file).toBe(0);
        expect(overIndex.stdout, file).toBe(overAll.stdout);
      }
    } finally {
      await rm(indexed, { recursive: true, force: true });
    }
  });

  it('takes --columns, and refuses a bad one, a bad file and a missing one with exit 2 naming it', async () => {
    const named = await batch(fx.geojson, '--columns', 'name=NAME,action=ACTION,id=SITE_ID');
    expect(named.status).toBe(0);
    const bad = await batch(fx.geojson, '--columns', 'colour=NAME');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toMatch(/^siting: --columns: "colour=NAME" is not attribute=column/);
    const missingColumn = await batch(fx.geojson, '--columns', 'name=NOPE');
    expect(missingColumn.status).toBe(2);
    expect(missingColumn.stderr).toMatch(/NOPE/);
    const broken = path.join(work, 'broken.geojson');
    await writeFile(broken, '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":');
    const unreadable = await batch(broken);
    expect(unreadable.status).toBe(2);
    expect(unreadable.stderr).toMatch(/broken\.geojson/);
    const gone = await batch(path.join(work, 'gone.gpkg'));
    expect(gone.status).toBe(2);
    expect(gone.stderr.trim()).toMatch(/gone\.gpkg: not found$/);
  });
});
