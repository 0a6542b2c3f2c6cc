import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankOrder } from '../../../src/siting/rankOrder.ts';

/** The order rankOrder promises, by a plain stable comparison sort: key, distance, input order. */
function expectedOrder(levelKeys: number[], distances: number[]): number[] {
  const rank = (d: number) => (Number.isNaN(d) ? 2 : d === Number.POSITIVE_INFINITY ? 1 : 0);
  return levelKeys
    .map((_, index) => index)
    .sort((a, b) => {
      const byKey = (levelKeys[a] as number) - (levelKeys[b] as number);
      if (byKey !== 0) return byKey;
      const da = distances[a] as number;
      const db = distances[b] as number;
      const byKind = rank(da) - rank(db);
      if (byKind !== 0) return byKind;
      if (rank(da) === 0 && da !== db) return da - db;
      return a - b;
    });
}

// Distances that land in the same sort code (under 3.9 m, equal high words, unknown) as often as not.
const distance = fc.oneof(
  fc.constantFrom(0, 1e-9, 0.0039, 0.00390625, 0.004, 1, 1 + 2 ** -40, 1 + 2 ** -30, 12.5, 12.5, 511.99),
  fc.constantFrom(Number.POSITIVE_INFINITY, Number.NaN),
  fc.double({ min: 0, max: 20_000, noNaN: true }),
);

function order(levelKeys: number[], distances: number[]): number[] {
  // Stride 2, as rankCompact stores them: the distance of i at 2i, other data between.
  const records = new Float64Array(2 * levelKeys.length).fill(-7);
  distances.forEach((value, index) => {
    records[2 * index] = value;
  });
  return Array.from(rankOrder(Uint8Array.from(levelKeys), records, 2));
}

describe('rankOrder', () => {
  it('orders by level key (0-255), distance (Infinity then NaN last), then input order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), distance), { maxLength: 300 }),
        (rows) => {
          const levelKeys = rows.map((row) => row[0]);
          const distances = rows.map((row) => row[1]);
          expect(order(levelKeys, distances)).toEqual(expectedOrder(levelKeys, distances));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps the input order of ties, never the string order of ids (issue 31 item 9)', () => {
    // Three banks at one level and one distance, given in the order z, a, m: they stay so.
    expect(order([40, 40, 40], [5, 5, 5])).toEqual([0, 1, 2]);
    // Keys above 127 (the coverage order of the level key) still sort above lower ones.
    expect(order([200, 130, 129, 3], [1, 1, 1, 1])).toEqual([3, 2, 1, 0]);
  });
});
