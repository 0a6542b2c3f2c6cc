import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPoints } from '../../../bench/randomPoints.ts';
import { createDataLocator, FILE_INDEX_LOOKUPS } from '../../../src/cli/dataLocator.ts';
import { createBytesFeatureSource } from '../../../src/geo/bytesFeatureSource.ts';
import { locatePoint } from '../../../src/geo/locatePoint.ts';
import { type Manifest, parseManifest } from '../../../src/geo/manifest.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';

describe('the CLI locator (file R-tree first, then the in-memory index)', () => {
  let dir: string;
  let manifest: Manifest;
  const readLayer = async (file: string) => new Uint8Array(await readFile(path.join(dir, file)));

  beforeAll(async () => {
    dir = await buildDataDir({ indexed: true });
    manifest = parseManifest(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers like locatePoint before and after it switches to the in-memory index', async () => {
    const reads: string[] = [];
    const locate = createDataLocator(manifest, createBytesFeatureSource(readLayer), async (file) => {
      reads.push(file);
      return readLayer(file);
    });
    const reference = createBytesFeatureSource(readLayer);
    const points = randomPoints(FILE_INDEX_LOOKUPS + 50, [-93.2, 43.3, -90.8, 45.2], 11);
    const differing: [number, number][] = [];
    for (const point of points) {
      const found = await locate(point);
      if (JSON.stringify(found) !== JSON.stringify(await locatePoint(point, manifest, reference)))
        differing.push(point);
    }
    expect(differing).toEqual([]);
    // Each lookup layer was decoded whole exactly once, after the switch.
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
});
