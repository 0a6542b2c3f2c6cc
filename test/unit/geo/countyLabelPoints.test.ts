import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import inside from 'point-in-polygon-hao';
import { describe, expect, it } from 'vitest';
import { countyLabelPoints } from '../../../src/geo/countyLabelPoints';

// An L-shaped county (its centroid falls outside it) and a two-island county.
const L: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [3, 0],
      [3, 1],
      [1, 1],
      [1, 3],
      [0, 3],
      [0, 0],
    ],
  ],
};
const counties: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { id: '27001', name: 'Ell', area: 1 }, geometry: L },
    {
      type: 'Feature',
      properties: { id: '27003', name: 'Islands' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [10, 0],
              [11, 0],
              [11, 1],
              [10, 0],
            ],
          ],
          [
            [
              [12, 0],
              [13, 0],
              [13, 1],
              [12, 0],
            ],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { id: 'x', name: 'Not an area' },
      geometry: { type: 'Point', coordinates: [5, 5] },
    },
  ],
};

describe('countyLabelPoints', () => {
  const points = countyLabelPoints(counties);

  it('gives each county with an area exactly one point, with its id and name only', () => {
    expect(points.features.map((f) => f.properties)).toEqual([
      { id: '27001', name: 'Ell' },
      { id: '27003', name: 'Islands' },
    ]);
    expect(points.features.every((f) => f.geometry.type === 'Point')).toBe(true);
  });

  it('puts the point inside its county, even where the centroid is outside', () => {
    const [ell, islands] = points.features;
    expect(inside(ell!.geometry.coordinates, L.coordinates)).toBe(true);
    const parts = (counties.features[1]!.geometry as MultiPolygon).coordinates;
    expect(parts.some((part) => inside(islands!.geometry.coordinates, part) === true)).toBe(true);
  });

  it('is empty before the counties have loaded', () => {
    expect(countyLabelPoints(undefined).features).toEqual([]);
  });
});
