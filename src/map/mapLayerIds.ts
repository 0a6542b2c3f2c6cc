/**
 * The MapLibre style layers behind each user-facing layer (src/store/mapLayers.ts), and the
 * zoom the minor watersheds are drawn from.
 */
import type { MapLayerId } from '../store/mapLayers';

/** Minor watersheds are drawn from this zoom on, where ~5,700 outlines are legible. */
export const MINOR_WATERSHED_MIN_ZOOM = 8;

type OpacityProperty =
  | 'fill-opacity'
  | 'line-opacity'
  | 'circle-opacity'
  | 'circle-stroke-opacity'
  | 'text-opacity';

/** The style layers each user-facing layer switches, and the paint property its opacity sets. */
export const STYLE_LAYERS_OF: Record<
  MapLayerId,
  {
    id: string;
    opacity: OpacityProperty[];
    scale?: number;
    /** Drawn whenever the page hands it data (the page hands none while the layer is off): not switched here. */
    byData?: true;
  }[]
> = {
  areaClass: [{ id: 'area-class-fill', opacity: ['fill-opacity'] }],
  counties: [
    { id: 'counties-line', opacity: ['line-opacity'] },
    { id: 'counties-label', opacity: ['text-opacity'] },
  ],
  bankServiceAreas: [
    { id: 'bsa-line', opacity: ['line-opacity'], scale: 0.8 },
    { id: 'shared-bsa-line', opacity: ['line-opacity'] },
  ],
  majorWatersheds: [
    { id: 'major-line', opacity: ['line-opacity'] },
    { id: 'shared-major-line', opacity: ['line-opacity'] },
  ],
  minorWatersheds: [
    { id: 'minor-line', opacity: ['line-opacity'] },
    { id: 'shared-minor-line', opacity: ['line-opacity'] },
  ],
  flows: [
    // The hearing's losses step draws them whatever the setting (src/ui/flows/useFlowOverlays.ts).
    { id: 'flows-fill', opacity: ['fill-opacity'], byData: true },
    { id: 'flows-line', opacity: ['line-opacity'], scale: 1.4, byData: true },
  ],
  sites: [
    { id: 'sites-circle', opacity: ['circle-opacity', 'circle-stroke-opacity'] },
    { id: 'user-sites-square', opacity: ['circle-opacity', 'circle-stroke-opacity'] },
    { id: 'user-sites-cluster', opacity: ['circle-opacity', 'circle-stroke-opacity'], scale: 0.85 },
    { id: 'site-level-label', opacity: ['text-opacity'] },
    { id: 'user-site-level-label', opacity: ['text-opacity'] },
    { id: 'user-sites-cluster-count', opacity: ['text-opacity'] },
  ],
  water: [
    { id: 'lakes-fill', opacity: ['fill-opacity'] },
    { id: 'rivers-line', opacity: ['line-opacity'] },
  ],
};
