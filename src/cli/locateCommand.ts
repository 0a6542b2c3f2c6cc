import { locatePlss } from '../geo/locatePlss.ts';
import { unitsOfLocation } from '../geo/locatePoint.ts';
import type { UnitSource } from '../geo/location.ts';
import { DEFAULT_RULESET, resolveUnits } from '../siting/index.ts';
import { UsageError } from './cliErrors.ts';
import { loadOverrides, openDataDir } from './dataDir.ts';
import { DEMONSTRATION_NOTICE } from './notice.ts';
import { parseArgs } from './parseArgs.ts';

function readCoordinate(text: string | undefined, field: 'lon' | 'lat', limit: number): number {
  if (text === undefined)
    throw new UsageError(`${field}: is missing (usage: locate <lon> <lat> [--data DIR])`);
  const value = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value)) throw new UsageError(`${field}: "${text}" is not a number`);
  if (Math.abs(value) > limit) throw new UsageError(`${field}: ${text} is outside -${limit} to ${limit}`);
  return value;
}

function withoutAreaClass<T extends { areaClass: unknown }>(unit: T): Omit<T, 'areaClass'> {
  const { areaClass: _areaClass, ...rest } = unit;
  return rest;
}

/** Said instead of a township, range and section when the build has no PLSS layer. */
export const PLSS_NOT_LOADED =
  'not loaded: import the MnGeo PLSS sections (plan_mngeo_trs) with npm run data -- --import <file> --map plss.<field>=<FIELD>';

/** `locate <lon> <lat> [--data DIR] [--overrides FILE]`: the units of one point, as JSON. */
export async function locateCommand(
  args: readonly string[],
): Promise<{ output: unknown; demonstration: boolean }> {
  const { positional, options } = parseArgs(args, ['data', 'overrides']);
  if (positional.length > 2) throw new UsageError(`${positional[2]}: unexpected argument`);
  const lon = readCoordinate(positional[0], 'lon', 180);
  const lat = readCoordinate(positional[1], 'lat', 90);
  const overrides = await loadOverrides(options.get('overrides'), options.get('data') ?? 'public/data');
  const data = await openDataDir(options.get('data') ?? 'public/data');
  const found = await data.locate([lon, lat]);
  const plss = await locatePlss([lon, lat], data.manifest, data.source);
  const areaClass = found.county
    ? resolveUnits(unitsOfLocation(found), DEFAULT_RULESET, overrides).areaClass
    : null;
  const sources: Record<string, UnitSource> = {};
  const plain = <T extends { source: UnitSource; onBoundary: boolean }>(key: string, unit: T | null) => {
    if (!unit) return null;
    const { source, ...rest } = unit;
    sources[key] = source;
    return rest;
  };
  const output = {
    inMinnesota: found.inMinnesota,
    county: plain('county', found.county && withoutAreaClass(found.county)),
    areaClass,
    majorWatershed: plain('majorWatershed', found.majorWatershed),
    minorWatershed: plain('minorWatershed', found.minorWatershed),
    bankServiceArea: plain('bankServiceArea', found.bankServiceArea),
    plss: plain('plss', plss.section),
    ...(plss.loaded ? {} : { plssLayer: PLSS_NOT_LOADED }),
    sources,
    ...(found.demonstration
      ? { demonstration: true, notice: DEMONSTRATION_NOTICE }
      : { demonstration: false }),
  };
  return { output, demonstration: found.demonstration };
}
