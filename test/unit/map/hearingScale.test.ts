import { describe, expect, it } from 'vitest';
import { STYLE_LAYERS } from '../../../src/map/baseStyle';
import { HEARING_SCALE, scaledProperties, scaleStyleValue } from '../../../src/map/hearingScale';

describe('hearing-mode sizes', () => {
  it.each([
    ['a number', 8, 14.4],
    [
      "a zoom interpolation's outputs (its stops stay)",
      ['interpolate', ['linear'], ['zoom'], 5, 10, 9, 14],
      ['interpolate', ['linear'], ['zoom'], 5, 18, 9, 25.2],
    ],
    ["a step's outputs", ['step', ['zoom'], 1, 8, 2], ['step', ['zoom'], 1.8, 8, 3.6]],
    [
      'any other expression, as a product',
      ['case', ['boolean', ['feature-state', 'selected'], false], 3.5, 1.2],
      ['*', 1.8, ['case', ['boolean', ['feature-state', 'selected'], false], 3.5, 1.2]],
    ],
  ])('scales %s', (_, value, scaled) => {
    const result = scaleStyleValue(value, HEARING_SCALE);
    expect(
      JSON.stringify(result, (_key, v) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v)),
    ).toBe(JSON.stringify(scaled));
  });

  it('leaves every value as the style has it at 1', () => {
    for (const { layer, kind, property, value } of scaledProperties(STYLE_LAYERS, 1)) {
      const spec = STYLE_LAYERS.find((candidate) => candidate.id === layer) as unknown as Record<
        string,
        Record<string, unknown>
      >;
      expect(value).toBe(spec[kind]?.[property]);
    }
  });

  it('scales every label, marker and unit outline, and not the rivers', () => {
    const changed = new Set(
      scaledProperties(STYLE_LAYERS, HEARING_SCALE).map(({ layer, property }) => `${layer} ${property}`),
    );
    for (const expected of [
      'places-label text-size',
      'counties-label text-size',
      'site-level-label text-size',
      'links-label text-size',
      'impact-point circle-radius',
      'sites-circle circle-radius',
      'user-sites-square circle-radius',
      'sites-circle circle-stroke-width',
      'places-dot circle-radius',
      'counties-line line-width',
      'major-line line-width',
      'minor-line line-width',
      'bsa-line line-width',
      'shared-minor-line line-width',
    ])
      expect(changed, expected).toContain(expected);
    expect([...changed].some((entry) => entry.startsWith('rivers-line'))).toBe(false);
  });
});
