import type { AreaClassOverride } from './areaClassOverride.ts';
import type { RuleSet } from './ruleset.ts';
import type { ResolvedUnits, Units } from './types.ts';

/**
 * Fills every unit field (null when unknown) and resolves the wetland area class as
 * given ?? override[majorWatershed] ?? override[county] ?? county class (layer, then Minn. R.
 * 8420.0117 subp. 1 table). A missing major watershed is read from the minor watershed id, whose
 * first two digits are the major number (data/SCHEMA.md).
 */
export function resolveUnits(
  units: Units | undefined,
  ruleset: RuleSet,
  overrides: readonly AreaClassOverride[] = [],
): ResolvedUnits {
  const minorWatershed = units?.minorWatershed ?? null;
  const majorFromMinor =
    minorWatershed !== null && /^\d{5}$/.test(minorWatershed) ? Number(minorWatershed.slice(0, 2)) : null;
  const majorWatershed = units?.majorWatershed ?? majorFromMinor;
  const county = units?.county ?? null;
  const bankServiceArea = units?.bankServiceArea ?? null;
  const base = { minorWatershed, majorWatershed, bankServiceArea, county };

  const given = units?.areaClass ?? null;
  if (given !== null) return { ...base, areaClass: given, areaClassSource: 'given' };
  const majorOverride =
    majorWatershed === null
      ? undefined
      : overrides.find((entry) => entry.unit === 'majorWatershed' && entry.id === majorWatershed);
  if (majorOverride)
    return { ...base, areaClass: majorOverride.areaClass, areaClassSource: 'major-watershed-override' };
  const countyOverride =
    county === null ? undefined : overrides.find((entry) => entry.unit === 'county' && entry.id === county);
  if (countyOverride)
    return { ...base, areaClass: countyOverride.areaClass, areaClassSource: 'county-override' };
  const countyClass =
    units?.countyAreaClass ?? (county === null ? null : (ruleset.countyAreaClasses[county] ?? null));
  return { ...base, areaClass: countyClass, areaClassSource: countyClass === null ? null : 'county' };
}
