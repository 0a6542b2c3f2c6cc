/**
 * Minnesota's post-office towns from the `zipcodes` package's ZIP code list (a devDependency,
 * pinned): each ZIP code's city name as the Postal Service writes it and its point (the
 * package takes the points from GeoNames' postal codes, CC BY 4.0), for the towns that are no
 * city or township: unincorporated post-office towns such as Jacobson or Swatara. A ZIP has no
 * county: it is the county whose outline holds the point. Read from node_modules, so the build
 * needs no network.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type CountyOutline, pointInOutline } from '../../src/formats/placeNames/civilDivisionPlaces.ts';
import { nameKey, type PlaceName } from '../../src/formats/placeNames/placeNames.ts';

interface ZipCode {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export interface ZipCodePlaces {
  source: string;
  asOf: string;
  /** One place per town name and county (a town with several ZIP codes answers once). */
  places: (PlaceName & { zips: string[] })[];
}

/** The package's version (its package.json beside its main file). */
export function zipCodesVersion(): string {
  const main = createRequire(import.meta.url).resolve('zipcodes');
  return String(
    (JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as { version: string })
      .version,
  );
}

/** "Mcgregor" as the list writes it is "McGregor". */
const restoreCase = (name: string): string =>
  name.replace(/\bMc([a-z])/g, (_, c: string) => `Mc${c.toUpperCase()}`);

/**
 * The Minnesota ZIP codes' towns, each with the county holding its point (null outside every
 * county outline: a point in Lake Superior or across the state line).
 * @throws Error naming the file when it cannot be read
 */
export function readZipCodePlaces(counties: readonly CountyOutline[]): ZipCodePlaces {
  const require = createRequire(import.meta.url);
  const path = require.resolve('zipcodes/lib/codes.js');
  let codes: Record<string, ZipCode>;
  try {
    codes = (require(path) as { codes: Record<string, ZipCode> }).codes;
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const byTown = new Map<string, PlaceName & { zips: string[] }>();
  for (const code of Object.values(codes)) {
    if (code.state !== 'MN' || !Number.isFinite(code.latitude) || !Number.isFinite(code.longitude)) continue;
    const point: [number, number] = [code.longitude, code.latitude];
    const county = counties.find((c) => pointInOutline(point, c.geometry))?.name ?? null;
    const key = `${nameKey(code.city)}|${county ?? ''}`;
    const known = byTown.get(key);
    if (known) {
      known.zips.push(code.zip);
      continue;
    }
    byTown.set(key, {
      name: restoreCase(code.city),
      point,
      county,
      kind: 'post office',
      source: 'zipcodes',
      population: null,
      alsoIn: [],
      zips: [code.zip],
    });
  }
  const version = zipCodesVersion();
  return {
    source: `ZIP code list of the zipcodes package ${version} (Postal Service city names; points from GeoNames postal codes)`,
    asOf: `zipcodes ${version}`,
    places: [...byTown.values()].filter((p) => p.county !== null),
  };
}
