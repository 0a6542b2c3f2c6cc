import distance from '@turf/distance';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../bench/randomPoints.ts';
import { greatCircleKm } from '../../../src/siting/greatCircleKm.ts';

// The ranking swapped @turf/distance for an inlined haversine to rank a million candidates
// faster; the rounded distances it reports must not move, so the two must agree to the bit.
describe('greatCircleKm', () => {
  it('equals @turf/distance in kilometres exactly on 100,000 seeded pairs, near and far', () => {
    const random = seededRandom(42);
    const differing: number[][] = [];
    for (let i = 0; i < 100_000; i++) {
      const spread = i % 2 === 0 ? 0.01 : 360;
      const from: [number, number] = [-180 + random() * 360, -90 + random() * 180];
      const to: [number, number] = [from[0] + (random() - 0.5) * spread, from[1] + (random() - 0.5) * spread];
      if (greatCircleKm(from, to) !== distance(from, to, { units: 'kilometers' }))
        differing.push([...from, ...to]);
    }
    expect(differing).toEqual([]);
  });

  it('is zero for one point and about 111.2 km for a degree of latitude', () => {
    expect(greatCircleKm([-92.47, 44.02], [-92.47, 44.02])).toBe(0);
    expect(greatCircleKm([-93, 44], [-93, 45])).toBeCloseTo(111.195, 3);
  });
});
