import { describe, expect, it } from 'vitest';
import { nameKey, PlaceNamesError, parsePlaceNames } from '../../../src/formats/placeNames/placeNames.ts';

describe('place-names.json (schema 2: kind, source, population, other counties)', () => {
  it('reads a row back with its kind and the other counties of a city', () => {
    const [cloud] = parsePlaceNames({
      schema: 2,
      sources: [],
      attribution: '',
      places: [
        ['Saint Cloud', -94.17, 45.53, 'Stearns', 'city', 'civilDivisions', 56691, ['Sherburne', 'Benton']],
      ],
    });
    expect(cloud).toEqual({
      name: 'Saint Cloud',
      point: [-94.17, 45.53],
      county: 'Stearns',
      kind: 'city',
      source: 'civilDivisions',
      population: 56691,
      alsoIn: ['Sherburne', 'Benton'],
    });
  });

  it('still reads schema 1 (GeoNames only) as populated places', () => {
    expect(parsePlaceNames({ schema: 1, places: [['Ada', -96.5, 47.3, 'Norman']] })[0]).toMatchObject({
      name: 'Ada',
      county: 'Norman',
      kind: 'populated place',
      source: 'geonames',
    });
  });

  it('names the file, row and field of a bad row', () => {
    const bad = {
      schema: 2,
      places: [
        ['Ada', -96.5, 47.3, 'Norman', 'city', 'civilDivisions', 1600, []],
        ['Ely', -91.8, 'north', 'St. Louis', 'city', 'civilDivisions', null, []],
      ],
    };
    expect(() => parsePlaceNames(bad, 'place-names.json')).toThrow(PlaceNamesError);
    expect(() => parsePlaceNames(bad, 'place-names.json')).toThrow(
      'place-names.json: places row 2, latitude: north is not a latitude',
    );
    expect(() =>
      parsePlaceNames({ schema: 2, places: [['Ada', -96.5, 47.3, 'Norman', 'village', 'x', null, []]] }),
    ).toThrow('place-names.json: places row 1, kind: "village" is not one of city, township');
    expect(() => parsePlaceNames({ places: 'x' })).toThrow(/not a place-name list/);
  });

  it('compares names as people type them: "St. Cloud", "St Cloud" and "Saint Cloud" alike, "St" still the start of "Stacy"', () => {
    expect(nameKey('St. Cloud')).toBe('saint cloud');
    expect(nameKey('St Cloud')).toBe('saint cloud');
    expect(nameKey('Saint Cloud')).toBe('saint cloud');
    expect(nameKey('Lake St. Croix Beach')).toBe('lake saint croix beach');
    expect(nameKey('St')).toBe('st');
    expect(nameKey("O'Brien")).toBe('obrien');
  });
});
