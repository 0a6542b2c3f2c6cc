import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { MultiPolygon, Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPoints } from '../../../bench/randomPoints.ts';
import { writeFlatGeobuf } from '../../../src/formats/flatgeobuf/writeFlatGeobuf.ts';
import { LAYER_SCHEMAS } from '../../../src/formats/layers/layerSchemas.ts';
import type { LayerFeature } from '../../../src/formats/layers/layerTypes.ts';
import { type Manifest, parseManifest } from '../../../src/formats/manifest.ts';
import { createBytesFeatureSource } from '../../../src/geo/bytesFeatureSource.ts';
import { createCachedBytesFeatureSource } from '../../../src/geo/cachedBytesFeatureSource.ts';
import { type FeatureSource, pointRect } from '../../../src/geo/featureSource.ts';
import { locatePoint } from '../../../src/geo/locatePoint.ts';
import type { Location } from '../../../src/geo/location.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';

/** The points whose lookup through `cached` differs from `reference`'s (`seen` sees each answer). */
async function differingLookups(
  points: readonly [number, number][],
  manifest: Manifest,
  cached: FeatureSource,
  reference: FeatureSource,
  seen: (found: Location) => void = () => {},
): Promise<[number, number][]> {
  const differing: [number, number][] = [];
  for (const point of points) {
    const found = await locatePoint(point, manifest, cached);
    seen(found);
    if (JSON.stringify(found) !== JSON.stringify(await locatePoint(point, manifest, reference)))
      differing.push(point);
  }
  return differing;
}

/** The layers the CLI reads by default (npm test builds them first), at their real size: ~14 MB. */
async function builtLayers(): Promise<{
  readBuilt: (file: string) => Promise<Uint8Array>;
  manifest: Manifest;
}> {
  const built = path.resolve('public/data');
  return {
    readBuilt: async (file) => new Uint8Array(await readFile(path.join(built, file))),
    manifest: parseManifest(JSON.parse(await readFile(path.join(built, 'manifest.json'), 'utf8'))),
  };
}

