/**
 * The contract between the data pipeline and everything that reads its output
 * (see data/SCHEMA.md). Pure types and a validator: no I/O.
 */

/** Keys of `manifest.layers`, one per built FlatGeobuf file. */
export const LAYER_NAMES = [
  'state',
  'counties',
  'majorWatersheds',
  'minorWatersheds',
  'bankServiceAreas',
  'sites',
  'lakes',
  'rivers',
  'places',
  'plss',
] as const;

export type LayerName = (typeof LAYER_NAMES)[number];

/**
 * Where an imported official layer came from (`npm run data -- --import FILE` or the page's
 * "Load official layers…"): the file the user gave, its date and the layer inside it.
 */
export interface ImportedFrom {
  /** The file's base name, e.g. gpkg_geos_dnr_watersheds.zip. */
  file: string;
  /** ISO date (YYYY-MM-DD) of the file, or null when unknown. */
  fileDate: string | null;
  /** The layer inside the file (GeoPackage table or shapefile name). */
  sourceLayer: string;
  /** The CRS the file declared (reprojected to WGS84). */
  crs: string;
  /** Schema column → the source field it was read from. */
  fieldsUsed: Record<string, string>;
}

export interface LayerManifestEntry {
  file: string;
  title: string;
  featureCount: number;
  bounds: [number, number, number, number];
  bytes: number;
  source: string;
  sourceUrl: string | null;
  asOf: string;
  retrieved: string;
  licence: string;
  official: boolean;
  demonstration: boolean;
  /** Present when the layer was imported from a file the user gave. */
  importedFrom?: ImportedFrom;
  /** SHA-256 (16 hex digits) of the layer file as built. */
  buildHash?: string;
  /** A light topology-simplified copy for drawing at small scales (area layers). */
  overview?: OverviewEntry;
  /**
   * `sites` only: the banks' unit columns were found in these lookup layers (each one's
   * `buildHash`, null for a layer not built). Other layers in use make them stale.
   */
  unitsLocatedIn?: Record<string, string | null>;
}

/** An area layer's overview: TopoJSON whose neighbours share their simplified edges. */
export interface OverviewEntry {
  file: string;
  bytes: number;
  /** The `buildHash` of the full layer it was simplified from. */
  of: string;
  vertices: number;
}

/** The overview to draw, or null when there is none or it belongs to another build of the layer. */
export function usableOverview(entry: LayerManifestEntry): OverviewEntry | null {
  const overview = entry.overview;
  return overview && entry.buildHash && overview.of === entry.buildHash ? overview : null;
}

export interface Manifest {
  schema: 1;
  generatedAt: string;
  demonstration: boolean;
  layers: Partial<Record<LayerName, LayerManifestEntry>>;
  /** File beside the manifest holding area class reclassifications (subd. 1(o)/(p)), if any. */
  areaClassOverrides: string | null;
  /** The search's place names (src/formats/placeNames), read on first use; absent in older builds. */
  placeNames?: PlaceNamesEntry | null;
  /**
   * The build's credit figures (credits.json, `npm run data -- --credits`), as the manifest names it
   * (`credits.file`); null when the build has none (the CLI reads the same entry: src/cli/builtBanks.ts).
   */
  creditsFile?: string | null;
  /** The bank records behind the sites layer (banks.json): where they came from and as of when; null when none. */
  bankRecords?: BankRecordsEntry | null;
  /** RIBITS ledger exports joined by the build (`--ledger`), as the manifest names the file; null when none. */
  ledgerExportsFile?: string | null;
  /** Each major's HUC8 and BSA and each bank's units (flow-geography.json), for losses and replacements; null in older builds. */
  flowGeographyFile?: string | null;
}

/** The manifest's `banks` entry, as far as the page and the CLI say what the build holds. */
export interface BankRecordsEntry {
  /** `ribits-refresh` (a live refresh), `ribits-2020-snapshot` (the mirror's), or another source id. */
  source: string;
  asOf: string;
  count: number;
  /** When a live refresh read RIBITS (ISO), or null (the snapshot). */
  retrieved: string | null;
  /** The ledgers a live refresh wrote (ribits-ledgers.json), or null. */
  ledgersFile: string | null;
}

