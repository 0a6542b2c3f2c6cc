/**
 * Reads candidate sites from the files planners hold: the point CSV/GeoJSON of before (through
 * parseSitesFile), GeoJSON polygons, a zipped shapefile, a GeoPackage or a FlatGeobuf, in any
 * CRS its .prj / srs / header names (through the official-layer reader, src/formats/official).
 * Pure apart from yielding to the event loop now and then, so a worker can report progress and
 * be cancelled. Every refusal names the file, the feature and the problem; sites outside
 * Minnesota are kept and flagged.
 */
import type { Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import type { FlatSiteGeometry } from '../../formats/geometry/siteGeometry';
import { ImportError } from '../../formats/official/ImportError';
import { baseName, openImportFile } from '../../formats/official/openImportFile';
import type { SourceLayer, SqlJsStatic } from '../../formats/official/types';
import type { UserSite } from '../../siting/userSite';
import { flattenOutline } from './flatOutline';
import { IMPORT_LIMIT_TEXT, MAX_IMPORT_BYTES, MAX_IMPORT_SITES } from './importLimits';
import { measureOutline } from './measureOutline';
import {
  checkPoint,
  claimId,
  MAX_SITE_ID_LENGTH,
  type ParsedSites,
  parseSitesText,
  readAction,
  readWetlandType,
} from './parseSitesFile';
import { scanPolygonGeoJson } from './scanPolygonGeoJson';
import { guessSiteColumns, SITE_ATTRIBUTES, type SiteColumnMapping } from './siteColumnMapping';

export type { SiteColumnMapping };

export { IMPORT_LIMIT_TEXT, MAX_IMPORT_BYTES, MAX_IMPORT_SITES };

/** Minnesota's extent (the state outline's box, rounded out): a site wholly outside is flagged. */
export const MINNESOTA_BOX: readonly [number, number, number, number] = [-97.24, 43.49, -89.48, 49.39];

/** Below this many square metres an outline has no area (collinear or repeated vertices). */
const MIN_AREA_M2 = 0.01;
const SQUARE_METRES_PER_ACRE = 4046.8564224;

export interface ReadSitesOptions {
  /** Prefix of every site id (the page's `user-`, or one per import). */
  idPrefix: string;
  /** Which columns hold which attribute; guessed from the column names when absent. */
  mapping?: SiteColumnMapping;
  /** Features read so far and in all. */
  onProgress?: (done: number, total: number) => void;
  /** Stops the read: the answer is `{ ok: false, cancelled: true }`. */
  signal?: AbortSignal;
  /** sql.js, loaded only when a GeoPackage is met (node: src/formats/geopackage/loadSqlJs; the page: its worker's). */
  sqlJs?: () => Promise<SqlJsStatic>;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

class Refusal extends Error {}
class Cancelled extends Error {}

/** Waits for the event loop (so a worker can hear "cancel" and post progress) every so often. */
const YIELD_EVERY = 2_000;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads a sites file. Points become located sites; polygons become sites with their outline,
 * a point inside it as `location`, and their acres. Refuses (naming the file, the feature and the
 * problem) mixed geometry types, empty geometries, polygons with no area, a mapping naming a
 * column the file lacks, and a file over the limit; asks for a mapping when two columns could
 * hold one attribute.
 */
export async function readSitesFile(
  name: string,
  bytes: Uint8Array,
  options: ReadSitesOptions,
): Promise<ParsedSites> {
  if (bytes.length > MAX_IMPORT_BYTES)
    return {
      ok: false,
      message: `${name}: ${megabytes(bytes.length)} is over the limit (${IMPORT_LIMIT_TEXT}); split it into smaller files`,
    };
  const lower = name.toLowerCase();
  const limits = { maxBytes: MAX_IMPORT_BYTES, maxSites: MAX_IMPORT_SITES };
  try {
    if (lower.endsWith('.csv') || lower.endsWith('.txt'))
      return parseSitesText(name, new TextDecoder().decode(bytes), options.idPrefix, limits);
    // Points only: the reader of before, with its skipping rules. Polygons: the layer reader.
    if (lower.endsWith('.geojson') || lower.endsWith('.json')) {
      if (!mentionsPolygon(bytes))
        return parseSitesText(name, new TextDecoder().decode(bytes), options.idPrefix, limits);
      // A plain WGS84 polygon collection, read flat; anything else, the layer reader below.
      const scanned = scanPolygonGeoJson(new TextDecoder().decode(bytes));
      if (scanned) {
        const file = baseName(name);
        const layer = scanned.name || file.replace(/^.*[\\/›]\s*/, '').replace(/\.(geo)?json$/i, '');
        return await sitesOfLayer(
          name,
          { layer, fields: scanned.fields, features: scanned.features },
          [],
          options,
        );
      }
    }
    const layer = await readLayer(name, bytes, options);
    return await sitesOfLayer(name, layer.layer, layer.notes, options);
  } catch (error) {
    if (error instanceof Cancelled)
      return { ok: false, message: `${name}: import cancelled`, cancelled: true };
    if (error instanceof Refusal || error instanceof ImportError)
      return { ok: false, message: error.message };
    throw error;
  }
}

const POLYGON = new TextEncoder().encode('Polygon"');

/** Whether the bytes hold `Polygon"` (a GeoJSON Polygon or MultiPolygon type), without decoding them. */
function mentionsPolygon(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(0x50); at >= 0; at = bytes.indexOf(0x50, at + 1)) {
    let k = 1;
    while (k < POLYGON.length && bytes[at + k] === POLYGON[k]) k++;
    if (k === POLYGON.length) return true;
  }
  return false;
}

async function readLayer(
  name: string,
  bytes: Uint8Array,
  options: ReadSitesOptions,
): Promise<{ layer: SourceLayer; notes: string[] }> {
  const sqlJs =
    options.sqlJs ??
    (() => Promise.reject(new ImportError(`${name}: a GeoPackage cannot be read here (no SQLite reader)`)));
  const opened = await openImportFile({ name, bytes }, sqlJs);
  try {
    const candidates = opened.flatMap((file) => file.candidates);
    const first = candidates[0];
    if (!first) throw new Refusal(`${name}: the file holds no layer of sites`);
    const layer = await first.read();
    const notes =
      candidates.length > 1
        ? [
            `read layer ${first.layer}; the file also holds ${candidates
              .slice(1)
              .map((c) => c.layer)
              .join(', ')} (import each as its own file)`,
          ]
        : [];
    return { layer, notes };
  } finally {
    for (const file of opened) file.close();
  }
}

type Family = 'point' | 'polygon';

function familyOf(geometry: Geometry): Family | null {
  if (geometry.type === 'Point') return 'point';
  if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') return 'polygon';
  return null;
}

function isEmpty(geometry: Geometry | null | undefined): boolean {
  if (!geometry) return true;
  if (geometry.type === 'GeometryCollection') return geometry.geometries.length === 0;
  const coordinates = geometry.coordinates as unknown[];
  return !Array.isArray(coordinates) || coordinates.length === 0;
}

/** Problem with an outline's positions, or null: rings of 4+ finite lon/lat positions. */
function ringProblem(polygons: Position[][][]): string | null {
  for (const rings of polygons) {
    if (rings.length === 0) return 'a polygon has no rings';
    for (const ring of rings) {
      if (!Array.isArray(ring) || ring.length < 4) return 'a ring has fewer than 4 positions';
      for (const position of ring) {
        const lon = position[0] as number;
        const lat = position[1] as number;
        if (!Number.isFinite(lon) || !Number.isFinite(lat)) return 'a position is not a number';
        const problem = rangeProblem(lon, lat);
        if (problem) return problem;
      }
    }
  }
  return null;
}

const rangeProblem = (lon: number, lat: number): string | null =>
  Math.abs(lon) > 180 || Math.abs(lat) > 90
    ? `(${lon}, ${lat}) is not a longitude/latitude position (is the CRS declared?)`
    : null;

/** What ringProblem says of a flat outline whose rings the scanner checked (4+ finite positions). */
function flatRangeProblem(xy: Float64Array): string | null {
  for (let k = 0; k < xy.length; k += 2) {
    const lon = xy[k] as number;
    const lat = xy[k + 1] as number;
    if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return rangeProblem(lon, lat);
  }
  return null;
}

/** A number from an attribute: null when empty; a refusal naming the feature when not a number. */
function readNumber(value: unknown, where: string, column: string): number | null {
  // A shapefile's empty numeric field reads as NaN (dBASE has no null).
  if (
    value === undefined ||
    value === null ||
    value === '' ||
    (typeof value === 'number' && Number.isNaN(value))
  )
    return null;
  if (typeof value === 'string' && /^\s*\**\s*$/.test(value)) return null;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(number) || number < 0)
    throw new Refusal(`${where}: ${column} "${String(value).slice(0, 40)}" is not a number of acres`);
  return number;
}

