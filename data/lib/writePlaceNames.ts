import { writeFlatGeobuf } from '../../src/formats/flatgeobuf/writeFlatGeobuf.ts';
import {
  CITY_OUTLINE_COLUMNS,
  CITY_OUTLINES_FILE,
  type PlaceNamesEntry,
} from '../../src/formats/manifest.ts';
import type { PlaceNameSource } from '../../src/formats/placeNames/placeNames.ts';
import { buildPlaceNamesAndOutlines, PLACE_NAMES_FILE, type PlaceNamesOptions } from './buildPlaceNames.ts';

/**
 * Builds place-names.json (and city-outlines.fgb, MnDOT's city boundaries, when the civil
 * divisions give them) into the build's files; returns the manifest's `placeNames` entry, with
 * each source's provenance (data/SCHEMA.md).
 */
export async function writePlaceNames(
  options: PlaceNamesOptions,
  files: Map<string, Uint8Array | string>,
): Promise<PlaceNamesEntry & { sources: PlaceNameSource[] }> {
  const { placeNames, cityOutlines } = await buildPlaceNamesAndOutlines(options);
  const text = `${JSON.stringify(placeNames)}\n`;
  files.set(PLACE_NAMES_FILE, text);
  if (cityOutlines.length > 0)
    files.set(
      CITY_OUTLINES_FILE,
      writeFlatGeobuf(cityOutlines, [...CITY_OUTLINE_COLUMNS], 'city boundaries'),
    );
  const civil = placeNames.sources.find((s) => s.id === 'civilDivisions');
  return {
    file: PLACE_NAMES_FILE,
    bytes: Buffer.byteLength(text),
    count: placeNames.places.length,
    source: placeNames.sources.map((s) => s.source).join('; '),
    licence: placeNames.sources.map((s) => s.licence).join('; '),
    attribution: placeNames.attribution,
    sources: placeNames.sources,
    cityOutlines:
      cityOutlines.length > 0
        ? { file: CITY_OUTLINES_FILE, count: cityOutlines.length, asOf: civil?.asOf ?? null }
        : null,
  };
}
