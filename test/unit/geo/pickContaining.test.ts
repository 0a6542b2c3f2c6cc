import type { Feature, Polygon } from 'geojson';
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
    expect(pickContaining([1, 0.5], [left, right])).toEqual({ feature: right, onBoundary: true });
    expect(pickContaining([1, 0.5], [right, left])).toEqual({ feature: right, onBoundary: true });
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
});
