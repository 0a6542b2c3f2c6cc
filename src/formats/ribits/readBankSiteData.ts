import type { MultiPolygon, Polygon } from 'geojson';
import { locateOnArea } from './locateOnArea.ts';
import { type MinnesotaBankName, parseMinnesotaBankName } from './parseMinnesotaBankName.ts';
import { RibitsShapeError } from './RibitsShapeError.ts';
import { MAX_NAME_LENGTH } from './readBankSiteList.ts';
import { readGeoJsonString } from './readGeoJsonString.ts';

/** Where a bank's location came from: RIBITS' own point, else its footprint, else its service area. */
export type LocationFrom = 'point' | 'footprint' | 'service-area';

/** One service area of a bank (`SERVICE_AREAS[]`). */
export interface RibitsServiceArea {
  /** `SERVICE_AREA_NAME`. */
  name: string;
  /** `GEOM`, parsed from its GeoJSON string; null when RIBITS gives none. */
  geometry: Polygon | MultiPolygon | null;
}

/** A person or organisation named in the detail (`show_contacts`); every field as RIBITS gives it, or null. */
export interface RibitsContact {
  /** Which list it came from: `BANK_SPONSORS`, `BANK_POCS`, `BANK_MANAGERS`, `BANK_IRT_MEMBERS`, `BANK_OTHER_CONTACTS`. */
  role: 'sponsor' | 'point-of-contact' | 'manager' | 'irt-member' | 'other';
  name: string | null;
  title: string | null;
  phone: string | null;
  /** `POC_TYPE` for points of contact. */
  type: string | null;
}

/**
 * One `LEDGER` entry. Field names are RIBITSr's notes (`data-raw/ribits_field_reference.md`);
 * no captured Minnesota ledger has been seen, so every value is optional and a value of an
 * unexpected type is dropped (null), never guessed.
 */
export interface RibitsLedgerEntry {
  transactionId: number | null;
  transactionType: string | null;
  jurisdiction: string | null;
  /** ISO date when RIBITS wrote MM/DD/YYYY; else null, with the text in `transactionDateText`. */
  transactionDate: string | null;
  transactionDateText: string | null;
  credits: number | null;
  acres: number | null;
  creditTypeList: string | null;
  creditClassification: string | null;
  comment: string | null;
  isTransferred: string | null;
  isPurchased: string | null;
  permittee: string | null;
  permitList: string | null;
  impactHuc: string | null;
  impactQuantity: number | null;
}

/** A bank as the refresh keeps it: `bank_site_data` → `ITEMS[0]`, typed and checked. */
export interface RibitsBankRecord {
  bankId: number;
  /** `BANK_NAME`. */
  name: string;
  /** What the name says (county, BWSR site and account); null when not written `MN - …`. */
  parsedName: MinnesotaBankName | null;
  /** `BANK_STATUS` (Approved, Sold-Out, Pending, …). */
  status: string | null;
  /** `BANK_STATUS_DATE` (MM/DD/YYYY) as an ISO date. */
  statusDate: string | null;
  /** `BANK_TYPE` (Private Commercial, Single-Client, …). */
  bankType: string | null;
  /** `KIND_OF_BANK` (Standard, ILF, Umbrella, NRDA) — documented only by RIBITSr. */
  kindOfBank: string | null;
  /** `DISTRICT` (the USACE district, e.g. St. Paul). */
  district: string | null;
  /** `STATE_LIST`, split on commas. */
  states: string[];
  /** `COUNTY_LIST` ("Elliott [KY]" in RIBITSr's notes), split on commas, the `[ST]` dropped. */
  counties: string[];
  /** `TOTAL_ACRES`. */
  totalAcres: number | null;
  serviceAreas: RibitsServiceArea[];
  /** `BANK_FOOTPRINT[].GEOM`. */
  footprints: (Polygon | MultiPolygon)[];
  /** `[longitude, latitude]`, from `locationFrom`; null when RIBITS gives no point, footprint or service area. */
  location: [number, number] | null;
  locationFrom: LocationFrom | null;
  /** `BANK_GEOMETRY_OBSCURED` = 1 (documented only by RIBITSr): RIBITS hides the exact place. */
  locationObscured: boolean;
  contacts: RibitsContact[];
  /** `LEDGER`; null when the answer carries none (not asked, or RIBITS sent null). */
  ledger: RibitsLedgerEntry[] | null;
  /** `RIBITS_URL_TO_BANK`. */
  ribitsUrl: string | null;
}

