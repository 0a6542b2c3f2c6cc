import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outlineCells } from '../../../../src/geo/siteImport/outlineCells.ts';

const meets = (a: { minX: number; minY: number; maxX: number; maxY: number }, box: number[]) =>
  a.minX <= (box[2] as number) &&
  a.maxX >= (box[0] as number) &&
  a.minY <= (box[3] as number) &&
  a.maxY >= (box[1] as number);

describe('outlineCells: where the lookup layers are read for a set of outlines', () => {
  it('covers every outline box with quarter-degree cells, each cell once, flat or nested rings alike', () => {
    const square = (x: number, y: number, size: number) => [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ];
    const nested = { type: 'Polygon' as const, coordinates: [square(-92.6, 43.95, 0.15)] };
    const ring = square(-92.6, 43.95, 0.15).flat();
    const flat = {
      type: 'Polygon' as const,
      xy: new Float64Array(ring),
      ringEnds: new Uint32Array([5]),
      partEnds: new Uint32Array([1]),
    };
    // -92.6..-92.45 spans the cells at -92.75 and -92.5; 43.95..44.1 those at 43.75 and 44.
    const cells = outlineCells([{ geometry: nested }]);
    expect(cells).toEqual([
      { minX: -92.75, minY: 43.75, maxX: -92.5, maxY: 44 },
      { minX: -92.75, minY: 44, maxX: -92.5, maxY: 44.25 },
      { minX: -92.5, minY: 43.75, maxX: -92.25, maxY: 44 },
      { minX: -92.5, minY: 44, maxX: -92.25, maxY: 44.25 },
    ]);
    // The same outline twice, flat and nested, and a site with no outline: the same four cells.
    expect(outlineCells([{ geometry: nested }, { geometry: flat }, {}])).toEqual(cells);
    expect(outlineCells([{}])).toEqual([]);
  });

  it('meets every box that an outline box meets (so no overlapping polygon is left unread)', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.double({ min: -97, max: -90, noNaN: true }),
          fc.double({ min: 43, max: 49, noNaN: true }),
        ),
        fc.tuple(fc.double({ min: 0, max: 0.8, noNaN: true }), fc.double({ min: 0, max: 0.8, noNaN: true })),
        fc.tuple(
          fc.double({ min: -97, max: -90, noNaN: true }),
          fc.double({ min: 43, max: 49, noNaN: true }),
        ),
        fc.tuple(fc.double({ min: 0, max: 2, noNaN: true }), fc.double({ min: 0, max: 2, noNaN: true })),
        ([x, y], [w, h], [px, py], [pw, ph]) => {
          const outline = { minX: x, minY: y, maxX: x + w, maxY: y + h };
          const polygon = [px, py, px + pw, py + ph];
          const geometry = {
            type: 'Polygon' as const,
            coordinates: [
              [
                [x, y],
                [x + w, y],
                [x + w, y + h],
                [x, y + h],
                [x, y],
              ],
            ],
          };
          const cells = outlineCells([{ geometry }]);
          // Every cell is a quarter degree, and together they hold the outline's box.
          for (const cell of cells) expect(cell.maxX - cell.minX).toBeCloseTo(0.25, 9);
          if (meets(outline, polygon)) expect(cells.some((cell) => meets(cell, polygon))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
