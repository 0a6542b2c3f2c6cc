import { describe, expect, it } from 'vitest';
import { parseCoordinates } from '../../../src/geo/parseCoordinates';

describe('parseCoordinates', () => {
  it.each([
    ['44.02, -92.47', [-92.47, 44.02]],
    ['-92.47 44.02', [-92.47, 44.02]],
    ['44.02;-92.47', [-92.47, 44.02]],
    [`44°1'12"N 92°28'12"W`, [-92.47, 44.02]],
    [`92°28'12"W, 44°1'12"N`, [-92.47, 44.02]],
    ['44 1 12 N 92 28 12 W', [-92.47, 44.02]],
    ['46.5N 94.25W', [-94.25, 46.5]],
  ] as const)('reads %s', (text, expected) => {
    const parsed = parseCoordinates(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.lngLat[0]).toBeCloseTo(expected[0], 6);
      expect(parsed.lngLat[1]).toBeCloseTo(expected[1], 6);
    }
  });

  it.each([
    ['', /Enter coordinates/],
    ['Rochester', /not a coordinate pair/],
    ['44.02', /not a coordinate pair|two numbers/],
    ['95, 200', /outside/],
    [`44°75'N 92°W`, /below 60/],
    ['<img src=x onerror=alert(1)>', /not a coordinate pair/],
  ])('refuses %j with a clear message', (text, message) => {
    const parsed = parseCoordinates(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});