function parseBankRecords(value: unknown): BankRecordsEntry | null {
  if (!isRecord(value)) return null;
  return {
    source: typeof value.source === 'string' ? value.source : '',
    asOf: typeof value.asOf === 'string' ? value.asOf : '',
    count: typeof value.count === 'number' ? value.count : 0,
    retrieved: typeof value.retrieved === 'string' ? value.retrieved : null,
    ledgersFile: jsonFileOf(isRecord(value.ledgers) ? value.ledgers.file : undefined),
  };
}

/** Where the search's place names are, how many, and under what licence. */
export interface PlaceNamesEntry {
  file: string;
  bytes: number;
  count: number;
  source: string;
  licence: string;
  attribution: string;
  /** The ids of the sources the names come from (`civilDivisions`, `geonames`, `zipcodes`), with their counts. */
  sources: { id: string; count: number }[];
  /**
   * MnDOT's city boundaries (city-outlines.fgb: `name`, `county`), one feature per city and
   * county part, for the city an impact lies in; null when the civil divisions gave none.
   */
  cityOutlines?: { file: string; count: number; asOf: string | null } | null;
}

export const CITY_OUTLINES_FILE = 'city-outlines.fgb';

/** The columns of city-outlines.fgb. */
export const CITY_OUTLINE_COLUMNS = [
  { name: 'name', kind: 'string', nullable: false },
  { name: 'county', kind: 'string', nullable: true },
] as const satisfies readonly { name: string; kind: 'string'; nullable: boolean }[];

function parsePlaceNamesEntry(value: unknown): PlaceNamesEntry | null {
  if (!isRecord(value)) return null;
  const { file, bytes, count, source, licence, attribution } = value;
  if (typeof file !== 'string' || !/^[\w.-]+\.json$/.test(file)) return null;
  return {
    file,
    bytes: typeof bytes === 'number' ? bytes : 0,
    count: typeof count === 'number' ? count : 0,
    source: typeof source === 'string' ? source : '',
    licence: typeof licence === 'string' ? licence : '',
    attribution: typeof attribution === 'string' ? attribution : '',
    sources: Array.isArray(value.sources)
      ? value.sources.filter(isRecord).map((source) => ({
          id: typeof source.id === 'string' ? source.id : '',
          count: typeof source.count === 'number' ? source.count : 0,
        }))
      : [],
    cityOutlines: parseCityOutlines(value.cityOutlines),
  };
}

function parseCityOutlines(value: unknown): PlaceNamesEntry['cityOutlines'] {
  if (!isRecord(value) || typeof value.file !== 'string' || !/^[\w.-]+\.fgb$/.test(value.file)) return null;
  return {
    file: value.file,
    count: typeof value.count === 'number' ? value.count : 0,
    asOf: typeof value.asOf === 'string' ? value.asOf : null,
  };
}

/** A file name beside the manifest ending in .json, or null (never a path or a URL). */
function jsonFileOf(value: unknown): string | null {
  return typeof value === 'string' && /^[\w.-]+\.json$/.test(value) ? value : null;
}

/** Why a manifest could not be read, naming the field at fault. */
export class ManifestError extends Error {
  override name = 'ManifestError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseImportedFrom(value: Record<string, unknown>): ImportedFrom {
  const fieldsUsed: Record<string, string> = {};
  if (isRecord(value.fieldsUsed))
    for (const [k, v] of Object.entries(value.fieldsUsed)) if (typeof v === 'string') fieldsUsed[k] = v;
  return {
    file: typeof value.file === 'string' ? value.file : '',
    fileDate: typeof value.fileDate === 'string' ? value.fileDate : null,
    sourceLayer: typeof value.sourceLayer === 'string' ? value.sourceLayer : '',
    crs: typeof value.crs === 'string' ? value.crs : '',
    fieldsUsed,
  };
}

