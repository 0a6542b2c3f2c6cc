/**
 * Fuzzing the data pipeline's zipped shapefile reader (`readZippedShapefile`, shpjs underneath)
 * with random bytes and with a real archive truncated or bit-flipped: either a layer or a
 * PipelineError naming the source — never a raw error, a crash or a hang.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PipelineError } from '../../../src/formats/PipelineError.ts';
import { readZippedShapefile } from '../../../src/formats/shapefile/readZippedShapefile.ts';
import { PRJ_UTM15N, writeDbf, writeShp, writeZip } from '../../fixtures/data/makeShapefileZip.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzSettings.ts';

const LABEL = 'DNR minor watersheds (fuzz)';

const records = [
  {
    rings: [
      [
        [480_000, 4_870_000],
        [490_000, 4_870_000],
        [490_000, 4_880_000],
        [480_000, 4_880_000],
        [480_000, 4_870_000],
      ] as [number, number][],
    ],
    attributes: { MINOR: '41001', NAME: 'Zumbro west' },
  },
];
const real = writeZip({
  'minor.shp': writeShp(records),
  'minor.dbf': writeDbf(records),
  'minor.prj': PRJ_UTM15N,
});

function expectLayerOrNamedError(bytes: Uint8Array): void {
  try {
    const layer = readZippedShapefile(bytes, LABEL);
    expect(Array.isArray(layer.features)).toBe(true);
  } catch (error) {
    expect(error).toBeInstanceOf(PipelineError);
    expect((error as Error).message.startsWith(`${LABEL}: `)).toBe(true);
  }
}

describe('fuzz: zipped shapefile (readZippedShapefile)', () => {
  it('reads the intact archive', { timeout: FUZZ_TIMEOUT_MS }, () => {
    expect(readZippedShapefile(real, LABEL).features).toHaveLength(1);
  });

  it('random bytes: a PipelineError naming the source', { timeout: FUZZ_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => expectLayerOrNamedError(bytes)),
      fuzzParameters('shapefileRandom'),
    );
  });

  it('the archive truncated or with bytes flipped: a layer or a PipelineError naming the source', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        fc.nat({ max: real.length }),
        fc.array(fc.tuple(fc.nat({ max: real.length - 1 }), fc.integer({ min: 1, max: 255 })), {
          maxLength: 4,
        }),
        (cut, flips) => {
          const bytes = real.slice(0, flips.length > 0 ? real.length : cut);
          for (const [offset, mask] of flips) bytes[offset] = (bytes[offset] ?? 0) ^ mask;
          expectLayerOrNamedError(bytes);
        },
      ),
      fuzzParameters('shapefileCorrupted'),
    );
  });
});