describe('the CLI feature source (R-trees read once, each feature decoded once)', () => {
  let dir: string;
  let manifest: Manifest;
  const readLayer = async (file: string) => new Uint8Array(await readFile(path.join(dir, file)));

  beforeAll(async () => {
    dir = await buildDataDir({ indexed: true });
    manifest = parseManifest(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers every lookup as the uncached source does, reading each file once', async () => {
    const reads: string[] = [];
    const cached = createCachedBytesFeatureSource(async (file) => {
      reads.push(file);
      return readLayer(file);
    });
    const reference = createBytesFeatureSource(readLayer);
    const points = randomPoints(400, [-93.2, 43.3, -90.8, 45.2], 11);
    expect(await differingLookups(points, manifest, cached, reference)).toEqual([]);
    expect(reads.sort()).toEqual(
      [
        'bank-service-areas.fgb',
        'counties.fgb',
        'major-watersheds.fgb',
        'minor-watersheds.fgb',
        'state.fgb',
      ].sort(),
    );
  });

  it('reads by ranges when it can: the same answers, from the headers, indexes and features it needs', async () => {
    const { readBuilt, manifest } = await builtLayers();
    const sizes = new Map<string, number>();
    let bytesRead = 0;
    const whole: string[] = [];
    const openRanges = async (file: string) => {
      const bytes = await readBuilt(file);
      sizes.set(file, bytes.length);
      return {
        size: bytes.length,
        read: async (start: number, end: number) => {
          bytesRead += end - start;
          return bytes.slice(start, end);
        },
      };
    };
    const cached = createCachedBytesFeatureSource(async (file) => {
      whole.push(file);
      return readBuilt(file);
    }, openRanges);
    const reference = createBytesFeatureSource(readBuilt);
    const points = randomPoints(40, [-96.5, 43.6, -91, 48.5], 12);
    expect(await differingLookups(points, manifest, cached, reference)).toEqual([]);
    // No file was read whole, and the ranges came to less than the files.
    expect(whole).toEqual([]);
    expect(sizes.size).toBe(5);
    const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    expect(bytesRead).toBeLessThan(total * 0.5);
  });

  it.each([
    [
      'not FlatGeobuf',
      new TextEncoder().encode('not a layer at all'),
      /counties\.fgb: .*Not a FlatGeobuf file/,
    ],
    // The magic and a header length past the end of the file.
    [
      'truncated in its header',
      new Uint8Array([0x66, 0x67, 0x62, 3, 0x66, 0x67, 0x62, 0, 0xff, 0, 0, 0, 1]),
      /counties\.fgb: .*truncated in its header/,
    ],
  ])('names the file read by ranges when it is %s', async (_name, bytes, message) => {
    const cached = createCachedBytesFeatureSource(
      async () => bytes,
      async () => ({ size: bytes.length, read: async (start, end) => bytes.slice(start, end) }),
    );
    await expect(cached.containing('counties.fgb', [-92, 44])).rejects.toThrow(message);
  });

  it('answers points on vertices and edges, where units meet, as the uncached source does (the built layers)', async () => {
    const { readBuilt, manifest } = await builtLayers();
    const cached = createCachedBytesFeatureSource(readBuilt);
    const reference = createBytesFeatureSource(readBuilt);
    // Every 40th vertex of the minor watersheds and bank service areas around Rochester, and the
    // midpoints of the edges after them: points on shared boundaries and near them.
    const points: [number, number][] = [];
    const rect = { minX: -92.8, minY: 43.8, maxX: -92.1, maxY: 44.3 };
    for (const file of ['minor-watersheds.fgb', 'bank-service-areas.fgb']) {
      for await (const feature of reference.features(file, rect)) {
        const geometry = feature.geometry as Polygon | MultiPolygon;
        const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
        for (const ring of rings)
          for (let i = 0; i + 1 < ring.length; i += 40) {
            const [a, b] = [ring[i] as number[], ring[i + 1] as number[]];
            points.push([a[0] as number, a[1] as number]);
            points.push([
              ((a[0] as number) + (b[0] as number)) / 2,
              ((a[1] as number) + (b[1] as number)) / 2,
            ]);
          }
      }
    }
    expect(points.length).toBeGreaterThan(500);
    let onBoundary = 0;
    const differing = await differingLookups(points, manifest, cached, reference, (found) => {
      if (found.minorWatershed?.onBoundary || found.bankServiceArea?.onBoundary) onBoundary++;
    });
    expect(differing).toEqual([]);
    // Boundaries were tested, not only interiors.
    expect(onBoundary).toBeGreaterThan(100);
  });

  it('yields the features of a rect as the uncached source does, the same objects when asked again', async () => {
    const cached = createCachedBytesFeatureSource(readLayer);
    const reference = createBytesFeatureSource(readLayer);
    const rect = { ...pointRect(-92.4, 44), maxX: -91.9, maxY: 44.4 };
    const collect = async (source: FeatureSource) => {
      const features = [];
      for await (const feature of source.features('minor-watersheds.fgb', rect)) features.push(feature);
      return features;
    };
    const first = await collect(cached);
    expect(first.length).toBeGreaterThan(1);
    expect(JSON.stringify(first)).toBe(JSON.stringify(await collect(reference)));
    const again = await collect(cached);
    expect(again.every((feature, i) => feature === first[i])).toBe(true);
  });

  it.each([
    ['indexed', true],
    ['without an index', false],
  ])(
    'gives the features meeting any of several rects once each, in file order (a layer %s)',
    async (_name, indexed) => {
      const layerDir = indexed ? dir : await buildDataDir({ indexed: false });
      const read = async (file: string) => new Uint8Array(await readFile(path.join(layerDir, file)));
      const cached = createCachedBytesFeatureSource(read);
      const reference = createBytesFeatureSource(read);
      // Two overlapping rects over two of the three minor watersheds (41001 in both): 41001 comes
      // once, and 03001, east of both, not at all.
      const rects = [
        { minX: -92.9, minY: 43.9, maxX: -92.6, maxY: 44.1 },
        { minX: -92.7, minY: 44.0, maxX: -92.45, maxY: 44.2 },
      ];
      const expected = new Map<string, unknown>();
      for (const rect of rects)
        for await (const feature of reference.features('minor-watersheds.fgb', rect))
          expected.set(JSON.stringify(feature), feature);
      const found = await cached.featuresMeeting('minor-watersheds.fgb', rects);
      expect(found.length).toBe(expected.size);
      expect(new Set(found.map((feature) => JSON.stringify(feature)))).toEqual(new Set(expected.keys()));
      // In file order: as one scan of the whole layer lists them.
      const all: string[] = [];
      for await (const feature of reference.features('minor-watersheds.fgb', {
        minX: -180,
        minY: -90,
        maxX: 180,
        maxY: 90,
      }))
        all.push(JSON.stringify(feature));
      const order = found.map((feature) => all.indexOf(JSON.stringify(feature)));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(found.map((feature) => feature.properties?.id)).toEqual(['41002', '41001']);
      if (!indexed) await rm(layerDir, { recursive: true, force: true });
    },
  );

  it.each([
    [
      'a ring that does not close',
      [
        [-92, 44],
        [-91, 44],
        [-91, 45],
        [-92, 45.5],
      ],
    ],
    [
      'a ring of three positions',
      [
        [-92, 44],
        [-91, 44],
        [-92, 44],
      ],
    ],
  ])('refuses a polygon with %s, naming the file, as the GeoJSON check does', async (_name, ring) => {
    // The pipeline's writer (with its packed R-tree) writes what it is given, unclosed or short.
    const square: number[][] = [
      [-90, 44],
      [-89, 44],
      [-89, 45],
      [-90, 44],
    ];
    const bytes = writeFlatGeobuf(
      [
        {
          type: 'Feature',
          properties: { id: 1, name: 'Odd', demonstration: true },
          geometry: { type: 'Polygon', coordinates: [ring] },
        },
        {
          type: 'Feature',
          properties: { id: 2, name: 'Good', demonstration: true },
          geometry: { type: 'Polygon', coordinates: [square] },
        },
      ] as LayerFeature[],
      LAYER_SCHEMAS.bankServiceAreas.columns,
      'odd',
    );
    // Both lookups of the point, the flat one and the GeoJSON one, refuse it in the same words.
    const messageOf = async (read: () => Promise<unknown>) => {
      try {
        await read();
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    };
    const cached = createCachedBytesFeatureSource(async () => bytes);
    const flat = await messageOf(() => cached.containing('odd.fgb', [-91.5, 44]));
    const geoJson = await messageOf(async () => {
      for await (const _ of createCachedBytesFeatureSource(async () => bytes).features(
        'odd.fgb',
        pointRect(-91.5, 44),
      )) {
        // reading is the test
      }
    });
    expect(flat).toBe('odd.fgb: not a readable FlatGeobuf layer (a feature has a malformed geometry)');
    expect(geoJson).toBe(flat);
    // The good polygon still answers.
    expect((await cached.containing('odd.fgb', [-89.2, 44.5]))?.feature.properties?.id).toBe(2);
  });

  it('names the file when its bytes are not FlatGeobuf', async () => {
    const cached = createCachedBytesFeatureSource(async () => new TextEncoder().encode('not a layer at all'));
    const read = async () => {
      for await (const _ of cached.features('counties.fgb', pointRect(-92, 44))) {
        // reading is the test
      }
    };
    await expect(read()).rejects.toThrow(/counties\.fgb/);
  });
});
