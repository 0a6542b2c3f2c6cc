import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSquareFeet } from '../../../src/siting/computeRequirement.ts';

describe('formatSquareFeet: square feet as en-US writes them', () => {
  it('equals toLocaleString("en-US") on whole numbers of every size, and on anything else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.nat(),
          fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
          fc.constantFrom(0, 9, 10, 999, 1000, 9999, 10_000, 43_560, 999_999, 1_000_000, 1e20, 1e21, 2 ** 53),
          fc.double({ noNaN: false }),
        ),
        (value) => {
          expect(formatSquareFeet(value)).toBe(value.toLocaleString('en-US'));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
