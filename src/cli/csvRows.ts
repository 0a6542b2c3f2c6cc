import { parseOutlineText } from '../formats/geometry/parseOutlineText.ts';
import type { SiteGeometry } from '../formats/geometry/siteGeometry.ts';
import type { Candidate, Impact } from '../siting/index.ts';
import { FieldError, readCandidate, readImpact } from '../siting/index.ts';
import { UsageError } from './cliErrors.ts';
import type { CsvRecord } from './csv.ts';
import { outlineAcres, outlinePoint } from './locateImpactOutline.ts';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
type ColumnType = 'string' | 'number' | 'boolean';

/** Columns of impacts.csv (documented in src/cli/README.md). */
export const IMPACT_COLUMNS: Record<string, ColumnType> = {
  id: 'string',
  lon: 'number',
  lat: 'number',
  acres: 'number',
  land: 'string',
  project: 'string',
  cultivatedField: 'boolean',
  afterTheFact: 'boolean',
  applicationDate: 'string',
  partiallyDrainedAcres: 'number',
  wetlandType: 'string',
  stateRoad: 'boolean',
  minorWatershed: 'string',
  majorWatershed: 'number',
  bankServiceArea: 'number',
  county: 'string',
  areaClass: 'string',
  // The impact's outline (WKT or GeoJSON, WGS84): ranked for its best part (issue 31 item 10).
  geometry: 'string',
};

/** Columns of sites.csv (documented in src/cli/README.md). */
export const CANDIDATE_COLUMNS: Record<string, ColumnType> = {
  id: 'string',
  kind: 'string',
  name: 'string',
  lon: 'number',
  lat: 'number',
  action: 'string',
  pretreatment: 'boolean',
  functioningAsWetland: 'boolean',
  bankApplicationDate: 'string',
  availableCredits: 'number',
  eisIdentified: 'boolean',
  eisAdequacyDate: 'string',
  wetlandType: 'string',
  bankStatus: 'string',
  minorWatershed: 'string',
  majorWatershed: 'number',
  bankServiceArea: 'number',
  county: 'string',
  areaClass: 'string',
};

const UNIT_COLUMNS = ['minorWatershed', 'majorWatershed', 'bankServiceArea', 'county', 'areaClass'];

/** Checks a header row against the known columns. @throws UsageError */
export function readHeader(record: CsvRecord | undefined, columns: Record<string, ColumnType>, file: string) {
  if (!record) throw new UsageError(`${file}: empty file, expected a header row`);
  const header = record.fields.map((name) => name.trim());
  for (const name of header) {
    if (!(name in columns)) throw new UsageError(`${file} line 1: ${name || '(blank)'}: unknown column`);
  }
  if (!header.includes('id')) throw new UsageError(`${file} line 1: id: column is missing`);
  return header;
}

/** Typed values of a row; text that does not fit its type is kept so the reader names the field. */
function rowValues(record: CsvRecord, header: string[], columns: Record<string, ColumnType>, file: string) {
  if (record.fields.length !== header.length) {
    throw new UsageError(
      `${file} line ${record.line}: has ${record.fields.length} fields, header has ${header.length}`,
    );
  }
  const values: Record<string, unknown> = {};
  header.forEach((name, index) => {
    const text = (record.fields[index] ?? '').trim();
    if (text === '') return;
    const type = columns[name];
    if (type === 'number') values[name] = NUMBER.test(text) ? Number(text) : text;
    else if (type === 'boolean')
      values[name] = /^true$/i.test(text) ? true : /^false$/i.test(text) ? false : text;
    else values[name] = text;
  });
  return values;
}

/** The object shape the scenario readers take, built from flat columns. */
function toPlace(values: Record<string, unknown>): Record<string, unknown> {
  const { lon, lat, ...rest } = values;
  const place: Record<string, unknown> = {};
  const units: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (UNIT_COLUMNS.includes(key)) units[key] = value;
    else place[key] = value;
  }
  if (lon !== undefined || lat !== undefined) place.location = [lon ?? null, lat ?? null];
  if (Object.keys(units).length > 0) place.units = units;
  return place;
}

/** Names a reader's field path in CSV terms: `row.location[0]` is `lon`, `row.units.county` is `county`. */
function columnOf(field: string): string {
  return field
    .replace(/^row\.?/, '')
    .replace(/^location\[0\]$/, 'lon')
    .replace(/^location\[1\]$/, 'lat')
    .replace(/^units\./, '');
}

function read<T>(
  reader: (value: unknown, field: string) => T,
  value: unknown,
  file: string,
  line: number,
): T {
  try {
    return reader(value, 'row');
  } catch (error) {
    if (error instanceof FieldError) {
      throw new UsageError(`${file} line ${line}: ${columnOf(error.field)}: ${error.problem}`);
    }
    throw error;
  }
}

/** One impacts.csv row as an impact and its id. @throws UsageError naming line and column */
export function impactFromRow(
  record: CsvRecord,
  header: string[],
  file: string,
): { id: string; impact: Impact; outline: SiteGeometry | null } {
  const { id, geometry, ...values } = rowValues(record, header, IMPACT_COLUMNS, file);
  if (typeof id !== 'string') throw new UsageError(`${file} line ${record.line}: id: is missing`);
  let outline: SiteGeometry | null = null;
  if (typeof geometry === 'string') {
    try {
      outline = parseOutlineText(geometry);
    } catch (error) {
      throw new UsageError(`${file} line ${record.line}: geometry: ${(error as Error).message}`);
    }
    // Acres not given: the outline's area, as the page fills them from a drawn area.
    if (values.acres === undefined) values.acres = outlineAcres(outline);
    // No point given: one on the outline's surface (its units come from its area, later).
    if (values.lon === undefined && values.lat === undefined)
      [values.lon, values.lat] = outlinePoint(outline);
  }
  return { id, impact: read(readImpact, toPlace(values), file, record.line), outline };
}

/** One sites.csv row as a candidate. @throws UsageError naming line and column */
export function candidateFromRow(record: CsvRecord, header: string[], file: string): Candidate {
  const values = rowValues(record, header, CANDIDATE_COLUMNS, file);
  return read(readCandidate, toPlace(values), file, record.line);
}