function parseOverview(name: string, value: unknown): { overview?: OverviewEntry } {
  if (value === undefined) return {};
  if (
    !isRecord(value) ||
    typeof value.file !== 'string' ||
    !/^[\w.-]+\.overview\.json$/.test(value.file) ||
    typeof value.of !== 'string'
  )
    throw new ManifestError(`manifest.json: layer "${name}" has an invalid "overview"`);
  return {
    overview: {
      file: value.file,
      bytes: Number(value.bytes) || 0,
      of: value.of,
      vertices: Number(value.vertices) || 0,
    },
  };
}

/**
 * Checks parsed `manifest.json` against the schema. Unknown layer keys are ignored
 * so an older page can read a newer manifest.
 * @throws ManifestError naming the first field that is wrong.
 */
function parseUnitsLocatedIn(value: Record<string, unknown>): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(value).map(([layer, hash]) => [layer, typeof hash === 'string' ? hash : null]),
  );
}

export function parseManifest(value: unknown): Manifest {
  if (!isRecord(value)) throw new ManifestError('manifest.json: expected an object');
  if (value.schema !== 1)
    throw new ManifestError(`manifest.json: unsupported schema ${String(value.schema)}`);
  if (!isRecord(value.layers)) throw new ManifestError('manifest.json: "layers" must be an object');
  const layers: Manifest['layers'] = {};
  for (const name of LAYER_NAMES) {
    const entry = value.layers[name];
    if (entry === undefined) continue;
    if (!isRecord(entry) || typeof entry.file !== 'string' || !/^[\w.-]+\.fgb$/.test(entry.file)) {
      throw new ManifestError(`manifest.json: layer "${name}" has no valid "file"`);
    }
    const bounds = entry.bounds;
    if (!Array.isArray(bounds) || bounds.length !== 4 || !bounds.every((n) => Number.isFinite(n))) {
      throw new ManifestError(`manifest.json: layer "${name}" has no valid "bounds"`);
    }
    layers[name] = {
      file: entry.file,
      title: typeof entry.title === 'string' ? entry.title : name,
      featureCount: Number(entry.featureCount) || 0,
      bounds: bounds as [number, number, number, number],
      bytes: Number(entry.bytes) || 0,
      source: typeof entry.source === 'string' ? entry.source : '',
      sourceUrl: typeof entry.sourceUrl === 'string' ? entry.sourceUrl : null,
      asOf: typeof entry.asOf === 'string' ? entry.asOf : '',
      retrieved: typeof entry.retrieved === 'string' ? entry.retrieved : '',
      licence: typeof entry.licence === 'string' ? entry.licence : '',
      official: entry.official === true,
      demonstration: entry.demonstration === true,
      ...(isRecord(entry.importedFrom) ? { importedFrom: parseImportedFrom(entry.importedFrom) } : {}),
      ...(typeof entry.buildHash === 'string' ? { buildHash: entry.buildHash } : {}),
      ...(isRecord(entry.unitsLocatedIn)
        ? { unitsLocatedIn: parseUnitsLocatedIn(entry.unitsLocatedIn) }
        : {}),
      ...parseOverview(name, entry.overview),
    };
  }
  const demonstration = Object.values(layers).some((layer) => layer.demonstration);
  const overrides = value.areaClassOverrides;
  return {
    schema: 1,
    generatedAt: String(value.generatedAt ?? ''),
    demonstration,
    layers,
    areaClassOverrides: jsonFileOf(overrides),
    placeNames: parsePlaceNamesEntry(value.placeNames),
    creditsFile: jsonFileOf(isRecord(value.credits) ? value.credits.file : undefined),
    bankRecords: parseBankRecords(value.banks),
    ledgerExportsFile: jsonFileOf(isRecord(value.ledgerExports) ? value.ledgerExports.file : undefined),
    flowGeographyFile: jsonFileOf(isRecord(value.flowGeography) ? value.flowGeography.file : undefined),
  };
}
