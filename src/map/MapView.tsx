/**
 * The one component that touches MapLibre (design/PRACTICES.md habit 7). It declares the
 * style once, then mirrors store state into the map: loaded layers by `setData` when their
 * reference changes, visibility and opacity by paint/layout properties, highlights by
 * feature-state. Map clicks are reported upward as plain coordinates.
 */
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Feature, FeatureCollection } from 'geojson';
import { useEffect, useRef, useState } from 'react';
import { LAYER_NAMES, type LayerManifestEntry, type LayerName, usableOverview } from '../formats/manifest';
import { DetailStreamer } from '../geo/detailStreamer';
import { useDetailStore } from '../store/detailStore';
import { useLayerStore } from '../store/layerStore';
import { MAP_LAYERS, type MapLayerId } from '../store/mapLayers';
import { useSitingStore } from '../store/sitingStore';
import {
  baseFilterOf,
  createBaseStyle,
  SELECTED_SITE_LAYERS,
  SHARED_UNIT_LAYERS,
  SITE_STYLE_LAYERS,
  type SourceId,
  STYLE_LAYERS,
  sharedUnitFilter,
} from './baseStyle';
import { CoalescedUpdates } from './coalescedUpdates';
import { scaledProperties } from './hearingScale';
import { MINOR_WATERSHED_MIN_ZOOM, STYLE_LAYERS_OF } from './mapLayerIds';
import { CLUSTER_LAYER_IDS, CLUSTER_MAX_ZOOM, clusterOptionsFor } from './userSiteLayers';

maplibregl.setWorkerUrl(workerUrl);

/** Minnesota's extent, with a little margin. */
export const MINNESOTA_BOUNDS: [number, number, number, number] = [-97.5, 43.3, -89.3, 49.5];

/** Every built layer the map draws: all but the PLSS sections, which only answer lookups. */
const DATA_SOURCES = LAYER_NAMES.filter((name): name is LayerName & SourceId => name !== 'plss');

/** A one-off request to move the camera; a new object each time. */
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

/** Where to move the map; animated (600 ms) unless `animate` is false. */
export type CameraRequest =
  | { kind: 'bounds'; bounds: [number, number, number, number]; animate?: boolean }
  | { kind: 'center'; center: [number, number]; zoom?: number; animate?: boolean };

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

/** What the page may ask of the map without touching MapLibre itself. */
export interface MapApi {
  /** The map as drawn now, as a PNG data URL (for the report). */
  toDataURL: () => string;
  /** Ground metres per CSS pixel at the centre of the map, for a scale bar. */
  metersPerPixel: () => number;
  /** The map's size in CSS pixels. */
  size: () => { width: number; height: number };
}

/** Metres per 512-px tile at zoom 0 on the equator (WGS84 circumference / 512). */
const EQUATOR_METRES_PER_PIXEL = 40_075_016.686 / 512;

