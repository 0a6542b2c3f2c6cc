import { AREA_CLASSES, type AreaClass } from './types.ts';

/**
 * A reclassification of a county or major watershed (103G.222 subd. 1(o)/(p); Minn. R. 8420.0117
 * subp. 2). Overrides are data handed to the engine, never code.
 */
export interface AreaClassOverride {
  unit: 'majorWatershed' | 'county';
  /** Major watershed number, or county FIPS code. */
  id: number | string;
  areaClass: AreaClass;
  /** Where the reclassification is recorded (e.g. the board's notice). */
  source?: string;
}

/** Result of reading override data: the overrides, or the field at fault. */
export type ParseOverridesResult =
  | { ok: true; value: AreaClassOverride[] }
  | { ok: false; error: { field: string; message: string } };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads override data (e.g. parsed `data/area-class-overrides.json`): an array of
 * `{unit: "majorWatershed" | "county", id, areaClass}`, or of `{majorWatershed: 41, areaClass}` /
 * `{county: "27109", areaClass}`.
 */
export function parseAreaClassOverrides(value: unknown): ParseOverridesResult {
  if (!Array.isArray(value)) return { ok: false, error: { field: 'overrides', message: 'must be an array' } };
  const overrides: AreaClassOverride[] = [];
  for (const [index, entry] of value.entries()) {
    const field = `overrides[${index}]`;
    if (!isRecord(entry)) return { ok: false, error: { field, message: 'must be an object' } };
    const areaClass = entry.areaClass;
    if (typeof areaClass !== 'string' || !(AREA_CLASSES as readonly string[]).includes(areaClass)) {
      return {
        ok: false,
        error: { field: `${field}.areaClass`, message: `must be one of ${AREA_CLASSES.join(', ')}` },
      };
    }
    let unit: unknown = entry.unit;
    let id: unknown = entry.id;
    if (unit === undefined && entry.majorWatershed !== undefined)
      [unit, id] = ['majorWatershed', entry.majorWatershed];
    if (unit === undefined && entry.county !== undefined) [unit, id] = ['county', entry.county];
    if (unit === 'majorWatershed') {
      if (typeof id !== 'number' || !Number.isInteger(id)) {
        return { ok: false, error: { field: `${field}.id`, message: 'major watershed must be an integer' } };
      }
    } else if (unit === 'county') {
      if (typeof id !== 'string' || !/^\d{5}$/.test(id)) {
        return {
          ok: false,
          error: { field: `${field}.id`, message: 'county must be a 5-digit FIPS string' },
        };
      }
    } else {
      return {
        ok: false,
        error: { field: `${field}.unit`, message: 'must be "majorWatershed" or "county"' },
      };
    }
    const source = typeof entry.source === 'string' ? entry.source : undefined;
    overrides.push({ unit, id, areaClass: areaClass as AreaClass, ...(source ? { source } : {}) });
  }
  return { ok: true, value: overrides };
}
