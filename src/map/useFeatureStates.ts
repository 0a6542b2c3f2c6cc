/**
 * Highlights by feature-state (a site's level, the selection) and, for the units the impact
 * shares with the selected site, by filter: feature-state cannot be read by a filter, and a new
 * filter makes the map rebuild that source's tiles, so it is set only when the ids change.
 */
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useEffect, useRef } from 'react';
import type { LayerName } from '../formats/manifest';
import { useLayerStore } from '../store/layerStore';
import { SHARED_UNIT_LAYERS, type SourceId, sharedUnitFilter } from './baseStyle';
import type { FeatureStates } from './mapTypes';

/** Sets the new feature-states and clears the ones that went away, again after every setData (`generation`). */
export function useFeatureStates(
  mapRef: RefObject<maplibregl.Map | null>,
  styleReady: boolean,
  featureStates: FeatureStates | undefined,
  generation: number,
): void {
  const applied = useRef(new Map<string, Map<string | number, Record<string, unknown>>>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied after every setData (generation), which may drop states of replaced features.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    const loads = useLayerStore.getState().loads;
    for (const [sourceId, states] of Object.entries(featureStates ?? {})) {
      // A highlighted unit of a deferred layer needs that layer drawn.
      if ((states?.size ?? 0) > 0 && sourceId in loads)
        useLayerStore.getState().ensureLoaded(sourceId as LayerName);
      if (!map.getSource(sourceId)) continue;
      const previous = applied.current.get(sourceId) ?? new Map();
      for (const [id, state] of previous) {
        if (!states?.has(id)) {
          const cleared = Object.fromEntries(Object.keys(state).map((key) => [key, null]));
          map.setFeatureState({ source: sourceId, id }, cleared);
        }
      }
      for (const [id, state] of states ?? []) {
        const before = previous.get(id);
        const cleared = before
          ? Object.fromEntries(
              Object.keys(before)
                .filter((key) => !(key in state))
                .map((key) => [key, null]),
            )
          : {};
        map.setFeatureState({ source: sourceId, id }, { ...cleared, ...state });
      }
      applied.current.set(sourceId, new Map(states ?? []));
    }
  }, [styleReady, featureStates, generation]);
}

/**
 * Draws the units shared with the impact by filter; once drawn, the container names the shared
 * units the map actually shows, per source (for tests and tools: a screenshot taken before then
 * may hold the previous frame).
 */
export function useSharedUnits(
  mapRef: RefObject<maplibregl.Map | null>,
  containerRef: RefObject<HTMLElement | null>,
  styleReady: boolean,
  featureStates: FeatureStates | undefined,
): void {
  const sharedKey = JSON.stringify(
    Object.keys(SHARED_UNIT_LAYERS).map((sourceId) =>
      [...(featureStates?.[sourceId as SourceId] ?? [])]
        .filter(([, state]) => state.shared === true)
        .map(([id]) => id),
    ),
  );
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    const idsBySource = JSON.parse(sharedKey) as (string | number)[][];
    for (const [index, layers] of Object.values(SHARED_UNIT_LAYERS).entries()) {
      const filter = sharedUnitFilter(idsBySource[index] ?? []);
      for (const layerId of layers) if (map.getLayer(layerId)) map.setFilter(layerId, filter);
    }
    const container = containerRef.current;
    const report = () => {
      if (!container) return;
      container.dataset.sharedUnits = Object.entries(SHARED_UNIT_LAYERS)
        .map(([sourceId, layers]) => {
          const drawn = layers.filter((layerId) => map.getLayer(layerId));
          const ids = new Set(
            map.queryRenderedFeatures({ layers: drawn }).map((f) => String(f.properties?.id)),
          );
          return `${sourceId}=${[...ids].sort().join(',')}`;
        })
        .join(' ');
    };
    map.once('idle', report);
    map.triggerRepaint();
    return () => {
      map.off('idle', report);
    };
  }, [mapRef, containerRef, styleReady, sharedKey]);
}
