import fc from 'fast-check';
import type { Feature, Polygon, Position } from 'geojson';
import pointInPolygon from 'point-in-polygon-hao';
import { describe, expect, it } from 'vitest';
import { pickContaining } from '../../../src/geo/pickContaining.ts';
import { bandsFor, RingBands } from '../../../src/geo/ringBands.ts';

/** A star-shaped ring of `n` vertices around (cx, cy), closed, radii from `radii` (cycled). */
function star(cx: number, cy: number, n: number, radii: number[], snap: boolean): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i < n; i++) {
    const angle = (2 * Math.PI * i) / n;
    const r = radii[i % radii.length] as number;
    let x = cx + r * Math.cos(angle);
    let y = cy + r * Math.sin(angle);
    // Snapped to a grid, so horizontal edges and repeated latitudes occur, as in digitised data.
    if (snap) {
      x = Math.round(x * 64) / 64;
      y = Math.round(y * 64) / 64;
    }
    ring.push([x, y]);
  }
  ring.push(ring[0] as Position);
  return ring;
}

const part = fc
  .record({
    n: fc.integer({ min: 130, max: 900 }),
    radii: fc.array(fc.double({ min: 2, max: 10, noNaN: true }), { minLength: 1, maxLength: 40 }),
    hole: fc.boolean(),
    snap: fc.boolean(),
  })
  .map(({ n, radii, hole, snap }) => {
    const rings = [star(0, 0, n, radii, snap)];
    if (hole) rings.push(star(0, 0, 140, [1, 1.5], snap).reverse());
    return rings;
  });

/** Points of every kind: random, on vertices, halfway along edges (on the edge or very near it). */
function probes(rings: Position[][], randoms: [number, number][]): [number, number][] {
  const points: [number, number][] = [...randoms];
  for (const ring of rings) {
    for (let i = 0; i + 1 < ring.length; i += 7) {
      const a = ring[i] as [number, number];
      const b = ring[i + 1] as [number, number];
      points.push(a, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], [a[0], b[1]]);
    }
  }
  return points;
}

describe('RingBands', () => {
  it('answers exactly what point-in-polygon-hao answers, edges and holes included', () => {
    fc.assert(
      fc.property(
        part,
        fc.array(
          fc.tuple(
            fc.double({ min: -11, max: 11, noNaN: true }),
            fc.double({ min: -11, max: 11, noNaN: true }),
          ),
          {
            maxLength: 60,
          },
        ),
        (rings, randoms) => {
          const bands = new RingBands(rings);
          for (const [x, y] of probes(rings, randoms)) {
            expect(bands.contains(x, y)).toBe(pointInPolygon([x, y], rings));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('finds a point on a horizontal edge, and a point on the band boundary', () => {
    // A square of 200 segments: its top and bottom edges are horizontal runs of many segments.
    const ring: Position[] = [];
    for (let i = 0; i < 50; i++) ring.push([i, 0]);
    for (let i = 0; i < 50; i++) ring.push([50, i]);
    for (let i = 50; i > 0; i--) ring.push([i, 50]);
    for (let i = 50; i > 0; i--) ring.push([0, i]);
    ring.push([0, 0]);
    const bands = new RingBands([ring]);
    expect(bands.contains(10.5, 50)).toBe(0);
    expect(bands.contains(10.5, 0)).toBe(0);
    expect(bands.contains(0, 25)).toBe(0);
    expect(bands.contains(25, 25)).toBe(true);
    expect(bands.contains(25, 50.000001)).toBe(false);
    expect(bands.contains(-1, 25)).toBe(false);
  });

  it('is built on the second lookup of a large part, never for a small one', () => {
    const large = [star(0, 0, 300, [5, 6], false)];
    const small = [star(0, 0, 20, [5, 6], false)];
    expect(bandsFor(large)).toBeNull();
    expect(bandsFor(large)).toBeInstanceOf(RingBands);
    expect(bandsFor(large)).toBe(bandsFor(large));
    bandsFor(small);
    expect(bandsFor(small)).toBeNull();
  });

  it('leaves pickContaining answers unchanged on repeated lookups of neighbours sharing an edge', () => {
    // Two large polygons sharing a wavy vertical edge; ids decide the shared edge.
    const edge: Position[] = Array.from({ length: 300 }, (_, i) => [Math.sin(i / 7) * 0.3, i / 10]);
    const left: Feature<Polygon> = {
      type: 'Feature',
      properties: { id: 2 },
      geometry: { type: 'Polygon', coordinates: [[...edge, [-5, 29.9], [-5, 0], edge[0] as Position]] },
    };
    const right: Feature<Polygon> = {
      type: 'Feature',
      properties: { id: 1 },
      geometry: { type: 'Polygon', coordinates: [[...edge, [5, 29.9], [5, 0], edge[0] as Position]] },
    };
    const onEdge = edge[120] as [number, number];
    const answers = () => [
      pickContaining(onEdge, [left, right]),
      pickContaining([-2, 10], [left, right]),
      pickContaining([2, 10], [left, right]),
      pickContaining([9, 10], [left, right]),
    ];
    const first = answers();
    // The second and third rounds answer from the bands.
    expect(answers()).toEqual(first);
    expect(answers()).toEqual(first);
    expect(first.map((hit) => hit && [hit.feature.properties?.id, hit.onBoundary])).toEqual([
      [1, true],
      [2, false],
      [1, false],
      null,
    ]);
  });
});
