import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pointInPolygon from 'point-in-polygon-hao';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../../src/formats/geopackage/loadSqlJs.ts';
import { outlineGeoJson } from '../../../src/geo/siteImport/flatOutline.ts';
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_SITES,
  readSitesFile,
} from '../../../src/geo/siteImport/readSitesFile.ts';
import type { UserSite } from '../../../src/siting/userSite.ts';
import { makeSiteFixtures, type SiteFixtures, square } from '../../fixtures/sites/makeSiteFixtures.ts';

let dir: string;
let fx: SiteFixtures;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'siting-site-files-'));
  fx = makeSiteFixtures(dir);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const options = { idPrefix: 'imp-', sqlJs: loadSqlJs };
const text = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const collection = (features: unknown[]) => text({ type: 'FeatureCollection', features });
const polygonFeature = (properties: object, coordinates: number[][][]) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Polygon', coordinates },
});

async function read(file: string, extra: object = {}) {
  return readSitesFile(path.basename(file), new Uint8Array(await readFile(file)), { ...options, ...extra });
}

function sitesOf(result: Awaited<ReturnType<typeof readSitesFile>>): UserSite[] {
  if (!result.ok) throw new Error(result.message);
  return result.sites;
}

describe('readSitesFile: polygon candidate sites from the formats planners hold', () => {
  it.each([
    ['GeoJSON (WGS84)', 'geojson'],
    ['zipped shapefile (EPSG:26915 .prj)', 'shapefileZip'],
    ['GeoPackage (EPSG:26915 srs)', 'gpkg'],
    ['FlatGeobuf', 'fgb'],
  ] as const)(
    '%s: outlines in WGS84, attributes mapped from the columns, Iowa kept and flagged',
    async (_label, key) => {
      const result = await read(fx[key]);
      // FlatGeobuf keeps its features in R-tree order: compare by id.
      const sites = sitesOf(result).sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(sites.map((site) => site.id)).toEqual(['imp-P1', 'imp-P2', 'imp-P3']);
      expect(sites.map((site) => site.name)).toEqual(['Zumbro bottoms', 'Iowa side', 'Two fields']);
      expect(sites.map((site) => site.action)).toEqual(['restoration', 'creation', 'restoration']);
      expect(sites.map((site) => site.wetlandType ?? null)).toEqual(['3', '2', null]);
      expect(sites[0]?.acres).toBe(12.5);
      expect(sites[0]?.credits).toBe(10);
      expect(sites[2]?.credits).toBe(3.5);
      // No ACRES for P2: the outline's area, 0.02° × 0.02° at 43° N ≈ 1.63 km × 2.22 km ≈ 895 acres.
      expect(sites[1]?.acres).toBeGreaterThan(850);
      expect(sites[1]?.acres).toBeLessThan(950);
      expect(sites.map((site) => site.outsideMinnesota === true)).toEqual([false, true, false]);
      if (!result.ok) return;
      expect(result.warnings.join(' ')).toMatch(/1 of 3 sites lie outside Minnesota/);
      // Corners back where they were written (to a few centimetres through UTM 15N).
      const outline = sites[0]?.geometry ? outlineGeoJson(sites[0].geometry) : undefined;
      expect(outline?.type === 'Polygon' || outline?.type === 'MultiPolygon').toBe(true);
      const ring = outline?.type === 'Polygon' ? outline.coordinates[0] : outline?.coordinates[0]?.[0];
      const corners = (ring ?? []).map(([x, y]) => `${(x as number).toFixed(6)},${(y as number).toFixed(6)}`);
      expect(corners).toContain('-92.500000,44.000000');
      expect(corners).toContain('-92.490000,44.010000');
      expect(sites[2]?.geometry?.type).toBe('MultiPolygon');
      for (const site of sites) {
        const geometry = site.geometry ? outlineGeoJson(site.geometry) : undefined;
        const rings = geometry?.type === 'Polygon' ? geometry.coordinates : geometry?.coordinates[0];
        expect(pointInPolygon(site.location as [number, number], rings as number[][][])).toBe(true);
      }
    },
  );

  it('points from a shapefile-free GeoJSON still go through the point reader of before', async () => {
    const result = await readSitesFile(
      'points.geojson',
      collection([
        {
          type: 'Feature',
          properties: { name: 'Dot' },
          geometry: { type: 'Point', coordinates: [-92.4, 44] },
        },
      ]),
      options,
    );
    expect(sitesOf(result)).toEqual([
      { id: 'imp-1', name: 'Dot', location: [-92.4, 44], action: 'restoration' },
    ]);
  });

  it('asks for a mapping when two columns could hold one attribute, and follows the one given', async () => {
    const bytes = collection([
      polygonFeature({ NAME: 'A', GIS_ACRES: 9, CALC_ACRES: 7 }, square(-92.5, 44, 0.01)),
    ]);
    const asked = await readSitesFile('parcels.geojson', bytes, options);
    expect(asked.ok).toBe(false);
    if (asked.ok || !('needsMapping' in asked)) throw new Error('expected a mapping request');
    expect(asked.needsMapping.columns).toEqual(['NAME', 'GIS_ACRES', 'CALC_ACRES']);
    expect(asked.needsMapping.guess).toEqual({ name: 'NAME' });
    expect(asked.message).toMatch(/parcels\.geojson: cannot tell which column holds the acres/);
    const mapped = await readSitesFile('parcels.geojson', bytes, {
      ...options,
      mapping: { name: 'NAME', acres: 'CALC_ACRES' },
    });
    expect(sitesOf(mapped)[0]?.acres).toBe(7);
  });

  it('reports progress to the end and stops when cancelled', async () => {
    const features = Array.from({ length: 5000 }, (_, i) =>
      polygonFeature(
        { NAME: `S${i}` },
        square(-92.5 + (i % 100) * 0.001, 44 + Math.floor(i / 100) * 0.001, 0.0005),
      ),
    );
    const progress: [number, number][] = [];
    const result = await readSitesFile('many.geojson', collection(features), {
      ...options,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(sitesOf(result)).toHaveLength(5000);
    expect(progress.at(-1)).toEqual([5000, 5000]);
    expect(progress.length).toBeGreaterThan(1);
    const controller = new AbortController();
    const stopped = await readSitesFile('many.geojson', collection(features), {
      ...options,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(stopped).toEqual({ ok: false, message: 'many.geojson: import cancelled', cancelled: true });
  });
});

describe('readSitesFile: bad input names the file, the feature and the problem', () => {
  it('mixed geometry types (GeoPackage written by GDAL)', async () => {
    const result = await read(fx.mixedGpkg);
    expect(result).toMatchObject({ ok: false });
    expect(result.ok ? '' : result.message).toMatch(
      /^mixed\.gpkg, feature 2: mixed geometry types — a Point after polygons \(from feature 1\)/,
    );
  });

  it.each([
    [
      'an empty geometry',
      [polygonFeature({}, square(-92.5, 44, 0.01)), { type: 'Feature', properties: {}, geometry: null }],
      /^bad\.geojson, feature 2: empty geometry/,
    ],
    [
      'a polygon with no area',
      [
        polygonFeature({}, [
          [
            [-92.5, 44],
            [-92.4, 44],
            [-92.3, 44],
            [-92.5, 44],
          ],
        ]),
      ],
      /^bad\.geojson, feature 1: the polygon has no area/,
    ],
    [
      'a line',
      [
        polygonFeature({}, square(-92.5, 44, 0.01)),
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
      ],
      /^bad\.geojson, feature 2: a LineString is not a site/,
    ],
    [
      'an unknown action',
      [polygonFeature({ action: 'paving' }, square(-92.5, 44, 0.01))],
      /^bad\.geojson, feature 1: action "paving" is not one of/,
    ],
    [
      'acres that are not a number',
      [polygonFeature({ acres: 'lots' }, square(-92.5, 44, 0.01))],
      /^bad\.geojson, feature 1: acres "lots" is not a number/,
    ],
  ])('%s', async (_label, features, message) => {
    const result = await readSitesFile('bad.geojson', collection(features), options);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it('a mapping that names a missing column', async () => {
    const result = await read(fx.gpkg, { mapping: { name: 'SITE_NAME' } });
    expect(result.ok ? '' : result.message).toBe(
      'sites.gpkg: the mapping names column "SITE_NAME" for name, which the file does not have (columns: fid, SITE_ID, NAME, ACTION, WTYPE, ACRES, CREDITS)',
    );
  });

  it('a file over the byte limit, stating the limit', async () => {
    const result = await readSitesFile('huge.geojson', new Uint8Array(MAX_IMPORT_BYTES + 1), options);
    expect(result.ok ? '' : result.message).toBe(
      'huge.geojson: 128.0 MB is over the limit (at most 128.0 MB and 100,000 sites per import); split it into smaller files',
    );
  });

  it('a file over the feature limit, stating the limit', async () => {
    const one = JSON.stringify(polygonFeature({}, square(-92.5, 44, 0.01)));
    const bytes = new TextEncoder().encode(
      `{"type":"FeatureCollection","features":[${Array.from({ length: MAX_IMPORT_SITES + 1 }, () => one).join(',')}]}`,
    );
    const result = await readSitesFile('county.geojson', bytes, options);
    expect(result.ok ? '' : result.message).toBe(
      'county.geojson: 100,001 features is over the limit (at most 128.0 MB and 100,000 sites per import); split it into smaller files',
    );
  });
});
