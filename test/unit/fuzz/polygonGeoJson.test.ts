/**
 * The flat polygon GeoJSON scanner (src/geo/siteImport/scanPolygonGeoJson.ts) reads untrusted
 * files: on a valid polygon collection with one character changed, cut or added it must never
 * throw, must step aside (null) whenever JSON.parse refuses the text, and whatever it reads must
 * be what JSON.parse reads: the same properties and the same numbers, bit for bit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanPolygonGeoJson } from '../../../src/geo/siteImport/scanPolygonGeoJson.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzSettings.ts';

const VALID = JSON.stringify({
  type: 'FeatureCollection',
  name: 'parcels',
  features: [
    {
      type: 'Feature',
      properties: { id: 'A1', name: 'Zumbro "bottoms"', acres: 12.5, note: null, tags: ['x', 1] },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-92.5, 44.0],
            [-92.49, 44.0],
            [-92.49, 44.01],
            [-92.5, 44.01],
            [-92.5, 44.0],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { id: 2, action: 'creation' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [-93.125, 45.5],
              [-93.12, 45.5],
              [-93.12, 45.505],
              [-93.125, 45.5],
            ],
          ],
        ],
      },
    },
  ],
});

/** Characters JSON is made of, so a change often still parses. */
const ALPHABET = '{}[],:"\\ 0123456789.-+eE\nabnlrstu';

const mutated = fc
  .record({
    at: fc.nat({ max: VALID.length - 1 }),
    kind: fc.constantFrom('replace', 'cut', 'insert'),
    char: fc.constantFrom(...ALPHABET.split('')),
  })
  .map(({ at, kind, char }) =>
    kind === 'replace'
      ? VALID.slice(0, at) + char + VALID.slice(at + 1)
      : kind === 'cut'
        ? VALID.slice(0, at) + VALID.slice(at + 1)
        : VALID.slice(0, at) + char + VALID.slice(at),
  );

describe('fuzz: the flat polygon GeoJSON scanner', () => {
  it(
    'never throws; steps aside when JSON.parse refuses; else reads what JSON.parse reads',
    () => {
      let read = 0;
      fc.assert(
        fc.property(mutated, (text) => {
          const scanned = scanPolygonGeoJson(text);
          let parsed: { features: { properties: unknown; geometry: { coordinates: unknown } }[] };
          try {
            parsed = JSON.parse(text);
          } catch {
            expect(scanned).toBeNull();
            return;
          }
          if (!scanned) return;
          read++;
          expect(scanned.features.length).toBe(parsed.features.length);
          scanned.features.forEach((feature, k) => {
            const source = parsed.features[k] as (typeof parsed.features)[number];
            expect(feature.properties).toEqual(source.properties ?? {});
            const numbers = (source.geometry.coordinates as unknown[])
              .flat(feature.geometry.type === 'Polygon' ? 1 : 2)
              .flatMap((position) => (position as number[]).slice(0, 2));
            expect([...feature.geometry.xy].every((value, i) => Object.is(value, numbers[i]))).toBe(true);
            expect(feature.geometry.xy.length).toBe(numbers.length);
          });
        }),
        fuzzParameters('polygonGeoJsonText'),
      );
      // The reading half is exercised, not only the refusals.
      expect(read).toBeGreaterThan(1_000);
    },
    FUZZ_TIMEOUT_MS,
  );
});
