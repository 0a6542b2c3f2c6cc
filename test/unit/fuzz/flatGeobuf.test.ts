/**
 * Fuzzing the FlatGeobuf reader path the CLI and the tests use (`createBytesFeatureSource` +
 * `locatePoint`, and flatgeobuf's `deserialize` underneath) with random bytes and with a real
 * layer file truncated or bit-flipped. Whatever the bytes, a lookup either answers or fails with
 * a ReadLayerError naming the file — never a raw decoder error, an unhandled rejection or a hang.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Manifest, parseManifest } from '../../../src/formats/manifest.ts';
import { createBytesFeatureSource } from '../../../src/geo/bytesFeatureSource.ts';
import { locatePoint } from '../../../src/geo/locatePoint.ts';
import { ReadLayerError } from '../../../src/geo/readLayerError.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzSettings.ts';

const FILE = 'counties.fgb';

/** Looks a point up in a one-layer manifest whose file holds `bytes`; returns the error, if any. */
async function lookUp(manifest: Manifest, bytes: Uint8Array, point: [number, number]): Promise<unknown> {
  const source = createBytesFeatureSource(async () => bytes);
  const counties = manifest.layers.counties;
  if (!counties) throw new Error('fixture manifest has no counties layer');
  try {
    await locatePoint(point, { ...manifest, layers: { counties } }, source);
    return null;
  } catch (error) {
    return error;
  }
}

function expectNamedOrNone(error: unknown): void {
  if (error === null) return;
  expect(error).toBeInstanceOf(ReadLayerError);
  expect((error as ReadLayerError).message).toMatch(
    /^counties\.fgb: not a readable FlatGeobuf layer \(.*\)$/,
  );
}

const point = fc.tuple(
  fc.double({ min: -94, max: -90, noNaN: true }),
  fc.double({ min: 43, max: 46, noNaN: true }),
);

describe.each([
  ['indexed (packed R-tree)', true],
  ['without an index', false],
])('fuzz: FlatGeobuf bytes, %s', (_label, indexed) => {
  let dir: string;
  let manifest: Manifest;
  let real: Uint8Array;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  const debug = console.debug;

  beforeAll(async () => {
    // flatgeobuf traces its R-tree search with console.debug; 20,000 lookups would flood the log.
    console.debug = () => {};
    dir = await buildDataDir({ indexed });
    manifest = parseManifest(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')));
    real = new Uint8Array(await readFile(path.join(dir, FILE)));
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    console.debug = debug;
    await rm(dir, { recursive: true, force: true });
    expect(unhandled).toEqual([]);
  });

  it('reads the intact file', { timeout: FUZZ_TIMEOUT_MS }, async () => {
    expect(await lookUp(manifest, real, [-92.7, 44])).toBeNull();
  });

  it('random bytes, with and without the FlatGeobuf magic: answer or a ReadLayerError', {
    timeout: FUZZ_TIMEOUT_MS,
  }, async () => {
    const magic = real.slice(0, 8);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 600 }),
        fc.boolean(),
        point,
        async (random, withMagic, at) => {
          const bytes = withMagic ? new Uint8Array([...magic, ...random]) : random;
          expectNamedOrNone(await lookUp(manifest, bytes, at));
        },
      ),
      fuzzParameters('flatGeobufRandom', indexed ? 10_000 : 2_000),
    );
  });

  it('the real file truncated or with bytes flipped: answer or a ReadLayerError', {
    timeout: FUZZ_TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: real.length }),
        fc.array(fc.tuple(fc.nat({ max: real.length - 1 }), fc.integer({ min: 1, max: 255 })), {
          maxLength: 4,
        }),
        point,
        async (cut, flips, at) => {
          const bytes = real.slice(0, flips.length > 0 ? real.length : cut);
          for (const [offset, mask] of flips) bytes[offset] = (bytes[offset] ?? 0) ^ mask;
          expectNamedOrNone(await lookUp(manifest, bytes, at));
        },
      ),
      fuzzParameters('flatGeobufCorrupted', indexed ? 10_000 : 2_000),
    );
  });
});
