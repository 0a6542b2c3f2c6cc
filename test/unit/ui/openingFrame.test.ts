import { describe, expect, it } from 'vitest';
import type { RankResult } from '../../../src/siting';
import { OPENING_ZOOM, openingFrame, openingView } from '../../../src/ui/location/openingFrame';

const STATE_BOX: [number, number, number, number] = [-97.5, 43.3, -89.3, 49.5];

describe('openingView: where a link with an impact starts the map', () => {
  it.each([
    ['an impact in the state', [-92.47, 44.02], { center: [-92.47, 44.02], zoom: OPENING_ZOOM }],
    ['an impact in Wisconsin (east of the box)', [-88.9, 44.5], null],
    ['an impact south of the box', [-93, 43.0], null],
    ['no impact', null, null],
  ] as const)('%s', (_, impact, expected) => {
    expect(openingView(impact as [number, number] | null, STATE_BOX)).toEqual(expected);
  });
});

describe('openingFrame: the impact and its nearest eligible options', () => {
  const candidate = (id: string, status: string, distanceKm: number | null) => ({ id, status, distanceKm });
  const result = {
    candidates: [
      candidate('far', 'eligible', 90),
      candidate('near', 'eligible', 5),
      candidate('not', 'ineligible', 1),
      candidate('mid', 'eligible', 20),
      candidate('second', 'eligible', 10),
    ],
  } as unknown as RankResult;
  const locations = new Map<string, [number, number]>([
    ['far', [-90, 47]],
    ['near', [-92.5, 44.05]],
    ['not', [-92.0, 43.9]],
    ['mid', [-92.2, 44.2]],
    ['second', [-92.6, 44.1]],
  ]);

  it('holds the impact and the three nearest eligible options, and no other', () => {
    const [west, south, east, north] = openingFrame([-92.47, 44.02], result, locations);
    for (const [lon, lat] of [
      [-92.47, 44.02],
      [-92.5, 44.05],
      [-92.2, 44.2],
      [-92.6, 44.1],
    ]) {
      expect(lon).toBeGreaterThan(west);
      expect(lon).toBeLessThan(east);
      expect(lat).toBeGreaterThan(south);
      expect(lat).toBeLessThan(north);
    }
    // The far option and the ineligible one beside the impact do not widen it.
    expect(east).toBeLessThan(-92.0);
    expect(south).toBeGreaterThan(43.9);
  });

  it('opens about 5 km around a lone impact', () => {
    const frame = openingFrame([-92.47, 44.02], { candidates: [] } as unknown as RankResult, new Map());
    [-92.52, 43.97, -92.42, 44.07].forEach((edge, i) => {
      expect(frame[i]).toBeCloseTo(edge, 9);
    });
  });
});
