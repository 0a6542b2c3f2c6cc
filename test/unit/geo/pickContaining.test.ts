import fc from 'fast-check';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import pointInPolygon from 'point-in-polygon-hao';
import { describe, expect, it } from 'vitest';
import { featureBoxIntersects } from '../../../src/geo/featureBoxIntersects.ts';
import { pickContaining } from '../../../src/geo/pickContaining.ts';

const square = (id: string, x0: number, y0: number, x1: number, y1: number): Feature<Polygon> => ({
  type: 'Feature',
  properties: { id },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    ],
  },
});

describe('pickContaining', () => {
  const left = square('b', 0, 0, 1, 1);
  const right = square('a', 1, 0, 2, 1);

  it('answers the same whatever the order of features on a shared edge', () => {
    // Both touching units are named, lowest id first (the siting engine leaves a level open there).
    const answer = { feature: right, onBoundary: true, boundaryIds: ['a', 'b'] };
    expect(pickContaining([1, 0.5], [left, right])).toEqual(answer);
    expect(pickContaining([1, 0.5], [right, left])).toEqual(answer);
  });

  it('prefers strict containment and ignores non-areas', () => {
    const point: Feature = {
      type: 'Feature',
      properties: { id: '0' },
      geometry: { type: 'Point', coordinates: [0.5, 0.5] },
    };
    expect(pickContaining([0.5, 0.5], [point, left])).toEqual({ feature: left, onBoundary: false });
    expect(pickContaining([5, 5], [left, right])).toBeNull();
  });

  it('tests bounding boxes the way an R-tree search does', () => {
    expect(featureBoxIntersects(left, { minX: 1, minY: 1, maxX: 1, maxY: 1 })).toBe(true);
    expect(featureBoxIntersects(left, { minX: 1.1, minY: 0, maxX: 1.1, maxY: 0 })).toBe(false);
  });

  /** What every feature tested, then the lowest id of those inside (else on an edge), gives. */
  function everyFeatureTested(point: [number, number], features: Feature<Polygon | MultiPolygon>[]) {
    const where = (feature: Feature<Polygon | MultiPolygon>) => {
      const parts =
        feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
      const results = parts.map((part) => pointInPolygon(point, part));
      return results.includes(true) ? 'inside' : results.includes(0) ? 'edge' : 'outside';
    };
    const byId = (a: Feature, b: Feature) => {
      const [x, y] = [a.properties?.id, b.properties?.id];
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      return String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
    };
    const inside = features.filter((f) => where(f) === 'inside').sort(byId);
    if (inside[0]) return { feature: inside[0], onBoundary: false };
    const edge = features.filter((f) => where(f) === 'edge').sort(byId);
    const boundaryIds = [...new Set(edge.map((f) => f.properties?.id))];
    return edge[0] ? { feature: edge[0], onBoundary: true, boundaryIds } : null;
  }

  it('gives what testing every feature gives, on overlapping shapes with equal and mixed ids', () => {
    // Shapes on a small integer grid, so points often fall on vertices and edges.
    const coordinate = fc.integer({ min: 0, max: 4 });
    const triangle = fc
      .tuple(coordinate, coordinate, coordinate, coordinate, coordinate, coordinate)
      .map(([a, b, c, d, e, f]) => [
        [a, b],
        [c, d],
        [e, f],
        [a, b],
      ]);
    const shape = fc.record({
      id: fc.oneof(fc.constantFrom('a', 'b', '10', '9'), fc.integer({ min: 0, max: 3 })),
      parts: fc.array(fc.array(triangle, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }),
    });
    fc.assert(
      fc.property(
        fc.array(shape, { minLength: 1, maxLength: 6 }),
        fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 })),
        (shapes, [x, y]) => {
          const features = shapes.map(
            ({ id, parts }): Feature<Polygon | MultiPolygon> => ({
              type: 'Feature',
              properties: { id },
              geometry:
                parts.length === 1
                  ? { type: 'Polygon', coordinates: parts[0] as number[][][] }
                  : { type: 'MultiPolygon', coordinates: parts },
            }),
          );
          const point: [number, number] = [x / 2, y / 2];
          expect(pickContaining(point, features)).toEqual(everyFeatureTested(point, features));
          // The very feature object, not only an equal one (ids may repeat).
          expect(pickContaining(point, features)?.feature).toBe(everyFeatureTested(point, features)?.feature);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
