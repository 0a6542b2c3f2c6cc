import { FieldError } from './fieldError.ts';
import { UNIT_KEYS } from './mergeUnits.ts';
import { AREA_CLASSES, type LngLat, type Units } from './types.ts';

/** Plain object check for parsed JSON. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an object, rejecting keys outside `allowed` so a misspelt flag is never silently ignored. */
export function readObject(
  value: unknown,
  field: string,
  allowed: readonly string[],
): Record<string, unknown> {
  if (!isRecord(value)) throw new FieldError(field, 'must be an object');
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw new FieldError(`${field}.${key}`, 'unknown field');
  }
  return value;
}

/** Reads one of a fixed list of strings; `fallback` when absent. */
export function readEnum<T extends string>(
  value: unknown,
  field: string,
  options: readonly T[],
  fallback?: T,
): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (value === undefined) throw new FieldError(field, 'is missing');
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
    throw new FieldError(
      field,
      `unknown value ${JSON.stringify(value)}; expected one of ${options.join(', ')}`,
    );
  }
  return value as T;
}

/** Reads an optional enum: absent or null gives null. */
export function readOptionalEnum<T extends string>(
  value: unknown,
  field: string,
  options: readonly T[],
): T | null {
  return value === undefined || value === null ? null : readEnum(value, field, options);
}

/** Reads a boolean; `fallback` when absent. */
export function readBoolean(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new FieldError(field, 'must be true or false');
  return value;
}

/** Reads an optional boolean: absent or null gives null. */
export function readOptionalBoolean(value: unknown, field: string): boolean | null {
  return value === undefined || value === null ? null : readBoolean(value, field, false);
}

/** Reads a finite number not below zero. */
export function readNonNegative(value: unknown, field: string): number {
  if (value === undefined || value === null) throw new FieldError(field, 'is missing');
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new FieldError(field, 'must be a number');
  if (value < 0) throw new FieldError(field, 'must not be negative');
  return value;
}

/** Reads an optional string. */
export function readOptionalString(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new FieldError(field, 'must be a string');
  return value;
}

/** Reads an optional calendar date written yyyy-mm-dd. */
export function readOptionalDate(value: unknown, field: string): string | null {
  const text = readOptionalString(value, field);
  if (text === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== text)
    throw new FieldError(field, 'must be a date yyyy-mm-dd');
  return text;
}

/** Reads an optional [longitude, latitude] pair in WGS84 degrees. */
export function readOptionalLocation(value: unknown, field: string): LngLat | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length !== 2)
    throw new FieldError(field, 'must be [longitude, latitude]');
  const [lon, lat] = value as unknown[];
  if (typeof lon !== 'number' || !Number.isFinite(lon))
    throw new FieldError(`${field}[0]`, 'longitude must be a number');
  if (typeof lat !== 'number' || !Number.isFinite(lat))
    throw new FieldError(`${field}[1]`, 'latitude must be a number');
  if (lon < -180 || lon > 180) throw new FieldError(`${field}[0]`, 'longitude must be between -180 and 180');
  if (lat < -90 || lat > 90) throw new FieldError(`${field}[1]`, 'latitude must be between -90 and 90');
  return [lon, lat];
}

function readCode(value: unknown, field: string, digits: number): string | null {
  if (value === undefined || value === null) return null;
  // A number may have lost its leading zeros (41001 for "41001", 1003 for "01003") but never
  // has more digits than the code.
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 10 ** digits)
    return String(value).padStart(digits, '0');
  if (typeof value === 'string' && new RegExp(`^\\d{${digits}}$`).test(value)) return value;
  throw new FieldError(field, `must be a ${digits}-digit code`);
}

function readPositiveInteger(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new FieldError(field, 'must be a positive whole number');
  }
  return value;
}

/** Reads a units object; codes given as numbers are zero-padded (minor watershed and county). */
export function readUnits(value: unknown, field: string): Units {
  if (value === undefined || value === null) return {};
  const raw = readObject(value, field, UNIT_KEYS);
  const units: Units = {};
  const minor = readCode(raw.minorWatershed, `${field}.minorWatershed`, 5);
  if (minor !== null) units.minorWatershed = minor;
  const major = readPositiveInteger(raw.majorWatershed, `${field}.majorWatershed`);
  if (major !== null) units.majorWatershed = major;
  const bankServiceArea = readPositiveInteger(raw.bankServiceArea, `${field}.bankServiceArea`);
  if (bankServiceArea !== null) units.bankServiceArea = bankServiceArea;
  const county = readCode(raw.county, `${field}.county`, 5);
  if (county !== null) units.county = county;
  const areaClass = readOptionalEnum(raw.areaClass, `${field}.areaClass`, AREA_CLASSES);
  if (areaClass !== null) units.areaClass = areaClass;
  const countyAreaClass = readOptionalEnum(raw.countyAreaClass, `${field}.countyAreaClass`, AREA_CLASSES);
  if (countyAreaClass !== null) units.countyAreaClass = countyAreaClass;
  return units;
}
