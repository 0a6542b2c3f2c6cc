import { describe, expect, it } from 'vitest';
import { PolygonLayerIndex } from '../../../src/geo/polygonLayerIndex';
import { closeRing } from '../../../src/ui/location/closeRing';
import { measureImpactArea } from '../../../src/ui/location/impactArea';

// Two units side by side, split at longitude -93.
const units = new PolygonLayerIndex({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { id: 'west', name: 'West' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-94, 45],
            [-93, 45],
            [-93, 46],
            [-94, 46],
            [-94, 45],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { id: 'east', name: 'East' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-93, 45],
            [-92, 45],
            [-92, 46],
            [-93, 46],
            [-93, 45],
          ],
        ],
      },
    },
  ],
});
const label = (properties: Record<string, unknown>) => ({
  id: String(properties.id),
  name: String(properties.name),
});

describe('measureImpactArea', () => {
  it('measures a polygon in acres and square feet', () => {
    // 0.01° square at 45.5°N: about 1.112 km × 0.779 km ≈ 214 acres.
    const ring: [number, number][] = [
      [-93.5, 45.5],
      [-93.49, 45.5],
      [-93.49, 45.51],
      [-93.5, 45.51],
    ];
    const measured = measureImpactArea(ring, [{ title: 'Units', index: units, label }]);
    expect(measured.acres).toBeGreaterThan(210);
    expect(measured.acres).toBeLessThan(218);
    expect(measured.squareFeet / measured.acres).toBeCloseTo(43_560, 0);
    expect(measured.crossings).toEqual([]);
  });

  it('splits a polygon that crosses units, the shares adding up to the whole', () => {
    const ring: [number, number][] = [
      [-93.03, 45.5],
      [-92.99, 45.5],
      [-92.99, 45.52],
      [-93.03, 45.52],
    ];
    const measured = measureImpactArea(ring, [{ title: 'Units', index: units, label }]);
    expect(measured.crossings).toHaveLength(1);
    const shares = measured.crossings[0]?.shares ?? [];
    expect(shares.map((share) => share.id)).toEqual(['west', 'east']);
    expect((shares[0]?.acres ?? 0) / (shares[1]?.acres ?? 1)).toBeCloseTo(3, 1);
    expect(shares.reduce((sum, share) => sum + share.acres, 0)).toBeCloseTo(measured.acres, 3);
  });

  it('ranks a polygon that crosses units from a point inside the unit holding most of it', () => {
    // A third west of -93, two thirds east: the point must be east, off the boundary.
    const ring: [number, number][] = [
      [-93.01, 45.5],
      [-92.98, 45.5],
      [-92.98, 45.52],
      [-93.01, 45.52],
    ];
    const measured = measureImpactArea(ring, [{ title: 'Units', index: units, label }]);
    expect(measured.rankingPoint?.unit.id).toBe('east');
    expect(measured.rankingPoint?.share).toBeCloseTo(2 / 3, 2);
    const [lon, lat] = measured.rankingPoint?.point ?? [Number.NaN, Number.NaN];
    expect(lon).toBeGreaterThan(-93);
    expect(lon).toBeLessThan(-92.98);
    expect(lat).toBeGreaterThan(45.5);
    expect(lat).toBeLessThan(45.52);
  });

  it('closes an open ring once', () => {
    expect(
      closeRing([
        [0, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
    expect(
      closeRing([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toHaveLength(4);
  });
});
