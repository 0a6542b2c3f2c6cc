import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOfficialFeatures, normalizeOfficialFeatures } from '../../../data/lib/acquireOfficialLayer.ts';
import type { LayerSource } from '../../../data/lib/loadSources.ts';
import { writeFlatGeobuf } from '../../../src/formats/flatgeobuf/writeFlatGeobuf.ts';
import { LAYER_SCHEMAS } from '../../../src/formats/layers/layerSchemas.ts';
import { validateLayer } from '../../../src/formats/layers/validateLayer.ts';
import { makeShapefileZip, PRJ_WGS84 } from '../../fixtures/data/makeShapefileZip.ts';
import { type LoopbackServer, square, startLoopbackServer } from '../../fixtures/data/startLoopbackServer.ts';

// UTM 15N metres around Minneapolis (~ -93.3, 44.9): two majors, each split into two minors.
const MINORS = [
  {
    properties: { MINOR: 20001, MINOR_NAME: 'Fixture minor A', MAJOR: 20 },
    rings: [square(460000, 4970000, 470000, 4990000)],
  },
  {
    properties: { MINOR: 20002, MINOR_NAME: 'Fixture minor B', MAJOR: 20 },
    rings: [square(470000, 4970000, 480000, 4990000)],
  },
  {
    properties: { MINOR: 33001, MINOR_NAME: 'Fixture minor C', MAJOR: 33 },
    rings: [square(440000, 4970000, 450000, 4990000)],
  },
  {
    properties: { MINOR: 33002, MINOR_NAME: 'Fixture minor D', MAJOR: 33 },
    rings: [square(450000, 4970000, 460000, 4990000)],
  },
];
const BSA_RECORDS = [
  {
    rings: [square(440000, 4970000, 480000, 4990000)],
    attributes: { BSA: 7, BSA_NAME: 'Fixture BSA seven' },
  },
  {
    rings: [square(420000, 4970000, 440000, 4990000)],
    attributes: { BSA: 8, BSA_NAME: 'Fixture BSA eight' },
  },
];
const BOWTIE: [number, number][] = [
  [440000, 4970000],
  [460000, 4990000],
  [460000, 4970000],
  [440000, 4990000],
  [440000, 4970000],
];

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer(
    [
      { name: 'Level 04 - HUC 08 majors', features: [] },
      { name: 'Level 07 - All minors', features: MINORS },
    ],
    {
      '/bsa.zip': makeShapefileZip('bdry_bank_service_areas', BSA_RECORDS),
      '/bad.zip': 'this is an HTML error page, not a zip',
      '/wrong-crs.zip': makeShapefileZip('bsa', BSA_RECORDS, PRJ_WGS84),
      '/no-prj.zip': makeShapefileZip('bsa', BSA_RECORDS, null),
      '/bowtie.zip': makeShapefileZip('bsa', [
        { rings: [BOWTIE], attributes: { BSA: 1, BSA_NAME: 'Bowtie' } },
      ]),
      '/duplicate.zip': makeShapefileZip('bsa', [
        BSA_RECORDS[0]!,
        { ...BSA_RECORDS[1]!, attributes: { BSA: 7, BSA_NAME: 'Again seven' } },
      ]),
    },
  );
});

afterAll(() => server.close());

function arcgisSource(): LayerSource {
  return {
    title: 'Minor watersheds',
    expect: { min: 4, max: 4 },
    mirror: null,
    official: {
      format: 'arcgis-featureserver',
      url: server.featureServer,
      layerNamePattern: 'level.?07|minor',
      crs: 'EPSG:26915',
      publisher: 'fixture',
      licence: 'fixture',
      verified: true,
      pageSize: 1000,
    },
    fallback: 'demonstration',
    attributes: { id: ['MINOR'], name: ['MINOR_NAME'], majorWatershed: ['MAJOR'] },
  };
}

function bsaSource(path: string): LayerSource {
  return {
    title: 'BSAs',
    expect: { min: 2, max: 2 },
    mirror: null,
    official: {
      format: 'zipped-shapefile',
      url: `${server.origin}${path}`,
      crs: 'from .prj',
      publisher: 'fixture',
      licence: 'fixture',
      verified: true,
    },
    fallback: 'demonstration',
    attributes: { id: ['BSA'], name: ['BSA_NAME'] },
  };
}

