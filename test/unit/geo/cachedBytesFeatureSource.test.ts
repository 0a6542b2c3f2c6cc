import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPoints } from '../../../bench/randomPoints.ts';
import { createBytesFeatureSource } from '../../../src/geo/bytesFeatureSource.ts';
import { createCachedBytesFeatureSource } from '../../../src/geo/cachedBytesFeatureSource.ts';
import { pointRect } from '../../../src/geo/featureSource.ts';
import { locatePoint } from '../../../src/geo/locatePoint.ts';
import { type Manifest, parseManifest } from '../../../src/geo/manifest.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';

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
    const differing: [number, number][] = [];
    for (const point of points) {
      const found = await locatePoint(point, manifest, cached);
      if (JSON.stringify(found) !== JSON.stringify(await locatePoint(point, manifest, reference)))
        differing.push(point);
    }
    expect(differing).toEqual([]);
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

  it('yields the features of a rect as the uncached source does, the same objects when asked again', async () => {
    const cached = createCachedBytesFeatureSource(readLayer);
    const reference = createBytesFeatureSource(readLayer);
    const rect = { ...pointRect(-92.4, 44), maxX: -91.9, maxY: 44.4 };
    const collect = async (source: typeof cached) => {
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
