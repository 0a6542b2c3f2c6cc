import type { PlaceNamesEntry } from '../../src/formats/manifest.ts';
import type { PlaceNameSource } from '../../src/formats/placeNames/placeNames.ts';
import { buildPlaceNames, PLACE_NAMES_FILE, type PlaceNamesOptions } from './buildPlaceNames.ts';

/**
 * Builds place-names.json into the build's files; returns the manifest's `placeNames` entry,
 * with each source's provenance (data/SCHEMA.md).
 */
export async function writePlaceNames(
  options: PlaceNamesOptions,
  files: Map<string, Uint8Array | string>,
): Promise<PlaceNamesEntry & { sources: PlaceNameSource[] }> {
  const placeNames = await buildPlaceNames(options);
  const text = `${JSON.stringify(placeNames)}\n`;
  files.set(PLACE_NAMES_FILE, text);
  return {
    file: PLACE_NAMES_FILE,
    bytes: Buffer.byteLength(text),
    count: placeNames.places.length,
    source: placeNames.sources.map((s) => s.source).join('; '),
    licence: placeNames.sources.map((s) => s.licence).join('; '),
    attribution: placeNames.attribution,
    sources: placeNames.sources,
  };
}