/** fetch → reproject → normalize → validate, as the pipeline does for one layer. */
async function loadBsa(path: string, expectCount = 2) {
  const source = bsaSource(path);
  const fetched = await fetchOfficialFeatures('bankServiceAreas', source, 2000);
  const label = `bankServiceAreas (${fetched.url})`;
  const features = normalizeOfficialFeatures('bankServiceAreas', source, fetched.features, label);
  validateLayer(label, features, LAYER_SCHEMAS.bankServiceAreas, { min: expectCount, max: expectCount });
  return features;
}

describe('official sources over loopback HTTP', () => {
  it('pages an ArcGIS FeatureServer by resultOffset, reprojects UTM 15N and writes an indexed FlatGeobuf', async () => {
    const source = arcgisSource();
    const fetched = await fetchOfficialFeatures('minorWatersheds', source, 2000);
    // The mimic caps pages at 3 records; the client must continue at offset 3, not 1000.
    expect(server.offsets.get(1)).toEqual([0, 3]);
    expect(fetched.url).toBe(`${server.featureServer}/1`);
    const features = normalizeOfficialFeatures('minorWatersheds', source, fetched.features, 'minors');
    validateLayer('minors', features, LAYER_SCHEMAS.minorWatersheds, source.expect);
    expect(features.map((f) => f.properties.id)).toEqual(['20001', '20002', '33001', '33002']);
    expect(features[0]!.properties).toMatchObject({ majorWatershed: 20, demonstration: false });
    // 460000 E, 4970000 N in zone 15N is about -93.50 W, 44.88 N.
    const corner = (features[0]!.geometry as { coordinates: number[][][] }).coordinates[0]![0]!;
    expect(corner[0]).toBeCloseTo(-93.505, 2);
    expect(corner[1]).toBeCloseTo(44.881, 2);

    const bytes = writeFlatGeobuf(features, LAYER_SCHEMAS.minorWatersheds.columns, 'minors');
    const near: string[] = [];
    for await (const f of deserialize(bytes, {
      rect: { minX: -93.3, minY: 44.95, maxX: -93.29, maxY: 44.96 },
    })) {
      near.push(String(f.properties?.id));
    }
    expect(near).toEqual(['20002']);
  });

  it('reads a zipped shapefile in EPSG:26915 through its .prj', async () => {
    const features = await loadBsa('/bsa.zip');
    expect(features.map((f) => [f.properties.id, f.properties.name])).toEqual([
      [7, 'Fixture BSA seven'],
      [8, 'Fixture BSA eight'],
    ]);
    const ring = (features[0]!.geometry as { coordinates: number[][][] }).coordinates[0]!;
    for (const [lon, lat] of ring) {
      expect(lon).toBeGreaterThan(-94);
      expect(lon).toBeLessThan(-93);
      expect(lat).toBeGreaterThan(44.8);
      expect(lat).toBeLessThan(45.1);
    }
  });

  it('rejects a download that is not a zip, naming the source', async () => {
    await expect(loadBsa('/bad.zip')).rejects.toThrow(
      `bankServiceAreas (${server.origin}/bad.zip): not a ZIP archive (no end-of-central-directory record)`,
    );
  });

  it('rejects a shapefile whose .prj does not match its coordinates (wrong CRS)', async () => {
    await expect(loadBsa('/wrong-crs.zip')).rejects.toThrow(
      /feature 7 has coordinate \[440000\.00000, 4970000\.00000\] outside the bounds .*\(wrong CRS or axis order\?\)/,
    );
  });

  it('rejects a shapefile without a .prj', async () => {
    await expect(loadBsa('/no-prj.zip')).rejects.toThrow('bsa.shp has no .prj, so its CRS is unknown');
  });

  it('rejects a self-intersecting ring, naming the feature', async () => {
    await expect(loadBsa('/bowtie.zip', 1)).rejects.toThrow(
      /feature 1 outer ring is self-intersecting near \[-93\.\d+, 44\.\d+\]/,
    );
  });

  it('rejects duplicate ids, naming both features', async () => {
    await expect(loadBsa('/duplicate.zip')).rejects.toThrow('feature 7 duplicates the id of feature #1');
  });

  it('reports an unreachable source as unavailable (so the build can fall back)', async () => {
    await expect(
      fetchOfficialFeatures('bankServiceAreas', bsaSource('/missing.zip'), 2000),
    ).rejects.toMatchObject({
      name: 'SourceUnavailableError',
      message: expect.stringContaining('answered HTTP 404'),
    });
  });
});
