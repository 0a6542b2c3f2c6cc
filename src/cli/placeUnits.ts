import { unitsOfLocation } from '../geo/locatePoint.ts';
import { type LngLat, mergeUnits, type Units } from '../siting/index.ts';
import type { DataDir } from './dataDir.ts';

const LOOKED_UP: readonly (keyof Units)[] = ['minorWatershed', 'majorWatershed', 'bankServiceArea', 'county'];

/** Opens the data directory on first need only, so fully stated scenarios need no data. */
export type OpenData = () => Promise<DataDir>;

/**
 * Units of a place: given units, completed from the built layers when a location is known and a
 * unit is missing (given units win). Reports whether demonstration geography was read.
 */
export async function placeUnits(
  location: LngLat | null | undefined,
  given: Units | undefined,
  openData: OpenData,
): Promise<{ units: Units; demonstration: boolean }> {
  const complete = LOOKED_UP.every((key) => given?.[key] !== undefined && given?.[key] !== null);
  if (!location || complete) return { units: mergeUnits(given, undefined), demonstration: false };
  const data = await openData();
  const found = await data.locate(location);
  return { units: mergeUnits(given, unitsOfLocation(found)), demonstration: found.demonstration };
}