/** Feature-state by source, by feature id. */
export type FeatureStates = Partial<Record<SourceId, ReadonlyMap<string | number, Record<string, unknown>>>>;

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
  const [styleReady, setStyleReady] = useState(false);
  const clickRef = useRef(onMapClick);
  clickRef.current = onMapClick;
  const viewRef = useRef(onViewChange);
  viewRef.current = onViewChange;
  const readyRef = useRef(onMapReady);
  readyRef.current = onMapReady;
  const initialViewRef = useRef(initialView);
  const loads = useLayerStore((state) => state.loads);
  const pushed = useRef(new Map<string, unknown>());
  // Each batch of setData calls is a generation; the map has drawn it when an 'idle'
  // event reports that generation. aria-busy exposes this to assistive technology and tests.
  const generation = useRef(0);
  const [pushedGeneration, setPushedGeneration] = useState(0);
  const [idleGeneration, setIdleGeneration] = useState(-1);
  const layersPending = Object.values(loads).some((load) => load.status === 'loading');
  const streaming = useDetailStore((state) => Object.keys(state.streams).length > 0);
  const manifest = useLayerStore((state) => state.manifest);
  const baseUrl = useLayerStore((state) => state.baseUrl);
  const layerSettings = useSitingStore((state) => state.layers);
  // What the detail streamer reads on each move (refs: the map's handlers outlive renders).
  const detailInputs = useRef({ loads, manifest, baseUrl, layerSettings, layerMask });
  detailInputs.current = { loads, manifest, baseUrl, layerSettings, layerMask };
  const runDetail = useRef<() => void>(() => {});
  /** Settles when each data source's last setData has been taken by MapLibre's worker. */
  const sourceLoaded = useRef(new Map<string, Promise<unknown>>());

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = new maplibregl.Map({
      container,
      style: createBaseStyle(),
      ...(initialViewRef.current
        ? { center: initialViewRef.current.center, zoom: initialViewRef.current.zoom }
        : // Room below for the attribution strip and the scale bars, which sit over the map:
          // with even padding the state's southern border was drawn under them.
          {
            bounds: MINNESOTA_BOUNDS,
            fitBoundsOptions: { padding: { top: 16, right: 16, bottom: 44, left: 16 } },
          }),
      attributionControl: false,
      // No label fade: each fade is a run of extra frames, and with software WebGL (a laptop
      // without a GPU driver, a headless browser) every frame holds the page for 100+ ms.
      fadeDuration: 0,
      maxBounds: [-105, 40, -82, 52],
      dragRotate: false,
      pitchWithRotate: false,
    });
    map.touchZoomRotate.disableRotation();
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new maplibregl.ScaleControl({ unit: 'imperial' }), 'bottom-left');
    map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    map.addControl(
      new maplibregl.AttributionControl({
        compact: false,
        customAttribution: 'Counties: U.S. Census Bureau 2023 · Water and places: Natural Earth',
      }),
      'bottom-right',
    );
    // A cluster of the user's sites zooms in when clicked, or on Enter when it is at the centre
    // (the keyboard's pointer); anywhere else the click is the page's.
    const zoomIntoCluster = (x: number, y: number, pad: number): boolean => {
      const layers = CLUSTER_LAYER_IDS.filter((id) => map.getLayer(id));
      if (layers.length === 0) return false;
      const [hit] = map.queryRenderedFeatures(
        [
          [x - pad, y - pad],
          [x + pad, y + pad],
        ],
        { layers },
      );
      const clusterId = hit?.properties?.cluster_id;
      if (typeof clusterId !== 'number' || hit?.geometry.type !== 'Point') return false;
      const [lng, lat] = hit.geometry.coordinates as [number, number];
      void map
        .getSource<maplibregl.GeoJSONSource>('userSites')
        ?.getClusterExpansionZoom(clusterId)
        .then((zoom) =>
          map.easeTo({ center: [lng, lat], zoom: Math.min(zoom, CLUSTER_MAX_ZOOM + 1), duration: 500 }),
        )
        .catch(() => undefined);
      return true;
    };
    map.on('click', (event) => {
      if (zoomIntoCluster(event.point.x, event.point.y, 0)) return;
      clickRef.current?.([event.lngLat.lng, event.lngLat.lat]);
    });
    map.getCanvas().addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      const canvas = map.getCanvas();
      if (!zoomIntoCluster(canvas.clientWidth / 2, canvas.clientHeight / 2, 24)) return;
      event.preventDefault();
      event.stopPropagation();
    });
    map.on('moveend', () => {
      const center = map.getCenter();
      viewRef.current?.({ center: [center.lng, center.lat], zoom: map.getZoom() });
      runDetail.current();
    });
    // Full resolution in view from DETAIL_ZOOM on, merged into the overview's source by id.
    const markChanged = () => {
      generation.current += 1;
      setPushedGeneration(generation.current);
    };
    // Batches are handed to the map together (one re-index and redraw per source and 400 ms).
    const detailAdds = new CoalescedUpdates<Feature>((name, features) => {
      // After the source's own data has loaded: a diff sent while setData is pending is dropped.
      void (sourceLoaded.current.get(name) ?? Promise.resolve()).then(() => {
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
        const load = detailInputs.current.loads[name];
        if (load.status !== 'ready') return;
        const loaded = map.getSource<maplibregl.GeoJSONSource>(name)?.setData(load.drawUrl ?? load.data);
        sourceLoaded.current.set(name, loaded?.catch(() => undefined) ?? Promise.resolve());
        markChanged();
      },
      progress: (name, progress) => useDetailStore.getState().setStream(name, progress),
    });
    runDetail.current = () => {
      const { loads, manifest, baseUrl, layerSettings, layerMask } = detailInputs.current;
      // Deferred layers (minor watersheds) load as the view nears the zoom that draws them.
      if (map.getZoom() >= MINOR_WATERSHED_MIN_ZOOM - 1)
        useLayerStore.getState().ensureLoaded('minorWatersheds');
      // Only once the style (and so every source) exists: 'load' has fired.
      if (!manifest || !map.getSource('minorWatersheds')) return;
      const entries = new Map<LayerName, LayerManifestEntry>();
      for (const name of DATA_SOURCES) {
        const entry = manifest.layers[name];
        if (!entry || !usableOverview(entry) || loads[name].status !== 'ready' || !DETAILED.has(name))
          continue;
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
    // 'idle' can arrive before the worker has taken a fresh setData; only count an idle
    // once every source and tile has really loaded (symbols included).
    map.on('idle', () => {
      // Batches still waiting will redraw the map (and bring another idle) when handed over.
      if (detailAdds.waiting) return;
      if (map.loaded() && map.areTilesLoaded()) {
        setIdleGeneration(generation.current);
        // The zoom the map came to rest at, for tests that wait out a camera animation.
        if (containerRef.current) containerRef.current.dataset.idleZoom = map.getZoom().toFixed(2);
        // The county names the map has placed, once per label drawn, for tests and tools.
        const container = containerRef.current;
        if (container && map.getLayer('counties-label')) {
          const names = map.queryRenderedFeatures({ layers: ['counties-label'] });
          container.dataset.countyLabels = names.map((f) => String(f.properties?.name)).join('|');
        }
      } else map.triggerRepaint();
    });
    map.on('load', () => {
      pushed.current.clear();
      setStyleReady(true);
      readyRef.current?.({
        // The WebGL buffer is cleared once a frame is shown, so draw one synchronously and
        // read it in the same task, before the browser composites it (no preserveDrawingBuffer,
        // which would slow every frame). Synchronous, so it can run in a 'beforeprint' handler.
        toDataURL: () => {
          map.redraw();
          return map.getCanvas().toDataURL('image/png');
        },
        metersPerPixel: () =>
          (EQUATOR_METRES_PER_PIXEL * Math.cos((map.getCenter().lat * Math.PI) / 180)) / 2 ** map.getZoom(),
        size: () => {
          const canvas = map.getCanvas();
          return { width: canvas.clientWidth, height: canvas.clientHeight };
        },
      });
    });
    map
      .getCanvas()
      .setAttribute(
        'aria-label',
        'Map of Minnesota. Use the search or coordinates box to choose a place by keyboard; arrow keys pan, Enter on a cluster of your sites at the centre zooms into it.',
      );
    mapRef.current = map;
    return () => {
      streamer.stop();
      detailAdds.stop();
      runDetail.current = () => {};
      setStyleReady(false);
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // Push each data layer once it is ready (and only when its reference changes).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    let changed = false;
    for (const name of DATA_SOURCES) {
      const load = loads[name];
      if (load.status !== 'ready' || pushed.current.get(name) === load.data) continue;
      const source = map.getSource<maplibregl.GeoJSONSource>(name);
      // A URL lets MapLibre's worker fetch and parse the layer without the page cloning it.
      const loaded = source?.setData(load.drawUrl ?? load.data);
      sourceLoaded.current.set(name, loaded?.catch(() => undefined) ?? Promise.resolve());
      pushed.current.set(name, load.data);
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
    if (!changed) return;
    generation.current += 1;
    setPushedGeneration(generation.current);
  }, [styleReady, loads, overlays]);

  // A layer that arrives or is switched on or off while zoomed in gets (or drops) its detail.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runDetail reads these through detailInputs.
  useEffect(() => {
    if (styleReady) runDetail.current();
  }, [styleReady, loads, layerSettings, layerMask]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !camera) return;
    const duration = camera.animate === false ? 0 : 600;
    if (camera.kind === 'bounds') map.fitBounds(camera.bounds, { padding: 40, maxZoom: 12, duration });
    else map.easeTo({ center: camera.center, zoom: camera.zoom ?? Math.max(map.getZoom(), 9), duration });
  }, [camera]);

  // Feature-state: set the new values and clear the ones that went away.
  const appliedStates = useRef(new Map<string, Map<string | number, Record<string, unknown>>>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied after every setData (pushedGeneration), which may drop states of replaced features.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    for (const [sourceId, states] of Object.entries(featureStates ?? {})) {
      // A highlighted unit of a deferred layer needs that layer drawn.
      if ((states?.size ?? 0) > 0 && sourceId in loads)
        useLayerStore.getState().ensureLoaded(sourceId as LayerName);
      if (!map.getSource(sourceId)) continue;
      const previous = appliedStates.current.get(sourceId) ?? new Map();
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
      appliedStates.current.set(sourceId, new Map(states ?? []));
    }
  }, [styleReady, featureStates, pushedGeneration]);

  // Shared units are drawn by filter (see sharedUnitFilter); set only when the ids change, as
  // a new filter makes the map rebuild that source's tiles.
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
    // Once drawn, the container names the shared units the map actually shows, per source
    // (for tests and tools: a screenshot taken before then may hold the previous frame).
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
  }, [styleReady, sharedKey]);

  // Banks of a hidden status are filtered out of the map (and, in the page, of the ranking).
  const hiddenBankStatuses = useSitingStore((state) => state.hiddenBankStatuses);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady || !map.getLayer('sites-circle')) return;
    map.setFilter(
      'sites-circle',
      hiddenBankStatuses.length > 0
        ? ['!', ['in', ['coalesce', ['get', 'status'], ''], ['literal', hiddenBankStatuses]]]
        : null,
    );
  }, [styleReady, hiddenBankStatuses]);

  // The selected option is ringed by id (a filter: one layer change, not a state per site).
  // Once drawn, the container names the ids the map actually shows ringed, for tests and tools.
  const selectedId = useSitingStore((state) => state.selectedCandidateId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read after each setData (pushedGeneration): new sites may now be drawn.
  useEffect(() => {
    const map = mapRef.current;
    const container = containerRef.current;
    if (!map || !styleReady || !container) return;
    for (const layerId of SELECTED_SITE_LAYERS)
      if (map.getLayer(layerId))
        map.setFilter(layerId, ['==', ['to-string', ['get', 'id']], selectedId ?? '']);
    const report = () => {
      const layers = SELECTED_SITE_LAYERS.filter((layerId) => map.getLayer(layerId));
      const ids = new Set(
        map.queryRenderedFeatures({ layers }).map((feature) => String(feature.properties?.id)),
      );
      container.dataset.highlightedSites = [...ids].join(' ');
      // And the clusters of the user's sites drawn now, with where the first one is (for tests).
      const clusters = map.getLayer('user-sites-cluster')
        ? map.queryRenderedFeatures({ layers: ['user-sites-cluster'] })
        : [];
      container.dataset.siteClusters = String(clusters.length);
      // And how many of the user's sites are drawn, one by one or in those clusters.
      const single = map.getLayer('user-sites-square')
        ? new Set(
            map.queryRenderedFeatures({ layers: ['user-sites-square'] }).map((f) => String(f.properties?.id)),
          )
        : new Set<string>();
      const clustered = new Map(
        clusters.map((f) => [f.properties?.cluster_id, Number(f.properties?.point_count)]),
      );
      container.dataset.userSitesDrawn = String(
        single.size + [...clustered.values()].reduce((a, b) => a + b, 0),
      );
      const first = clusters[0]?.geometry;
      if (first?.type === 'Point') {
        const at = map.project(first.coordinates as [number, number]);
        container.dataset.firstCluster = `${Math.round(at.x)},${Math.round(at.y)}`;
      } else delete container.dataset.firstCluster;
    };
    map.once('idle', report);
    map.triggerRepaint();
    return () => {
      map.off('idle', report);
    };
  }, [styleReady, selectedId, pushedGeneration]);

  // Layer list settings: visibility by layout, opacity by paint.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    for (const [layerId, setting] of Object.entries(layerSettings)) {
      const visible = setting.visible && (!layerMask || layerMask.includes(layerId as MapLayerId));
      for (const styleLayer of STYLE_LAYERS_OF[layerId as keyof typeof STYLE_LAYERS_OF]) {
        if (!map.getLayer(styleLayer.id)) continue;
        map.setLayoutProperty(styleLayer.id, 'visibility', visible ? 'visible' : 'none');
        for (const property of styleLayer.opacity) {
          map.setPaintProperty(styleLayer.id, property, setting.opacity * (styleLayer.scale ?? 1));
        }
      }
    }
  }, [styleReady, layerSettings, layerMask]);

  // Hearing mode: show only the candidates of the step, by id (levels live in feature-state,
  // which filters cannot read).
  const siteKey = visibleSiteIds ? visibleSiteIds.join('\n') : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: siteKey is the content of visibleSiteIds; a new array with the same ids changes nothing.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    const filter: maplibregl.FilterSpecification | null = visibleSiteIds
      ? ['in', ['to-string', ['get', 'id']], ['literal', [...visibleSiteIds]]]
      : null;
    for (const layerId of SITE_STYLE_LAYERS) {
      // A cluster has no id: the page hands the map only the step's user sites to cluster.
      if (!map.getLayer(layerId) || (CLUSTER_LAYER_IDS as readonly string[]).includes(layerId)) continue;
      // Kept with the layer's own filter (clusters apart from single sites).
      const base = baseFilterOf(layerId);
      map.setFilter(
        layerId,
        base && filter ? (['all', base, filter] as maplibregl.FilterSpecification) : (filter ?? base ?? null),
      );
    }
  }, [styleReady, siteKey]);

  // Hearing mode: larger labels, markers and outlines for the back of the room (1 restores the style).
  const appliedScale = useRef(1);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    if (appliedScale.current !== markScale) {
      // Busy until the map has drawn the new sizes.
      appliedScale.current = markScale;
      generation.current += 1;
      setPushedGeneration(generation.current);
    }
    for (const { layer, kind, property, value } of scaledProperties(STYLE_LAYERS, markScale)) {
      if (!map.getLayer(layer)) continue;
      type Layout = Parameters<maplibregl.Map['setLayoutProperty']>;
      type Paint = Parameters<maplibregl.Map['setPaintProperty']>;
      if (kind === 'layout') map.setLayoutProperty(layer, property as Layout[1], value as Layout[2]);
      else map.setPaintProperty(layer, property as Paint[1], value as Paint[2]);
    }
  }, [styleReady, markScale]);

  const busy = !styleReady || layersPending || streaming || idleGeneration !== pushedGeneration;
  return <div ref={containerRef} className="map" data-testid="map" aria-busy={busy} />;
}
