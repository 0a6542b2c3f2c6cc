/**
 * Full resolution in view from the detail zoom on: the DetailStreamer (src/geo) reads the
 * features in view through the layers' spatial index, and they are merged into the overview's
 * source by id, in batches (one re-index and redraw per source and 400 ms).
 */

import type { Feature } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { type LayerManifestEntry, type LayerName, type Manifest, usableOverview } from '../formats/manifest';
import { DetailStreamer } from '../geo/detailStreamer';
import { drawSourceOf } from '../geo/layerLoader';
import { useDetailStore } from '../store/detailStore';
import type { LayerSetting } from '../store/inputs';
import { type LayerLoad, useLayerStore } from '../store/layerStore';
import { MAP_LAYERS, type MapLayerId } from '../store/mapLayers';
import type { SourceId } from './baseStyle';
import { CoalescedUpdates } from './coalescedUpdates';
import { MINOR_WATERSHED_MIN_ZOOM } from './mapLayerIds';

/**
 * Layers whose full-resolution features replace their overview's by id (promoteId) as the view
 * zooms in. The state outline and lakes have no id, so MapLibre cannot merge them (updateData
 * refuses the source): they keep their overview.
 */
const DETAILED: ReadonlySet<LayerName> = new Set([
  'counties',
  'majorWatersheds',
  'minorWatersheds',
  'bankServiceAreas',
]);

/** What the detail streamer reads on each move (the map's handlers outlive renders). */
export interface DetailInputs {
  loads: Record<LayerName, LayerLoad>;
  manifest: Manifest | null;
  baseUrl: string;
  layerSettings: Record<MapLayerId, LayerSetting>;
  layerMask: readonly MapLayerId[] | null | undefined;
}

/** The streamer bound to one map. */
export interface DetailRunner {
  /** Reads the detail the view needs now (after a move, or a change of layers). */
  run: () => void;
  /** Whether batches still wait to be handed to the map (they will redraw it). */
  waiting: () => boolean;
  stop: () => void;
}

/**
 * Streams detail into `map`'s sources. `sourceLoaded` settles when a source's last setData has
 * been taken by MapLibre's worker (a diff sent while setData is pending is dropped);
 * `markChanged` is called whenever the map has new data to draw.
 */
export function createDetailRunner(
  map: maplibregl.Map,
  dataSources: readonly (LayerName & SourceId)[],
  inputs: () => DetailInputs,
  sourceLoaded: Map<string, Promise<unknown>>,
  markChanged: () => void,
): DetailRunner {
  const detailAdds = new CoalescedUpdates<Feature>((name, features) => {
    void (sourceLoaded.get(name) ?? Promise.resolve()).then(() => {
      void map.getSource<maplibregl.GeoJSONSource>(name)?.updateData({ add: features });
      markChanged();
    });
  });
  const streamer = new DetailStreamer({
    add: (name, features) => {
      detailAdds.add(name, features);
      markChanged();
    },
    reset: (name) => {
      detailAdds.drop(name);
      const load = inputs().loads[name];
      if (load.status !== 'ready') return;
      const loaded = map.getSource<maplibregl.GeoJSONSource>(name)?.setData(drawSourceOf(load));
      sourceLoaded.set(name, loaded?.catch(() => undefined) ?? Promise.resolve());
      markChanged();
    },
    progress: (name, progress) => useDetailStore.getState().setStream(name, progress),
  });
  const run = () => {
    const { loads, manifest, baseUrl, layerSettings, layerMask } = inputs();
    // Deferred layers (minor watersheds) load as the view nears the zoom that draws them.
    if (map.getZoom() >= MINOR_WATERSHED_MIN_ZOOM - 1)
      useLayerStore.getState().ensureLoaded('minorWatersheds');
    // Only once the style (and so every source) exists: 'load' has fired.
    if (!manifest || !map.getSource('minorWatersheds')) return;
    const entries = new Map<LayerName, LayerManifestEntry>();
    for (const name of dataSources) {
      const entry = manifest.layers[name];
      if (!entry || !usableOverview(entry) || loads[name].status !== 'ready' || !DETAILED.has(name)) continue;
      const shownBy = MAP_LAYERS.filter((layer) => layer.data === name);
      const shown =
        shownBy.length === 0 ||
        shownBy.some(
          (layer) =>
            layerSettings[layer.id]?.visible !== false && (!layerMask || layerMask.includes(layer.id)),
        );
      if (shown) entries.set(name, entry);
    }
    const bounds = map.getBounds();
    streamer.update(
      map.getZoom(),
      { minX: bounds.getWest(), minY: bounds.getSouth(), maxX: bounds.getEast(), maxY: bounds.getNorth() },
      new URL(baseUrl, window.location.href).href,
      entries,
    );
  };
  return {
    run,
    waiting: () => detailAdds.waiting,
    stop: () => {
      streamer.stop();
      detailAdds.stop();
    },
  };
}
