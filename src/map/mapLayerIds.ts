/**
 * The map's user-facing layers: what the layer list toggles. Each groups one or more
 * MapLibre style layers drawn from one data layer.
 */
import type { LayerName } from '../formats/manifest';

export const MAP_LAYERS = [
  {
    id: 'areaClass',
    title: 'Wetland area classification',
    data: 'counties',
    defaultVisible: true,
    defaultOpacity: 0.55,
  },
  { id: 'counties', title: 'Counties', data: 'counties', defaultVisible: true, defaultOpacity: 1 },
  {
    id: 'bankServiceAreas',
    title: 'Bank service areas',
    data: 'bankServiceAreas',
    defaultVisible: true,
    defaultOpacity: 1,
  },
  {
    id: 'majorWatersheds',
    title: 'Major watersheds',
    data: 'majorWatersheds',
    defaultVisible: true,
    defaultOpacity: 1,
  },
  {
    id: 'minorWatersheds',
    title: 'Minor watersheds (zoom in to see)',
    data: 'minorWatersheds',
    defaultVisible: true,
    defaultOpacity: 1,
  },
  { id: 'sites', title: 'Candidate sites', data: 'sites', defaultVisible: true, defaultOpacity: 1 },
  { id: 'water', title: 'Lakes and rivers', data: 'lakes', defaultVisible: true, defaultOpacity: 1 },
] as const satisfies readonly {
  id: string;
  title: string;
  data: LayerName;
  defaultVisible: boolean;
  defaultOpacity: number;
}[];

export type MapLayerId = (typeof MAP_LAYERS)[number]['id'];

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
  { id: string; opacity: OpacityProperty[]; scale?: number }[]
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
