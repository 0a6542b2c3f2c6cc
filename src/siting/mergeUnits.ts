import type { BoundaryUnits, Units } from './types.ts';

/** The units of a place, in the order readers and writers list them. */
export const UNIT_KEYS = [
  'minorWatershed',
  'majorWatershed',
  'bankServiceArea',
  'county',
  'areaClass',
  'countyAreaClass',
] as const satisfies readonly (keyof Units)[];

/**
 * Combines units a user gave with units looked up from a location: a given unit (not null or
 * absent) wins. A looked-up county class is dropped when the county was given, and a looked-up
 * major watershed when the minor watershed was given (the major is then read from the minor id).
 * A looked-up boundary between units of a kind is kept only where that unit was looked up too.
 * Returns a new object; neither input is changed.
 */
export function mergeUnits(given: Units | undefined, lookedUp: Units | undefined): Units {
  const merged: Units = {};
  for (const key of UNIT_KEYS) {
    // A looked-up value that depends on a unit the user replaced would contradict it.
    const dependsOnGiven =
      (key === 'countyAreaClass' && given?.county != null) ||
      (key === 'majorWatershed' && given?.minorWatershed != null);
    const value = given?.[key] ?? (dependsOnGiven ? undefined : lookedUp?.[key]);
    if (value !== undefined && value !== null) (merged as Record<string, unknown>)[key] = value;
  }
  // A boundary between units of a kind holds only where that unit was looked up, not given.
  const boundary: { -readonly [K in keyof BoundaryUnits]: BoundaryUnits[K] } = {};
  for (const key of BOUNDARY_KEYS) {
    const touching = given?.boundary?.[key] ?? lookedUp?.boundary?.[key];
    const givenUnit = given?.[key] != null || (key === 'majorWatershed' && given?.minorWatershed != null);
    if (touching && touching.length > 1 && (given?.boundary?.[key] !== undefined || !givenUnit))
      (boundary as Record<string, unknown>)[key] = touching;
  }
  if (Object.keys(boundary).length > 0) merged.boundary = boundary;
  return merged;
}

const BOUNDARY_KEYS = ['minorWatershed', 'majorWatershed', 'bankServiceArea', 'county'] as const;
