/**
 * The map's user-facing layers: what the layer list toggles and the inputs keep (visibility and
 * opacity per layer). Each groups one or more MapLibre style layers drawn from one data layer
 * (src/map/mapLayerIds.ts names them).
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
  {
    id: 'flows',
    title: 'Losses and replacements (RIBITS ledgers)',
    data: 'majorWatersheds',
    defaultVisible: false,
    defaultOpacity: 0.6,
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
