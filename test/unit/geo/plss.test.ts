import type { Feature, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import {
  parsePlssQuery,
  plssFromProperties,
  plssLabel,
  plssMatches,
  quarterSection,
} from '../../../src/geo/plss';

const SECTION = Object.freeze({
  id: 'M5-T104N-R14W-S12',
  meridian: 5,
  township: 104,
  townshipDirection: 'N',
  range: 14,
  rangeDirection: 'W',
  section: 12,
});

describe('PLSS sections', () => {
  it.each([
    ['T104N R14W S12', { township: 104, range: 14, rangeDirection: 'W', section: 12 }],
    ['t104n r14w s12', { township: 104, range: 14, rangeDirection: 'W', section: 12 }],
    ['T104 R14W Sec 12', { township: 104, range: 14, rangeDirection: 'W', section: 12 }],
    ['T104N, R14W, S12', { township: 104, range: 14, rangeDirection: 'W', section: 12 }],
    ['T104N R14W', { township: 104, range: 14, rangeDirection: 'W' }],
    ['T62N R12E S3 M4', { township: 62, range: 12, rangeDirection: 'E', section: 3, meridian: 4 }],
    ['T104N R14W S12 5th PM', { township: 104, range: 14, rangeDirection: 'W', section: 12, meridian: 5 }],
  ])('reads %s', (text, query) => {
    expect(parsePlssQuery(text)).toEqual(query);
  });

  it.each(['Rochester', 'T104N', 'R14W S12', 'T104N R14W S37', 'T0N R14W', 'T104N R14 S12', '41'])(
    'is not a township and range: %s',
    (text) => {
      expect(parsePlssQuery(text)).toBeNull();
    },
  );

  it('reads a section from the layer schema and names it with its meridian', () => {
    const section = plssFromProperties(SECTION);
    expect(section && plssLabel(section)).toBe('T104N R14W S12 (5th principal meridian)');
    expect(plssFromProperties({ ...SECTION, meridian: 6 })).toBeNull();
    expect(plssFromProperties({ ...SECTION, rangeDirection: 'X' })).toBeNull();
  });

  it('matches the meridian only when asked for', () => {
    const section = plssFromProperties(SECTION);
    if (!section) throw new Error('section not read');
    const query = parsePlssQuery('T104N R14W S12');
    if (!query) throw new Error('query not read');
    expect(plssMatches(section, query)).toBe(true);
    expect(plssMatches(section, { ...query, meridian: 4 })).toBe(false);
    expect(plssMatches(section, { ...query, section: 13 })).toBe(false);
    expect(plssMatches(section, { township: 104, range: 14, rangeDirection: 'W' })).toBe(true);
  });

  it('finds the quarter by the midlines of the section', () => {
    const square: Feature<Polygon> = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-92, 44],
            [-91.98, 44],
            [-91.98, 44.0145],
            [-92, 44.0145],
            [-92, 44],
          ],
        ],
      },
    };
    expect(quarterSection([-91.985, 44.012], square)).toBe('NE');
    expect(quarterSection([-91.995, 44.012], square)).toBe('NW');
    expect(quarterSection([-91.995, 44.002], square)).toBe('SW');
    expect(quarterSection([-91.985, 44.002], square)).toBe('SE');
  });
});
