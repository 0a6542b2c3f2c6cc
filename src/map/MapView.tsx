/**
 * The one component that touches MapLibre (design/PRACTICES.md habit 7). It declares the map
 * once (createMap: the style of baseStyle.ts, its controls and events), then mirrors the page's
 * state into it: layers by `setData` when their reference changes (useLayerData), detail in
 * view (detailRunner), visibility and opacity (useLayerSettings), highlights by feature-state
 * and filters (useFeatureStates, useSiteFilters), the camera. Clicks go up as coordinates.
 * `aria-busy` is false once the map has drawn everything it was handed.
 */

import type { FeatureCollection } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LAYER_NAMES, type LayerName } from '../formats/manifest';
import { useDetailStore } from '../store/detailStore';
import { useLayerStore } from '../store/layerStore';
import type { MapLayerId } from '../store/mapLayers';
import { useSitingStore } from '../store/sitingStore';
import { attributionText } from './attributionText';
import type { SourceId } from './baseStyle';
import { createMap, mapApiOf, setAttribution } from './createMap';
import { createDetailRunner, type DetailInputs } from './detailRunner';
import type { CameraRequest, FeatureStates, MapApi } from './mapTypes';
import { useFeatureStates, useSharedUnits } from './useFeatureStates';
import { useLayerData } from './useLayerData';
import { useLayerSettings, useMarkScale } from './useLayerSettings';
import { useHiddenBankStatuses, useSelectedSite, useVisibleSites } from './useSiteFilters';

/** Every built layer the map draws: all but the PLSS sections, which only answer lookups. */
const DATA_SOURCES = LAYER_NAMES.filter((name): name is LayerName & SourceId => name !== 'plss');

export interface MapViewProps {
  /** Called with [longitude, latitude] when the user clicks the map. */
  onMapClick?: (lngLat: [number, number]) => void;
  /** Called when the user has moved the map, with the new centre and zoom. */
  onViewChange?: (view: { center: [number, number]; zoom: number }) => void;
  /** Where to open; Minnesota's extent when absent. */
  initialView?: { center: [number, number]; zoom: number } | null;
  camera?: CameraRequest | null;
  /** Overlays owned by the page (impact, user sites, links), by source id. */
  overlays?: Partial<Record<SourceId, FeatureCollection>>;
  /** Feature-state per source and feature id, e.g. a site's priority level or a shared unit. */
  featureStates?: FeatureStates;
  /** Only these candidate ids are drawn (hearing mode shows levels one by one); all when absent. */
  visibleSiteIds?: readonly string[] | null;
  /** Only these user-facing layers are drawn, whatever the saved settings say (public view). */
  layerMask?: readonly MapLayerId[] | null;
  /** Labels, markers and unit outlines drawn this many times larger (hearing mode); 1 when absent. */
  markScale?: number;
  /** Called once the style has loaded, with what the page may ask of the map. */
  onMapReady?: (api: MapApi) => void;
}