/** What sitesOfLayer reads: a layer's features, outlines GeoJSON or already flat (scanned). */
interface SitesLayer {
  layer: string;
  fields: string[];
  features: readonly {
    properties: Record<string, unknown> | null;
    geometry: Geometry | FlatSiteGeometry | null;
  }[];
}

async function sitesOfLayer(
  name: string,
  layer: SitesLayer,
  notes: string[],
  options: ReadSitesOptions,
): Promise<ParsedSites> {
  const { features } = layer;
  const total = features.length;
  if (total > MAX_IMPORT_SITES)
    throw new Refusal(
      `${name}: ${total.toLocaleString('en-US')} features is over the limit (${IMPORT_LIMIT_TEXT}); split it into smaller files`,
    );
  if (total === 0) throw new Refusal(`${name}: layer ${layer.layer} has no features`);
  const columns = layer.fields;
  let mapping: SiteColumnMapping;
  if (options.mapping) {
    for (const attribute of SITE_ATTRIBUTES) {
      const column = options.mapping[attribute];
      if (column && !columns.includes(column))
        throw new Refusal(
          `${name}: the mapping names column "${column}" for ${attribute}, which the file does not have (columns: ${columns.join(', ') || 'none'})`,
        );
    }
    mapping = options.mapping;
  } else {
    const { guess, ambiguous } = guessSiteColumns(columns);
    if (ambiguous.length > 0)
      return {
        ok: false,
        needsMapping: { columns, guess },
        message: `${name}: cannot tell which column holds the ${ambiguous.join(', ')}; choose the columns`,
      };
    mapping = guess;
  }

  const sites: UserSite[] = [];
  const warnings = [...notes];
  const used = new Set<string>();
  let family: Family | null = null;
  let firstOfFamily = 0;
  let outside = 0;
  let computedAcres = 0;
  for (let index = 0; index < total; index++) {
    if (index % YIELD_EVERY === 0 && index > 0) {
      options.onProgress?.(index, total);
      await nextTask();
    }
    if (options.signal?.aborted) throw new Cancelled();
    const feature = features[index] as SitesLayer['features'][number];
    const number = index + 1;
    const where = `${name}, feature ${number}`;
    const read = feature.geometry;
    // A scanned outline is flat, and never empty.
    const flat = read && 'xy' in read ? read : null;
    const geometry = (flat ? { type: flat.type, coordinates: [0] } : read) as Geometry | null;
    if (isEmpty(geometry)) throw new Refusal(`${where}: empty geometry (no coordinates)`);
    const kind = familyOf(geometry as Geometry);
    if (kind === null)
      throw new Refusal(
        `${where}: a ${(geometry as Geometry).type} is not a site; sites are points or polygons`,
      );
    if (family === null) {
      family = kind;
      firstOfFamily = number;
    } else if (kind !== family)
      throw new Refusal(
        `${where}: mixed geometry types — a ${(geometry as Geometry).type} after ${family === 'point' ? 'points' : 'polygons'} (from feature ${firstOfFamily}); import points and polygons as separate files`,
      );
    const properties = feature.properties ?? {};
    const value = (attribute: keyof SiteColumnMapping) => {
      const column = mapping[attribute];
      return column ? properties[column] : undefined;
    };
    const actionValue = value('action');
    const action = readAction(actionValue);
    if (!action)
      throw new Refusal(
        `${where}: action "${String(actionValue).slice(0, 40)}" is not one of restoration, creation, preservation, conversion, stormwater-pond`,
      );
    const typeValue = value('wetlandType');
    const wetlandType = readWetlandType(typeValue);
    if (typeValue !== undefined && typeValue !== null && typeValue !== '' && wetlandType === null)
      warnings.push(
        `feature ${number}: wetland type "${String(typeValue).slice(0, 40)}" ignored (Circular 39 types are 1 to 8)`,
      );
    const acresColumn = mapping.acres ?? 'acres';
    let acres = readNumber(value('acres'), where, acresColumn);
    const credits = readNumber(value('credits'), where, mapping.credits ?? 'credits');
    const rawId = value('id') ?? (feature as { id?: unknown }).id;
    const id = claimId(
      `${options.idPrefix}${rawId !== undefined && rawId !== null && String(rawId) !== '' ? String(rawId).slice(0, MAX_SITE_ID_LENGTH) : number}`,
      used,
      `feature ${number}`,
      warnings,
    );
    const nameValue = value('name');
    const siteName = (
      nameValue === undefined || nameValue === null || String(nameValue).trim() === ''
        ? `Imported site ${number}`
        : String(nameValue).trim()
    ).slice(0, 500);

    let site: UserSite;
    if (kind === 'point') {
      const [lon, lat] = (geometry as { coordinates: number[] }).coordinates.map(Number);
      const problem = checkPoint(lon ?? Number.NaN, lat ?? Number.NaN);
      if (problem) throw new Refusal(`${where}: ${problem}`);
      site = { id, name: siteName, location: [lon as number, lat as number], action };
      const [west, south, east, north] = MINNESOTA_BOX;
      if (
        (lon as number) < west ||
        (lon as number) > east ||
        (lat as number) < south ||
        (lat as number) > north
      )
        site.outsideMinnesota = true;
    } else {
      let outline = flat;
      if (!outline) {
        const nested = geometry as Polygon | MultiPolygon;
        const polygons = (
          nested.type === 'Polygon' ? [nested.coordinates] : nested.coordinates
        ) as Position[][][];
        const problem = ringProblem(polygons);
        if (problem) throw new Refusal(`${where}: ${problem}`);
        outline = flattenOutline(nested.type, polygons);
      } else {
        const problem = flatRangeProblem(outline.xy);
        if (problem) throw new Refusal(`${where}: ${problem}`);
      }
      const { area, location, outside } = measureOutline(outline, MINNESOTA_BOX);
      if (!(area >= MIN_AREA_M2))
        throw new Refusal(`${where}: the polygon has no area (its vertices are collinear or repeated)`);
      if (acres === null) {
        acres = Math.round((area / SQUARE_METRES_PER_ACRE) * 100) / 100;
        computedAcres++;
      }
      site = { id, name: siteName, location, action, geometry: outline };
      if (outside) site.outsideMinnesota = true;
    }
    if (wetlandType) site.wetlandType = wetlandType;
    if (acres !== null) site.acres = acres;
    if (credits !== null) site.credits = credits;
    if (site.outsideMinnesota) outside++;
    sites.push(site);
  }
  options.onProgress?.(total, total);
  if (outside > 0)
    warnings.push(
      `${outside} of ${total} sites lie outside Minnesota: kept and listed as "outside Minnesota"`,
    );
  if (computedAcres > 0 && mapping.acres)
    warnings.push(`${computedAcres} sites have no ${mapping.acres}: their acres are the outline's area`);
  return { ok: true, sites, warnings: warnings.map((warning) => `${name}: ${warning}`) };
}
