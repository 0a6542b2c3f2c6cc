import type { AreaClassOverride } from './areaClassOverride.ts';
import type { RuleSet } from './ruleset.ts';
import type { AreaClass, CountyClass, ResolvedUnits, Units } from './types.ts';

/** /^\d{5}$/ without a regular expression: it runs once per candidate of a million. */
function isFiveDigits(text: string): boolean {
  if (text.length !== 5) return false;
  for (let i = 0; i < 5; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** The major number of a five-digit minor id: its first two digits. */
function majorOf(minor: string): number {
  return (minor.charCodeAt(0) - 48) * 10 + (minor.charCodeAt(1) - 48);
}

/**
 * Resolves the units of one place under fixed rules and overrides (see resolveUnits): into `out`
 * when given (ranking a million candidates reuses one object), else into a new object.
 */
export type UnitResolver = (units: Units | undefined, out?: ResolvedUnits) => ResolvedUnits;

/** The first override of each id for one kind of unit, as `overrides.find` would pick it. */
function firstById(
  overrides: readonly AreaClassOverride[],
  unit: AreaClassOverride['unit'],
): Map<number | string, AreaClassOverride> {
  const byId = new Map<number | string, AreaClassOverride>();
  for (const entry of overrides) {
    // Map keys match NaN to NaN where === never does; an override keyed NaN matches nothing.
    if (entry.unit !== unit || Number.isNaN(entry.id) || byId.has(entry.id)) continue;
    byId.set(entry.id, entry);
  }
  return byId;
}

/**
 * A resolveUnits with the overrides looked up by id once, for ranking many candidates under
 * the same overrides: the answer for every place is the one resolveUnits gives.
 */
export function createUnitResolver(
  ruleset: RuleSet,
  overrides: readonly AreaClassOverride[] = [],
): UnitResolver {
  const majorOverrides = firstById(overrides, 'majorWatershed');
  const countyOverrides = firstById(overrides, 'county');
  const countyClasses = ruleset.countyAreaClasses;
  /**
   * The class of each county on a line (override, then the layer's for the located county, then
   * the table), or null when the sides agree on whether the place is in a >80 % area.
   */
  const countyLineClasses = (
    touching: readonly string[],
    located: string | null,
    layerClass: AreaClass | null,
  ): CountyClass[] | null => {
    const line: CountyClass[] = [];
    for (const id of [...touching].sort()) {
      const areaClass =
        countyOverrides.get(id)?.areaClass ??
        (id === located && layerClass !== null ? layerClass : (countyClasses[id] ?? null));
      line.push({ county: id, areaClass });
    }
    // The statute tells a greater-than-80-percent area from the rest (subd. 1(g), 3(a)), never
    // 50-to-80 from less-than-50: only a line with such an area on one side leaves the class open.
    const inside = line.filter((side) => side.areaClass === 'greater-than-80').length;
    const outside = line.filter(
      (side) => side.areaClass !== null && side.areaClass !== 'greater-than-80',
    ).length;
    return inside === line.length || outside === line.length ? null : line;
  };
  const fill = (
    out: ResolvedUnits | undefined,
    minorWatershed: string | null,
    majorWatershed: number | null,
    bankServiceArea: number | null,
    county: string | null,
    areaClass: AreaClass | null,
    areaClassSource: ResolvedUnits['areaClassSource'],
    countyLine: readonly CountyClass[] | null = null,
  ): ResolvedUnits => {
    if (out === undefined)
      return {
        minorWatershed,
        majorWatershed,
        bankServiceArea,
        county,
        areaClass,
        areaClassSource,
        countyLine,
      };
    out.countyLine = countyLine;
    out.minorWatershed = minorWatershed;
    out.majorWatershed = majorWatershed;
    out.bankServiceArea = bankServiceArea;
    out.county = county;
    out.areaClass = areaClass;
    out.areaClassSource = areaClassSource;
    return out;
  };
  return (units, out) => {
    const minorWatershed = units?.minorWatershed ?? null;
    const majorFromMinor =
      minorWatershed !== null && isFiveDigits(minorWatershed) ? majorOf(minorWatershed) : null;
    const majorWatershed = units?.majorWatershed ?? majorFromMinor;
    const county = units?.county ?? null;
    const bankServiceArea = units?.bankServiceArea ?? null;

    const given = units?.areaClass ?? null;
    if (given !== null)
      return fill(out, minorWatershed, majorWatershed, bankServiceArea, county, given, 'given');
    const majorOverride =
      majorWatershed === null || majorOverrides.size === 0 ? undefined : majorOverrides.get(majorWatershed);
    if (majorOverride) {
      return fill(
        out,
        minorWatershed,
        majorWatershed,
        bankServiceArea,
        county,
        majorOverride.areaClass,
        'major-watershed-override',
      );
    }
    // On a county line, the class of each side; where they differ, no side decides it.
    const touching = units?.boundary?.county;
    if (touching !== undefined && touching.length > 1) {
      const line = countyLineClasses(touching, county, units?.countyAreaClass ?? null);
      if (line !== null)
        return fill(out, minorWatershed, majorWatershed, bankServiceArea, county, null, 'county-line', line);
    }
    const countyOverride =
      county === null || countyOverrides.size === 0 ? undefined : countyOverrides.get(county);
    if (countyOverride) {
      return fill(
        out,
        minorWatershed,
        majorWatershed,
        bankServiceArea,
        county,
        countyOverride.areaClass,
        'county-override',
      );
    }
    const countyClass = units?.countyAreaClass ?? (county === null ? null : (countyClasses[county] ?? null));
    return fill(
      out,
      minorWatershed,
      majorWatershed,
      bankServiceArea,
      county,
      countyClass,
      countyClass === null ? null : 'county',
    );
  };
}

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
  return createUnitResolver(ruleset, overrides)(units);
}