export function MapView({
  onMapClick,
  onViewChange,
  initialView,
  camera,
  overlays,
  featureStates,
  visibleSiteIds,
  layerMask,
  markScale = 1,
  onMapReady,
}: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const attribution = useRef<maplibregl.AttributionControl | null>(null);
  const [styleReady, setStyleReady] = useState(false);
  const clickRef = useRef(onMapClick);
  clickRef.current = onMapClick;
  const viewRef = useRef(onViewChange);
  viewRef.current = onViewChange;
  const readyRef = useRef(onMapReady);
  readyRef.current = onMapReady;
  const initialViewRef = useRef(initialView);
  const loads = useLayerStore((state) => state.loads);
  const manifest = useLayerStore((state) => state.manifest);
  const baseUrl = useLayerStore((state) => state.baseUrl);
  const layerSettings = useSitingStore((state) => state.layers);
  const hiddenBankStatuses = useSitingStore((state) => state.hiddenBankStatuses);
  const selectedId = useSitingStore((state) => state.selectedCandidateId);
  const layersPending = Object.values(loads).some((load) => load.status === 'loading');
  const streaming = useDetailStore((state) => Object.keys(state.streams).length > 0);
  // Each batch of setData calls is a generation; the map has drawn it when an 'idle'
  // event reports that generation. aria-busy exposes this to assistive technology and tests.
  const generation = useRef(0);
  const [pushedGeneration, setPushedGeneration] = useState(0);
  const [idleGeneration, setIdleGeneration] = useState(-1);
  const markChanged = useCallback(() => {
    generation.current += 1;
    setPushedGeneration(generation.current);
  }, []);
  // What the detail streamer reads on each move (a ref: the map's handlers outlive renders).
  const detailInputs = useRef<DetailInputs>({ loads, manifest, baseUrl, layerSettings, layerMask });
  detailInputs.current = { loads, manifest, baseUrl, layerSettings, layerMask };
  const runDetail = useRef<() => void>(() => {});
  /** Settles when each data source's last setData has been taken by MapLibre's worker. */
  const sourceLoaded = useRef(new Map<string, Promise<unknown>>()).current;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = createMap(container, initialViewRef.current, {
      click: (lngLat) => clickRef.current?.(lngLat),
      moveEnd: () => {
        const center = map.getCenter();
        viewRef.current?.({ center: [center.lng, center.lat], zoom: map.getZoom() });
        runDetail.current();
      },
    });
    const detail = createDetailRunner(
      map,
      DATA_SOURCES,
      () => detailInputs.current,
      sourceLoaded,
      markChanged,
    );
    runDetail.current = detail.run;
    // 'idle' can arrive before the worker has taken a fresh setData; only count an idle
    // once every source and tile has really loaded (symbols included).
    map.on('idle', () => {
      // Batches still waiting will redraw the map (and bring another idle) when handed over.
      if (detail.waiting()) return;
      if (map.loaded() && map.areTilesLoaded()) {
        setIdleGeneration(generation.current);
        // The zoom and centre the map came to rest at, for tests that wait out a camera animation.
        container.dataset.idleZoom = map.getZoom().toFixed(2);
        const centre = map.getCenter();
        container.dataset.idleCenter = `${centre.lng.toFixed(4)},${centre.lat.toFixed(4)}`;
        container.dataset.idleBounds = map
          .getBounds()
          .toArray()
          .flat()
          .map((n) => n.toFixed(3))
          .join(',');
        // The county names the map has placed, once per label drawn, for tests and tools.
        if (map.getLayer('counties-label')) {
          const names = map.queryRenderedFeatures({ layers: ['counties-label'] });
          container.dataset.countyLabels = names.map((f) => String(f.properties?.name)).join('|');
        }
      } else map.triggerRepaint();
    });
    map.on('load', () => {
      setStyleReady(true);
      readyRef.current?.(mapApiOf(map));
    });
    mapRef.current = map;
    return () => {
      detail.stop();
      runDetail.current = () => {};
      setStyleReady(false);
      map.remove();
      mapRef.current = null;
      attribution.current = null;
    };
  }, [sourceLoaded, markChanged]);

  const dataWaiting = useLayerData(
    mapRef,
    styleReady,
    DATA_SOURCES,
    loads,
    overlays,
    sourceLoaded,
    markChanged,
  );

  // A layer that arrives or is switched on or off while zoomed in gets (or drops) its detail.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runDetail reads these through detailInputs.
  useEffect(() => {
    if (styleReady) runDetail.current();
  }, [styleReady, loads, layerSettings, layerMask]);

  // The credit line names only what this build holds (the manifest), replaced when it changes.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    attribution.current = setAttribution(map, attribution.current, attributionText(manifest));
  }, [manifest]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !camera) return;
    const duration = camera.animate === false ? 0 : 600;
    if (camera.kind === 'bounds') map.fitBounds(camera.bounds, { padding: 40, maxZoom: 12, duration });
    else map.easeTo({ center: camera.center, zoom: camera.zoom ?? Math.max(map.getZoom(), 9), duration });
  }, [camera]);

  useFeatureStates(mapRef, styleReady, featureStates, pushedGeneration);
  useSharedUnits(mapRef, containerRef, styleReady, featureStates);
  useHiddenBankStatuses(mapRef, styleReady, hiddenBankStatuses);
  useSelectedSite(mapRef, containerRef, styleReady, selectedId, pushedGeneration);
  useLayerSettings(mapRef, styleReady, layerSettings, layerMask);
  useVisibleSites(mapRef, styleReady, visibleSiteIds);
  useMarkScale(mapRef, styleReady, markScale, markChanged);

  const busy =
    !styleReady || layersPending || dataWaiting || streaming || idleGeneration !== pushedGeneration;
  return <div ref={containerRef} className="map" data-testid="map" aria-busy={busy} />;
}
