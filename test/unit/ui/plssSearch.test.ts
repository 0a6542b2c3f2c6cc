import type { Feature, FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { plssSearch } from '../../../src/ui/search/plssSearch';

function section(meridian: 4 | 5, township: number, range: number, number: number, west: number): Feature {
  const south = 44 + township / 100;
  return {
    type: 'Feature',
    properties: {
      id: `M${meridian}-T${township}N-R${range}W-S${number}`,
      meridian,
      township,
      townshipDirection: 'N',
      range,
      rangeDirection: 'W',
      section: number,
    },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [west + 0.02, south],
          [west + 0.02, south + 0.0145],
          [west, south + 0.0145],
          [west, south],
        ],
      ],
    },
  };
}

// T104N R14W exists under both meridians here, as townships repeat across the 4th and 5th.
const LAYER: FeatureCollection = Object.freeze({
  type: 'FeatureCollection',
  features: [section(5, 104, 14, 12, -92), section(5, 104, 14, 13, -92.02), section(4, 104, 14, 12, -95)],
});

describe('township, range and section search', () => {
  it('answers a section under each meridian that has it, centred in the section', () => {
    const { entries, hint } = plssSearch('T104N R14W S12', LAYER);
    expect(hint).toBeNull();
    expect(entries.map((entry) => entry.label)).toEqual([
      'T104N R14W S12 (4th principal meridian)',
      'T104N R14W S12 (5th principal meridian)',
    ]);
    expect(entries[1]?.point[0]).toBeCloseTo(-91.99, 6);
    expect(entries[1]?.bounds).toEqual([-92, 45.04, -91.98, 45.0545]);
  });

  it('narrows to a meridian when asked, and answers a whole township', () => {
    expect(plssSearch('T104N R14W S12 M4', LAYER).entries.map((entry) => entry.label)).toEqual([
      'T104N R14W S12 (4th principal meridian)',
    ]);
    const township = plssSearch('T104N R14W', LAYER).entries.find((entry) => entry.label.includes('5th'));
    expect(township?.kind).toBe('PLSS township');
    expect(township?.label).toContain('2 sections');
    expect(township?.bounds).toEqual([-92.02, 45.04, -91.98, 45.0545]);
  });

  it('says how to load the layer when it is missing, and when nothing matches', () => {
    expect(plssSearch('T104N R14W S12', undefined).hint).toContain('Load official layers');
    expect(plssSearch('T1N R1W S1', LAYER).hint).toContain('No section of the PLSS layer');
    expect(plssSearch('Rochester', LAYER)).toEqual({ entries: [], hint: null });
  });
});
