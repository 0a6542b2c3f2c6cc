/**
 * Reads proposed project-specific replacement sites from a CSV (lon/lat columns) or GeoJSON
 * (Point features) file. Pure; every rejection names the file, the row or feature, and the
 * problem. Names are kept as plain text (the page never renders them as HTML).
 */

import { parseCsv } from '../../formats/csv/parseCsv';
import { REPLACEMENT_ACTIONS, type ReplacementAction, WETLAND_TYPES, type WetlandType } from '../../siting';
import type { UserSite } from '../../siting/userSite';
import type { SiteColumnMapping } from './siteColumnMapping';

export type { SiteColumnMapping };

/**
 * A read sites file: the sites and what is worth telling, or why the file was refused
 * (`cancelled` when the reader's signal stopped it), or the columns to map when the reader
 * cannot tell which holds the name, action, wetland type, acres or credits.
 */
export type ParsedSites =
  | { ok: true; sites: UserSite[]; warnings: string[] }
  | { ok: false; message: string; cancelled?: true }
  | {
      ok: false;
      needsMapping: { columns: string[]; guess: Partial<SiteColumnMapping> };
      message: string;
    };

/** Limits of one read: file size and number of sites. */
export interface SitesFileLimits {
  maxBytes: number;
  maxSites: number;
}

/** Files larger than this are refused rather than freezing the tab. */
export const MAX_SITES_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_SITES = 10_000;
/** Ids longer than this are cut: the page's link and saved state refuse longer ones (src/store/urlState.ts). */
export const MAX_SITE_ID_LENGTH = 200;

const LON_NAMES = ['lon', 'lng', 'long', 'longitude', 'x'];
const LAT_NAMES = ['lat', 'latitude', 'y'];

export function readAction(value: unknown): ReplacementAction | null {
  const text = String(value ?? '')
    .trim()
    .toLowerCase();
  if (text === '') return 'restoration';
  return REPLACEMENT_ACTIONS.includes(text as ReplacementAction) ? (text as ReplacementAction) : null;
}

/**
 * Claims an id no earlier site of the file has, cut to MAX_SITE_ID_LENGTH. Two sites with one id
 * would make the page's saved state unreadable on reload (every site lost), so a repeat gets a
 * `-2`, `-3`, … suffix and a warning naming where it came from.
 */
export function claimId(wanted: string, used: Set<string>, where: string, warnings: string[]): string {
  const cut = (text: string, length: number) => {
    const head = text.slice(0, length);
    return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
  };
  let id = cut(wanted, MAX_SITE_ID_LENGTH);
  for (let n = 2; used.has(id); n++) id = `${cut(wanted, MAX_SITE_ID_LENGTH - 8)}-${n}`;
  if (id !== wanted)
    warnings.push(`${where}: id "${wanted.slice(0, 80)}" is already used or too long; kept as "${id}"`);
  used.add(id);
  return id;
}

export function checkPoint(lon: number, lat: number): string | null {
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return 'coordinates are not numbers';
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90)
    return `(${lon}, ${lat}) is not a longitude/latitude position`;
  return null;
}

function fromCsv(fileName: string, text: string, idPrefix: string, maxSites: number): ParsedSites {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const header = rows[0]?.map((cell) => cell.trim().toLowerCase());
  if (!header) return { ok: false, message: `${fileName}: the file is empty` };
  const lonColumn = header.findIndex((name) => LON_NAMES.includes(name));
  const latColumn = header.findIndex((name) => LAT_NAMES.includes(name));
  if (lonColumn < 0 || latColumn < 0) {
    return {
      ok: false,
      message: `${fileName}: needs "lon" and "lat" columns (found: ${header.join(', ') || 'none'})`,
    };
  }
  const nameColumn = header.findIndex((name) => name === 'name' || name === 'site' || name === 'site_name');
  const idColumn = header.indexOf('id');
  const actionColumn = header.indexOf('action');
  const typeColumn = header.findIndex(
    (name) => name === 'wetlandType' || name === 'wetlandtype' || name === 'type',
  );
  if (rows.length - 1 > maxSites)
    return {
      ok: false,
      message: `${fileName}: ${rows.length - 1} rows; at most ${maxSites} sites can be imported at once`,
    };
  const sites: UserSite[] = [];
  const warnings: string[] = [];
  const used = new Set<string>();
  for (let r = 1; r < rows.length; r++) {
    const cells = rows[r] ?? [];
    const lon = Number(cells[lonColumn]);
    const lat = Number(cells[latColumn]);
    const problem =
      (cells[lonColumn] ?? '').trim() === '' || (cells[latColumn] ?? '').trim() === ''
        ? 'lon or lat is empty'
        : checkPoint(lon, lat);
    if (problem) return { ok: false, message: `${fileName}, row ${r + 1}: ${problem}` };
    const action = readAction(actionColumn >= 0 ? cells[actionColumn] : '');
    if (!action)
      return {
        ok: false,
        message: `${fileName}, row ${r + 1}: action "${cells[actionColumn]}" is not one of ${REPLACEMENT_ACTIONS.join(', ')}`,
      };
    const id = claimId(
      idColumn >= 0 && cells[idColumn]?.trim() ? `${idPrefix}${cells[idColumn]?.trim()}` : `${idPrefix}${r}`,
      used,
      `row ${r + 1}`,
      warnings,
    );
    const name = (nameColumn >= 0 ? cells[nameColumn]?.trim() : '') || `Imported site ${r}`;
    const typeText = typeColumn >= 0 ? (cells[typeColumn] ?? '').trim() : '';
    const wetlandType = readWetlandType(typeText);
    if (typeText !== '' && wetlandType === null)
      return {
        ok: false,
        message: `${fileName}, row ${r + 1}: wetland type "${typeText}" is not a Circular 39 type 1 to 8`,
      };
    const site: UserSite = { id, name: name.slice(0, 500), location: [lon, lat], action };
    if (wetlandType) site.wetlandType = wetlandType;
    sites.push(site);
  }
  if (sites.length === 0) return { ok: false, message: `${fileName}: no data rows under the header` };
  return { ok: true, sites, warnings: warnings.map((warning) => `${fileName}: ${warning}`) };
}

