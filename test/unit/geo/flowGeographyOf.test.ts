/**
 * flow-geography.json (issue 34, item 4): what the page's accounting reads instead of every
 * major's outline — each major's HUC8, its BSA found at a point inside it, each bank's units as
 * the sites layer carries them and its location — and its reader refuses a damaged file.
 */
import type { Feature } from 'geojson';
import { describe, expect, it } from 'vitest';
import { parseFlowGeographyFile } from '../../../src/formats/ledgers/flowGeographyFile.ts';
import { flowGeographyOf } from '../../../src/geo/flowGeographyOf.ts';

const square = (x: number, y: number, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  properties,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [x, y],
        [x + 1, y],
        [x + 1, y + 1],
        [x, y + 1],
        [x, y],
      ],
    ],
  },
});
const bank = (id: string, at: [number, number], major: number | null, bsa: number | null): Feature => ({
  type: 'Feature',
  properties: { id, majorWatershed: major, bankServiceArea: bsa },
  geometry: { type: 'Point', coordinates: at },
});

describe('flowGeographyOf', () => {
  const file = flowGeographyOf(
    {
      majors: [
        square(-94, 46, { id: 2, name: 'East', huc8: '07030003' }),
        square(-95, 46, { id: 1, name: 'West', huc8: '07010104' }),
      ],
      bankServiceAreas: [square(-95, 46, { id: 4, name: 'Four' })],
      sites: [bank('ribits-1', [-94.5, 46.5], 1, 4), bank('ribits-2', [-93.5123456789, 46.5], 2, null)],
    },
    // The BSA lookup: BSA 4 west of -94, none east.
    ([lon]) => (lon < -94 ? 4 : null),
    { generatedAt: '2026-12-07T00:00:00Z', demonstration: true },
  );

  it('gives each major its HUC8, the BSA at a point inside it and that point, in id order', () => {
    expect(file.majors.map((m) => [m.id, m.huc8, m.bankServiceArea])).toEqual([
      [1, '07010104', 4],
      [2, '07030003', null],
    ]);
    const [west] = file.majors;
    expect(west!.at![0]).toBeGreaterThan(-95);
    expect(west!.at![0]).toBeLessThan(-94);
  });

  it('keeps each bank’s units as the sites layer carries them, its location to six decimals', () => {
    expect(file.banks['ribits-2']).toEqual({
      majorWatershed: 2,
      bankServiceArea: null,
      at: [-93.512346, 46.5],
    });
    expect(file.demonstration).toBe(true);
  });

  it('reads back what it writes, and refuses a damaged file naming the entry', () => {
    expect(parseFlowGeographyFile(JSON.parse(JSON.stringify(file)))).toEqual(file);
    expect(() => parseFlowGeographyFile({ ...file, schema: 2 })).toThrow(/expected schema 1/);
    expect(() => parseFlowGeographyFile({ ...file, majors: [{ ...file.majors[0], huc8: 7010104 }] })).toThrow(
      /major 1 needs/,
    );
    expect(() =>
      parseFlowGeographyFile({
        ...file,
        banks: { x: { majorWatershed: 1, bankServiceArea: 4, at: [200, 0] } },
      }),
    ).toThrow(/bank "x"/);
  });
});
