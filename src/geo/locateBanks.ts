/**
 * Each bank's units, found once when the layers are built (issue 24, item 12): the build holds
 * the lookup layers whole, so it places every bank with the same lookup the page and the CLI use
 * (UnitIndex: one R-tree per layer, pickContaining's boundary rule) and writes the units into the
 * `sites` layer. The page then locates only the impact; before, it located 293 banks through the
 * layers' ranges on every visit (20.6 MB at official size).
 */
import type { Feature, Point } from 'geojson';
import type { LayerName, Manifest } from '../formats/manifest.ts';
import type { Units } from '../siting/index.ts';
import { bankUnitColumns } from './bankUnits.ts';
import { unitsOfLocation } from './locatePoint.ts';
import { LOOKUP_LAYERS } from './location.ts';
import { type LookupCollections, UnitIndex } from './unitIndex.ts';

/**
 * Writes each bank's unit columns into its properties, located in `collections` (the lookup
 * layers as built). `manifest` names which lookup layers exist (a missing one is not built).
 * Returns the lookup, for the build's other placements (flow-geography.json's majors).
 */
export function locateBanks(
  banks: readonly Feature[],
  collections: LookupCollections,
  manifest: Manifest,
): UnitIndex {
  const index = new UnitIndex(manifest, collections);
  for (const bank of banks) {
    const point = bank.geometry?.type === 'Point' ? (bank.geometry as Point).coordinates : null;
    const units: Units = point ? unitsOfLocation(index.locate([point[0] ?? 0, point[1] ?? 0])) : {};
    bank.properties = { ...bank.properties, ...bankUnitColumns(units) };
  }
  return index;
}

/** The lookup layers the banks are located in: each built layer's hash, null for one not built. */
export function lookupLayerHashes(
  entries: Partial<Record<LayerName, { buildHash?: string }>>,
): Record<(typeof LOOKUP_LAYERS)[number], string | null> {
  return Object.fromEntries(
    LOOKUP_LAYERS.map((layer) => [layer, entries[layer]?.buildHash ?? null]),
  ) as Record<(typeof LOOKUP_LAYERS)[number], string | null>;
}
