/**
 * The PLSS township, range, section (and approximate quarter) of the impact, from the `plss`
 * layer when one was imported; otherwise a state that says the layer is not loaded, so the
 * card can say how to load it.
 */

import type { LayerManifestEntry } from '../../formats/manifest';
import { layerShortTitle, unitSourceLabel } from '../../geo/layerLabels';
import { type PlssSection, plssFromProperties, type Quarter, quarterSection } from '../../geo/plss';
import type { PolygonLayerIndex } from '../../geo/polygonLayerIndex';

export type PlssState =
  | { status: 'absent' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      section: PlssSection | null;
      quarter: Quarter | null;
      onBoundary: boolean;
      source: string;
    };

/** How to get the layer, said wherever it is missing. */
export const PLSS_HOW_TO_LOAD =
  'Load MnGeo’s PLSS sections (plan_mngeo_trs) with “Load official layers…” under Layers and legend.';

export function plssAt(
  point: readonly [number, number] | null,
  entry: LayerManifestEntry | undefined,
  index: PolygonLayerIndex | null,
  load:
    | { status: 'loading' }
    | { status: 'error'; message: string }
    | { status: 'ready' }
    | { status: 'absent' }
    | { status: 'deferred' },
): PlssState {
  if (!entry || load.status === 'absent') return { status: 'absent' };
  if (load.status === 'loading' || load.status === 'deferred' || (load.status === 'ready' && !index))
    return { status: 'loading' };
  if (load.status === 'error') return { status: 'error', message: load.message };
  const source = unitSourceLabel(entry) || layerShortTitle(entry.title);
  const hit = point && index ? index.find(point) : null;
  const section = hit ? plssFromProperties(hit.feature.properties) : null;
  return {
    status: 'ready',
    section,
    quarter: hit && section && point ? quarterSection(point, hit.feature) : null,
    onBoundary: hit?.onBoundary ?? false,
    source,
  };
}
