/**
 * Hands the map its data: each built layer once it is ready, and the page's overlays, each by
 * setData only when its reference changes.
 */

import type { FeatureCollection } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useEffect, useRef } from 'react';
import type { LayerName } from '../formats/manifest';
import { drawSourceOf } from '../geo/layerLoader';
import type { LayerLoad } from '../store/layerStore';
import type { SourceId } from './baseStyle';
import { clusterOptionsFor } from './userSiteLayers';

export function useLayerData(
  mapRef: RefObject<maplibregl.Map | null>,
  styleReady: boolean,
  dataSources: readonly (LayerName & SourceId)[],
  loads: Record<LayerName, LayerLoad>,
  overlays: Partial<Record<SourceId, FeatureCollection>> | undefined,
  sourceLoaded: Map<string, Promise<unknown>>,
  markChanged: () => void,
): boolean {
  const pushed = useRef(new Map<string, unknown>());
  // A new style (a new map) has none of the data yet.
  useEffect(() => {
    if (!styleReady) pushed.current.clear();
  }, [styleReady]);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    let changed = false;
    for (const name of dataSources) {
      const load = loads[name];
      // Each load of a layer is a new object (a drawn-only layer has no features to compare).
      if (load.status !== 'ready' || pushed.current.get(name) === load) continue;
      const source = map.getSource<maplibregl.GeoJSONSource>(name);
      // A URL lets MapLibre's worker fetch and parse the layer without the page cloning it.
      const loaded = source?.setData(drawSourceOf(load));
      sourceLoaded.set(name, loaded?.catch(() => undefined) ?? Promise.resolve());
      pushed.current.set(name, load);
      changed = true;
    }
    for (const [id, data] of Object.entries(overlays ?? {})) {
      if (!data || pushed.current.get(id) === data) continue;
      const source = map.getSource<maplibregl.GeoJSONSource>(id);
      // Many sites are clustered at low zoom (userSiteLayers.ts); a few are drawn one by one.
      if (id === 'userSites' && source) {
        const options = clusterOptionsFor(data.features.length);
        if (source.getClusterOptions().cluster !== options.cluster) void source.setClusterOptions(options);
      }
      source?.setData(data);
      pushed.current.set(id, data);
      changed = true;
    }
    if (changed) markChanged();
  }, [mapRef, styleReady, dataSources, loads, overlays, sourceLoaded, markChanged]);
  // Data this render holds that the effect above has not handed to the map yet: the map is not
  // done, even if an 'idle' came first (layers ready before the style loaded, issue 24).
  const layerWaiting = dataSources.some((name) => {
    const load = loads[name];
    return load.status === 'ready' && pushed.current.get(name) !== load;
  });
  const overlayWaiting = Object.entries(overlays ?? {}).some(
    ([id, data]) => data !== undefined && pushed.current.get(id) !== data,
  );
  return layerWaiting || overlayWaiting;
}
