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

describe('parseCoordinates: slips and odd numbers', () => {
  it.each([
    // A longitude typed without its minus sign lands in China: offer the Minnesota reading.
    ['44.02, 92.47', [92.47, 44.02], [-92.47, 44.02]],
    // Longitude first without hemisphere letters and without the minus.
    ['92.47, 44.02', [92.47, 44.02], [-92.47, 44.02]],
  ] as const)('reads %s as typed and suggests the Minnesota point', (text, typed, meant) => {
    const parsed = parseCoordinates(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.lngLat).toEqual(typed);
    expect(parsed.suggestion).toEqual(meant);
  });

  it('says how a longitude-first pair was read', () => {
    const parsed = parseCoordinates('-92.47, 44.02');
    expect(parsed.ok && parsed.note).toMatch(/Read as longitude -92.47, latitude 44.02/);
    expect(parsed.ok && parsed.suggestion).toBeUndefined();
  });

  it('gives the real reason for numbers in exponent form', () => {
    const parsed = parseCoordinates('1e308, 99999');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/latitude 1e\+308 is outside -90 to 90/);
  });

  it('suggests nothing for a point in Minnesota', () => {
    const parsed = parseCoordinates('44.02, -92.47');
    expect(parsed.ok && parsed.suggestion).toBeUndefined();
    expect(parsed.ok && parsed.note).toBeUndefined();
  });
});