function fromGeoJson(fileName: string, text: string, idPrefix: string, maxSites: number): ParsedSites {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `${fileName}: not valid JSON (${error instanceof Error ? error.message : 'parse error'})`,
    };
  }
  const record = value as { type?: unknown; features?: unknown };
  const features =
    record?.type === 'FeatureCollection' ? record.features : record?.type === 'Feature' ? [record] : null;
  if (!Array.isArray(features))
    return { ok: false, message: `${fileName}: expected a GeoJSON FeatureCollection or Feature` };
  if (features.length > maxSites)
    return {
      ok: false,
      message: `${fileName}: ${features.length} features; at most ${maxSites} sites can be imported at once`,
    };
  const sites: UserSite[] = [];
  const warnings: string[] = [];
  const used = new Set<string>();
  features.forEach((feature, index) => {
    const geometry = (feature as { geometry?: { type?: unknown; coordinates?: unknown } })?.geometry;
    const properties = ((feature as { properties?: unknown })?.properties ?? {}) as Record<string, unknown>;
    if (geometry?.type !== 'Point' || !Array.isArray(geometry.coordinates)) {
      warnings.push(`feature ${index + 1} skipped: only Point features are sites`);
      return;
    }
    const [lon, lat] = geometry.coordinates.map(Number);
    const problem = checkPoint(lon ?? Number.NaN, lat ?? Number.NaN);
    if (problem) {
      warnings.push(`feature ${index + 1} skipped: ${problem}`);
      return;
    }
    const action = readAction(properties.action);
    if (!action) {
      warnings.push(`feature ${index + 1} skipped: action "${String(properties.action)}" is not known`);
      return;
    }
    const rawId = properties.id ?? (feature as { id?: unknown }).id;
    const wetlandType = readWetlandType(properties.wetlandType);
    if (properties.wetlandType !== undefined && properties.wetlandType !== null && wetlandType === null)
      warnings.push(
        `feature ${index + 1}: wetland type "${String(properties.wetlandType)}" ignored (Circular 39 types are 1 to 8)`,
      );
    sites.push({
      ...(wetlandType ? { wetlandType } : {}),
      id: claimId(
        `${idPrefix}${rawId !== undefined && rawId !== null && String(rawId) !== '' ? String(rawId) : index + 1}`,
        used,
        `feature ${index + 1}`,
        warnings,
      ),
      name: String(properties.name ?? `Imported site ${index + 1}`).slice(0, 500),
      location: [lon as number, lat as number],
      action,
    });
  });
  if (sites.length === 0)
    return { ok: false, message: `${fileName}: no Point features with valid coordinates` };
  return { ok: true, sites, warnings: warnings.map((warning) => `${fileName}: ${warning}`) };
}

/** A Circular 39 type written "3", 3 or "Type 3"; null when empty or not a type. */
export function readWetlandType(value: unknown): WetlandType | null {
  if (value === undefined || value === null) return null;
  const bare = String(value)
    .trim()
    .replace(/^type\s*/i, '');
  return (WETLAND_TYPES as readonly string[]).includes(bare) ? (bare as WetlandType) : null;
}

/** Parses a sites file by its name (.csv, .geojson or .json). */
export function parseSitesFile(fileName: string, text: string, idPrefix = 'user-'): ParsedSites {
  return parseSitesText(fileName, text, idPrefix, { maxBytes: MAX_SITES_FILE_BYTES, maxSites: MAX_SITES });
}

/** parseSitesFile under other limits (src/geo/siteImport/readSitesFile.ts reads larger files). */
export function parseSitesText(
  fileName: string,
  text: string,
  idPrefix: string,
  limits: SitesFileLimits,
): ParsedSites {
  if (text.length > limits.maxBytes) {
    return {
      ok: false,
      message: `${fileName}: larger than ${limits.maxBytes / 1024 / 1024} MB; split it into smaller files`,
    };
  }
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt'))
    return fromCsv(fileName, text, idPrefix, limits.maxSites);
  if (lower.endsWith('.geojson') || lower.endsWith('.json'))
    return fromGeoJson(fileName, text, idPrefix, limits.maxSites);
  return {
    ok: false,
    message: `${fileName}: use a .csv file with lon and lat columns, or a .geojson file of points`,
  };
}
