import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankOrder } from '../../../src/siting/rankOrder.ts';

/** The order rankOrder promises, by a plain stable comparison sort. */
function expectedOrder(levelKeys: number[], distances: number[], ids: string[]): number[] {
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
      const left = ids[a] as string;
      const right = ids[b] as string;
      return left < right ? -1 : left > right ? 1 : 0;
    });
}

// Distances that land in the same sort code (under 3.9 m, equal high words, unknown) as often as not.
const distance = fc.oneof(
  fc.constantFrom(0, 1e-9, 0.0039, 0.00390625, 0.004, 1, 1 + 2 ** -40, 1 + 2 ** -30, 12.5, 12.5, 511.99),
  fc.constantFrom(Number.POSITIVE_INFINITY, Number.NaN),
  fc.double({ min: 0, max: 20_000, noNaN: true }),
);

describe('rankOrder', () => {
  it('orders by level key, distance (Infinity then NaN last), id, then input order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 127 }), distance, fc.constantFrom('a', 'b', 'c', 'd')), {
          maxLength: 300,
        }),
        (rows) => {
          const levelKeys = rows.map((row) => row[0]);
          const distances = rows.map((row) => row[1]);
          const ids = rows.map((row) => row[2]);
          // Stride 2, as rankCompact stores them: the distance of i at 2i, other data between.
          const records = new Float64Array(2 * rows.length).fill(-7);
          distances.forEach((value, index) => {
            records[2 * index] = value;
          });
          const order = rankOrder(Uint8Array.from(levelKeys), records, 2, (index) => ids[index] as string);
          expect(Array.from(order)).toEqual(expectedOrder(levelKeys, distances, ids));
        },
      ),
      { numRuns: 400 },
    );
  });
});
