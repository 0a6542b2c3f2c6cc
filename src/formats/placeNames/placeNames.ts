/**
 * The place-name list the search reads (place-names.json beside the manifest): every Minnesota
 * city, township and unorganized territory of MnDOT's civil divisions, and the gazetteers' other
 * places, each as [name, longitude, latitude, county, kind, source, population, also in], with
 * each source's provenance. Written by the build (data/lib/buildPlaceNames.ts), read by the page
 * on first use of the search. Schema 1 (GeoNames only, [name, lon, lat, county]) still reads. Pure.
 */

/** What a place is, as its option says it. */
export const PLACE_KINDS = [
  'city',
  'township',
  'unorganized territory',
  'post office',
  'populated place',
] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export interface PlaceName {
  name: string;
  /** [longitude, latitude], WGS84: a point inside the place (in its county part). */
  point: [number, number];
  /** County name without "County", or null when the source gives none. */
  county: string | null;
  kind: PlaceKind;
  /** The id of its source in the file's `sources` (e.g. "civilDivisions", "geonames"). */
  source: string;
  /** Residents as the source gives them, or null. */
  population: number | null;
  /** The other counties a city lies in (a row per county part: this one is in `county`). */
  alsoIn: string[];
}

/** One source of the list, with what the manifest and data/README.md record of it. */
export interface PlaceNameSource {
  id: string;
  /** Plain words, e.g. "MnDOT, Jurisdiction Lookup for Minnesota (bdry_jurisdiction)". */
  source: string;
  sourceUrl: string | null;
  /** The date the data is as of (the publisher's), e.g. "2024-12-31". */
  asOf: string;
  licence: string;
  /** Its part of the credit line "Place names: MnDOT, GeoNames (CC BY 4.0), zipcodes", e.g. "MnDOT". */
  attribution: string;
  official: boolean;
  /** How many places of the list come from it. */
  count: number;
  /** When it was read from a file the user gave (`--import`): the file and its date. */
  importedFrom?: { file: string; fileDate: string | null; layers: string[] };
}

/** A row of `places`: [name, lon, lat, county, kind, source, population, alsoIn]. */
export type PlaceRow = [string, number, number, string | null, PlaceKind, string, number | null, string[]];

export interface PlaceNamesFile {
  schema: 2;
  sources: PlaceNameSource[];
  /** The line the page's attribution shows (every source's part). */
  attribution: string;
  places: PlaceRow[];
}

/** Why a place-name file could not be read: names the file, the row and the field. */
export class PlaceNamesError extends Error {
  override name = 'PlaceNamesError';
}

/**
 * A name as people type it and as the search compares it: lower case, "St." and "St " as
 * "saint " ("St" alone stays, the start of "Stacy"), "Mt." as "mount", no full stops or
 * apostrophes, single spaces; the Postal Service's "Mc Grath" is "McGrath".
 */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\bst(\.\s*|\s+)/g, 'saint ')
    .replace(/\bmt(\.\s*|\s+)/g, 'mount ')
    .replace(/\bmc\s+(?=\S)/g, 'mc')
    .replace(/[.'’]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A place as the file stores it. */
export function placeRow(place: PlaceName): PlaceRow {
  return [
    place.name,
    place.point[0],
    place.point[1],
    place.county,
    place.kind,
    place.source,
    place.population,
    place.alsoIn,
  ];
}

/** The places of a parsed place-names.json; a bad row is an error naming its number and field. */
export function parsePlaceNames(value: unknown, file = 'place-names.json'): PlaceName[] {
  const record = value as { schema?: unknown; places?: unknown } | null;
  if (
    !record ||
    typeof record !== 'object' ||
    (record.schema !== 1 && record.schema !== 2) ||
    !Array.isArray(record.places)
  )
    throw new PlaceNamesError(`${file}: not a place-name list (schema 1 or 2 with "places")`);
  const v1 = record.schema === 1;
  return record.places.map((row: unknown, i): PlaceName => {
    const where = `${file}: places row ${i + 1}`;
    if (!Array.isArray(row)) throw new PlaceNamesError(`${where}: not a [name, lon, lat, county, …] row`);
    const [name, lon, lat, county, kind, source, population, alsoIn] = row as unknown[];
    if (typeof name !== 'string' || name.trim() === '') throw new PlaceNamesError(`${where}, name: empty`);
    if (typeof lon !== 'number' || !(lon >= -180 && lon <= 180))
      throw new PlaceNamesError(`${where}, longitude: ${String(lon)} is not a longitude`);
    if (typeof lat !== 'number' || !(lat >= -90 && lat <= 90))
      throw new PlaceNamesError(`${where}, latitude: ${String(lat)} is not a latitude`);
    if (county !== null && typeof county !== 'string')
      throw new PlaceNamesError(`${where}, county: not text`);
    if (v1)
      return {
        name,
        point: [lon, lat],
        county,
        kind: 'populated place',
        source: 'geonames',
        population: null,
        alsoIn: [],
      };
    if (!PLACE_KINDS.includes(kind as PlaceKind))
      throw new PlaceNamesError(
        `${where}, kind: ${JSON.stringify(kind)} is not one of ${PLACE_KINDS.join(', ')}`,
      );
    if (typeof source !== 'string' || source === '') throw new PlaceNamesError(`${where}, source: empty`);
    if (population !== null && population !== undefined && typeof population !== 'number')
      throw new PlaceNamesError(`${where}, population: not a number`);
    if (alsoIn !== undefined && !(Array.isArray(alsoIn) && alsoIn.every((c) => typeof c === 'string')))
      throw new PlaceNamesError(`${where}, also in: not a list of counties`);
    return {
      name,
      point: [lon, lat],
      county,
      kind: kind as PlaceKind,
      source,
      population: typeof population === 'number' ? population : null,
      alsoIn: (alsoIn as string[] | undefined) ?? [],
    };
  });
}
