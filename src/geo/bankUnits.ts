/**
 * A bank's units as the `sites` layer carries them (data/SCHEMA.md): written by the build, which
 * finds them once in its own lookup layers (locateBanks.ts), and read by the page and the CLI
 * instead of locating every bank again.
 */
import type { Manifest } from '../formats/manifest.ts';
import type { AreaClass, BoundaryUnits, Units } from '../siting/index.ts';
import { LOOKUP_LAYERS } from './location.ts';

/** The units a bank carries in the `sites` layer (data/SCHEMA.md): null where not found. */
export interface BankUnitColumns {
  minorWatershed: string | null;
  majorWatershed: number | null;
  bankServiceArea: number | null;
  county: string | null;
  countyAreaClass: AreaClass | null;
  /** On a boundary between units the order compares: the ids of each, as JSON; else null. */
  boundary: string | null;
}

/** The columns of a bank's units, from the siting engine's units of its point. */
export function bankUnitColumns(units: Units): BankUnitColumns {
  return {
    minorWatershed: units.minorWatershed ?? null,
    majorWatershed: units.majorWatershed ?? null,
    bankServiceArea: units.bankServiceArea ?? null,
    county: units.county ?? null,
    countyAreaClass: units.countyAreaClass ?? null,
    boundary: units.boundary ? JSON.stringify(units.boundary) : null,
  };
}

/**
 * The units of a bank read back from its columns, or null when the layer has none (a build from
 * before they were written): the caller then locates the bank itself.
 */
export function unitsOfBankColumns(properties: Record<string, unknown> | null | undefined): Units | null {
  if (!properties || !('minorWatershed' in properties)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  const units: Units = {
    minorWatershed: text(properties.minorWatershed),
    majorWatershed: number(properties.majorWatershed),
    bankServiceArea: number(properties.bankServiceArea),
    county: text(properties.county),
    countyAreaClass: text(properties.countyAreaClass) as AreaClass | null,
  };
  const boundary = text(properties.boundary);
  if (boundary) units.boundary = JSON.parse(boundary) as BoundaryUnits;
  return units;
}

/**
 * Whether the banks' units in the `sites` layer were found in the lookup layers the manifest
 * names now (the same builds, by their hashes). Layers replaced since — imported in the page, or a
 * different build — make them stale: the banks must then be located again.
 */
export function bankUnitsCurrent(manifest: Manifest): boolean {
  const locatedIn = manifest.layers.sites?.unitsLocatedIn;
  if (!locatedIn) return false;
  return LOOKUP_LAYERS.every((layer) => locatedIn[layer] === (manifest.layers[layer]?.buildHash ?? null));
}
