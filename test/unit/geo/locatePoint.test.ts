import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Manifest, parseManifest } from '../../../src/formats/manifest.ts';
import { createBytesFeatureSource } from '../../../src/geo/bytesFeatureSource.ts';
import type { FeatureSource } from '../../../src/geo/featureSource.ts';
import { locatePoint, unitsOfLocation } from '../../../src/geo/locatePoint.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';

describe.each([
  ['without an index (scan)', false],
  ['with a packed R-tree index', true],
])('locatePoint over FlatGeobuf fixtures %s', (_label, indexed) => {
  let dir: string;
  let manifest: Manifest;
  let source: FeatureSource;
  const reads: string[] = [];

  beforeAll(async () => {
    dir = await buildDataDir({ indexed });
    manifest = parseManifest(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')));
    source = createBytesFeatureSource(async (file) => {
      reads.push(file);
      return new Uint8Array(await readFile(path.join(dir, file)));
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds every unit of a point inside them, with its source', async () => {
    const found = await locatePoint([-92.7, 44], manifest, source);
    expect(found).toMatchObject({
      inMinnesota: true,
      county: { id: '27109', name: 'Olmsted', areaClass: 'less-than-50', onBoundary: false },
      majorWatershed: { id: 41, name: 'Zumbro River' },
      minorWatershed: { id: '41001', name: 'Zumbro west' },
      bankServiceArea: { id: 10 },
      demonstration: true,
    });
    expect(found.county?.source).toEqual({
      layer: 'counties',
      title: 'counties (test fixture)',
      official: false,
      demonstration: true,
      asOf: '2026-01-01',
    });
    expect(unitsOfLocation(found)).toEqual({
      county: '27109',
      countyAreaClass: 'less-than-50',
      majorWatershed: 41,
      minorWatershed: '41001',
      bankServiceArea: 10,
    });
  });

  it('gives a point on a shared boundary one answer, the lowest id, and flags it', async () => {
    const found = await locatePoint([-92, 44], manifest, source);
    expect(found.county).toMatchObject({ id: '27109', onBoundary: true });
    expect(found.majorWatershed).toMatchObject({ id: 3, onBoundary: true });
    expect(found.minorWatershed).toMatchObject({ id: '03001', onBoundary: true });
    expect(found.bankServiceArea).toMatchObject({ id: 1, onBoundary: true });
  });

  it('on a boundary between minor watersheds of one major, picks the lower id', async () => {
    const found = await locatePoint([-92.5, 44], manifest, source);
    expect(found.minorWatershed).toMatchObject({ id: '41001', onBoundary: true });
    expect(found.majorWatershed).toMatchObject({ id: 41, onBoundary: false });
  });

  it('names every unit a boundary point touches, so the siting engine can leave its level open (issue 22)', async () => {
    const found = await locatePoint([-92.5, 44], manifest, source);
    expect(found.minorWatershed?.boundaryIds).toEqual(['41001', '41002']);
    expect(found.majorWatershed?.boundaryIds).toBeUndefined();
    expect(unitsOfLocation(found).boundary).toEqual({ minorWatershed: ['41001', '41002'] });
    // Strictly inside: no boundary.
    expect(unitsOfLocation(await locatePoint([-92.7, 44], manifest, source)).boundary).toBeUndefined();
  });

  it('outside Minnesota: inMinnesota false and every unit null', async () => {
    const found = await locatePoint([-80, 44], manifest, source);
    expect(found).toMatchObject({
      inMinnesota: false,
      county: null,
      majorWatershed: null,
      minorWatershed: null,
      bankServiceArea: null,
    });
  });

  it('a layer missing from the manifest gives null, not an error', async () => {
    const { minorWatersheds: _minor, ...layers } = manifest.layers;
    const found = await locatePoint([-92.7, 44], { ...manifest, layers }, source);
    expect(found.minorWatershed).toBeNull();
    expect(found.county?.id).toBe('27109');
  });

  it('reads each file once and stops when aborted', async () => {
    expect(new Set(reads).size).toBe(reads.length);
    const controller = new AbortController();
    controller.abort();
    await expect(locatePoint([-92.7, 44], manifest, source, controller.signal)).rejects.toThrow();
  });
});