/** Bounds on one bank's detail. */
export const MAX_SERVICE_AREAS = 100;
export const MAX_FOOTPRINTS = 500;
export const MAX_LEDGER_ENTRIES = 100_000;
export const MAX_CONTACTS = 500;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;
const numberOrNull = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

/**
 * An `MM/DD/YYYY` date (RIBITS' `BANK_STATUS_DATE`, e.g. `06/01/2021`) as `YYYY-MM-DD`; null when
 * the text is not such a date (including impossible ones such as 02/30/2021).
 */
export function isoFromUsDate(value: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

function list(value: unknown, where: string, max: number): Record<string, unknown>[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new RibitsShapeError(`${where} is not a list`);
  if (value.length > max)
    throw new RibitsShapeError(`${where} has ${value.length} entries, more than ${max}`);
  return value.map((entry, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new RibitsShapeError(`${where}[${i}] is not an object`);
    return entry as Record<string, unknown>;
  });
}

const CONTACT_LISTS = [
  ['BANK_SPONSORS', 'sponsor'],
  ['BANK_POCS', 'point-of-contact'],
  ['BANK_MANAGERS', 'manager'],
  ['BANK_IRT_MEMBERS', 'irt-member'],
  ['BANK_OTHER_CONTACTS', 'other'],
] as const;

function contactName(entry: Record<string, unknown>): string | null {
  const person = [text(entry.FIRST_NAME), text(entry.LAST_NAME)].filter((p) => p !== null).join(' ');
  return text(entry.SPONSOR_NAME) ?? text(entry.NAME) ?? (person === '' ? null : person);
}

function ledgerEntry(entry: Record<string, unknown>): RibitsLedgerEntry {
  const dateText = text(entry.TRANSACTION_DATE);
  return {
    transactionId: numberOrNull(entry.TRANSACTION_ID),
    transactionType: text(entry.TRANSACTION_TYPE),
    jurisdiction: text(entry.JURISDICTION),
    transactionDate: dateText === null ? null : isoFromUsDate(dateText),
    transactionDateText: dateText,
    credits: numberOrNull(entry.CREDITS),
    acres: numberOrNull(entry.ACRES),
    creditTypeList: text(entry.CREDIT_TYPE_LIST),
    creditClassification: text(entry.CREDIT_CLASSIFICATION),
    comment: text(entry.COMMENT),
    isTransferred: text(entry.IS_TRANSFERRED),
    isPurchased: text(entry.IS_PURCHASED),
    permittee: text(entry.PERMITTEE),
    permitList: text(entry.PERMIT_LIST),
    // The field's name in the live answer is unverified (RIBITS-LEDGERS.md): either is read.
    impactHuc: text(entry.IMPACT_HUC) ?? text(entry.IMPACT_HUC_LIST),
    impactQuantity: numberOrNull(entry.IMPACT_QUANTITY),
  };
}

/**
 * Reads a parsed `bank_site_data` answer for one bank: `{"ITEMS":[{BANK_ID, BANK_NAME, DISTRICT,
 * STATE_LIST, COUNTY_LIST, TOTAL_ACRES, BANK_STATUS, BANK_STATUS_DATE "MM/DD/YYYY", BANK_TYPE,
 * SERVICE_AREAS:[{SERVICE_AREA_NAME, GEOM}], BANK_FOOTPRINT:[{GEOM}], BANK_LOCATION_CENTROID,
 * BANK_SPONSORS, BANK_POCS, BANK_MANAGERS, LEDGER, …}]}` — the fields USACE's own script reads
 * (geometries are GeoJSON strings). Location: RIBITS' point, else a point on the footprint, else
 * on the service areas (`locationFrom` says which), else none.
 * @param bankId the bank asked for: the answer must be that bank
 * @param request names the request in errors
 * @throws RibitsShapeError naming the bank, the request and the field at fault
 */
export function readBankSiteData(answer: unknown, bankId: number, request: string): RibitsBankRecord {
  const where = `bank ${bankId} (${request})`;
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    throw new RibitsShapeError(`${where}: expected a JSON object with "ITEMS"`);
  const items = (answer as Record<string, unknown>).ITEMS;
  if (!Array.isArray(items)) throw new RibitsShapeError(`${where}: no "ITEMS" array`);
  if (items.length !== 1)
    throw new RibitsShapeError(`${where}: "ITEMS" has ${items.length} entries, expected 1`);
  const item = items[0];
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    throw new RibitsShapeError(`${where}: ITEMS[0] is not an object`);
  const row = item as Record<string, unknown>;
  if (row.BANK_ID !== bankId)
    throw new RibitsShapeError(`${where}: answered for BANK_ID ${JSON.stringify(row.BANK_ID)}`);
  const name = row.BANK_NAME ?? row.NAME;
  if (typeof name !== 'string' || name.trim() === '') throw new RibitsShapeError(`${where}: no "BANK_NAME"`);
  if (name.length > MAX_NAME_LENGTH)
    throw new RibitsShapeError(`${where}: "BANK_NAME" has ${name.length} characters`);
  const statusDateText = text(row.BANK_STATUS_DATE);
  const statusDate = statusDateText === null ? null : isoFromUsDate(statusDateText);
  if (statusDateText !== null && statusDate === null)
    throw new RibitsShapeError(
      `${where}: "BANK_STATUS_DATE" ${JSON.stringify(statusDateText)} is not a MM/DD/YYYY date`,
    );
  for (const field of ['BANK_STATUS', 'BANK_TYPE', 'DISTRICT', 'STATE_LIST', 'COUNTY_LIST'] as const)
    if (row[field] !== undefined && row[field] !== null && typeof row[field] !== 'string')
      throw new RibitsShapeError(`${where}: "${field}" is not text (${JSON.stringify(row[field])})`);
  if (row.TOTAL_ACRES !== undefined && row.TOTAL_ACRES !== null && numberOrNull(row.TOTAL_ACRES) === null)
    throw new RibitsShapeError(
      `${where}: "TOTAL_ACRES" is not a number (${JSON.stringify(row.TOTAL_ACRES)})`,
    );

  const serviceAreas = list(row.SERVICE_AREAS, `${where}: SERVICE_AREAS`, MAX_SERVICE_AREAS).map((sa, i) => ({
    name: text(sa.SERVICE_AREA_NAME) ?? `Service area ${i + 1}`,
    geometry: readGeoJsonString(sa.GEOM, 'Polygon', `${where}: SERVICE_AREAS[${i}].GEOM`),
  }));
  const footprints = list(row.BANK_FOOTPRINT, `${where}: BANK_FOOTPRINT`, MAX_FOOTPRINTS)
    .map((fp, i) => readGeoJsonString(fp.GEOM, 'Polygon', `${where}: BANK_FOOTPRINT[${i}].GEOM`))
    .filter((g) => g !== null);
  const point = readGeoJsonString(row.BANK_LOCATION_CENTROID, 'Point', `${where}: BANK_LOCATION_CENTROID`);
  let location: [number, number] | null = null;
  let locationFrom: LocationFrom | null = null;
  if (point) {
    location = [point.coordinates[0]!, point.coordinates[1]!];
    locationFrom = 'point';
  } else if (footprints.length > 0) {
    location = locateOnArea(footprints);
    locationFrom = 'footprint';
  } else {
    const areas = serviceAreas.flatMap((sa) => (sa.geometry ? [sa.geometry] : []));
    if (areas.length > 0) {
      location = locateOnArea(areas);
      locationFrom = 'service-area';
    }
  }
  const contacts: RibitsContact[] = CONTACT_LISTS.flatMap(([field, role]) =>
    list(row[field], `${where}: ${field}`, MAX_CONTACTS).map((c) => ({
      role,
      name: contactName(c),
      title: text(c.TITLE),
      phone: text(c.PHONE),
      type: text(c.POC_TYPE),
    })),
  );
  const ledger =
    row.LEDGER === null || row.LEDGER === undefined
      ? null
      : list(row.LEDGER, `${where}: LEDGER`, MAX_LEDGER_ENTRIES).map(ledgerEntry);
  const split = (value: unknown) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : [];
  return {
    bankId,
    name,
    parsedName: parseMinnesotaBankName(name),
    status: text(row.BANK_STATUS),
    statusDate,
    bankType: text(row.BANK_TYPE),
    kindOfBank: text(row.KIND_OF_BANK),
    district: text(row.DISTRICT),
    states: split(row.STATE_LIST),
    counties: split(row.COUNTY_LIST).map((c) => c.replace(/\s*\[[A-Z]{2}\]\s*$/, '')),
    totalAcres: numberOrNull(row.TOTAL_ACRES),
    serviceAreas,
    footprints,
    location,
    locationFrom,
    locationObscured: row.BANK_GEOMETRY_OBSCURED === 1 || row.BANK_GEOMETRY_OBSCURED === '1',
    contacts,
    ledger,
    ribitsUrl: text(row.RIBITS_URL_TO_BANK),
  };
}
