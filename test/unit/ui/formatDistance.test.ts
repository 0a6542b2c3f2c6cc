import { describe, expect, it } from 'vitest';
import { formatDistance } from '../../../src/ui/ranking/formatDistance.ts';

describe('formatDistance', () => {
  it.each([
    [8.8, '8.8 km (5.5 mi)'],
    [0, '0 km (0 mi)'],
    [160.9, '160.9 km (100 mi)'],
    [null, '—'],
  ])('%s km reads %s', (km, text) => {
    expect(formatDistance(km)).toBe(text);
  });
});
