/**
 * The one component that touches MapLibre (design/PRACTICES.md habit 7). It declares the
 * style once, then mirrors store state into the map: loaded layers by `setData` when their
 * reference changes, visibility and opacity by paint/layout properties, highlights by
 * feature-state. Map clicks are reported upward as plain coordinates.
 */
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection } from 'geojson';
import { useEffect, useRef, useState } from 'react';
import type { LayerName } from '../geo/manifest';
import { useLayerStore } from '../store/layerStore';
import { createBaseStyle, type SourceId } from './baseStyle';

maplibregl.setWorkerUrl(workerUrl);

/** Minnesota's extent, with a little margin. */
export const MINNESOTA_BOUNDS: [number, number, number, number] = [-97.5, 43.3, -89.3, 49.5];

const DATA_SOURCES: readonly (LayerName & SourceId)[] = [
  'state',
  'counties',
  'majorWatersheds',
  'minorWatersheds',
  'bankServiceAreas',
  'sites',
  'lakes',
  'rivers',
  'places',
];

export interface MapViewProps {
  /** Called with [longitude, latitude] when the user clicks the map. */
  onMapClick?: (lngLat: [number, number]) => void;
  /** Overlays owned by the page (impact, user sites, links), by source id. */
  overlays?: Partial<Record<SourceId, FeatureCollection>>;
}

export function MapView({ onMapClick, overlays }: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const [styleReady, setStyleReady] = useState(false);
  const clickRef = useRef(onMapClick);
  clickRef.current = onMapClick;
  const loads = useLayerStore((state) => state.loads);
  const pushed = useRef(new Map<string, unknown>());

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = new maplibregl.Map({
      container,
      style: createBaseStyle(),
      bounds: MINNESOTA_BOUNDS,
      fitBoundsOptions: { padding: 16 },
      attributionControl: false,
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
    map.on('click', (event) => clickRef.current?.([event.lngLat.lng, event.lngLat.lat]));
    map.on('load', () => {
      pushed.current.clear();
      setStyleReady(true);
    });
    map
      .getCanvas()
      .setAttribute(
        'aria-label',
        'Map of Minnesota. Use the search or coordinates box to choose a place by keyboard.',
      );
    mapRef.current = map;
    return () => {
      setStyleReady(false);
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // Push each data layer once it is ready (and only when its reference changes).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    for (const name of DATA_SOURCES) {
      const load = loads[name];
      if (load.status !== 'ready' || pushed.current.get(name) === load.data) continue;
      const source = map.getSource<maplibregl.GeoJSONSource>(name);
      source?.setData(load.data);
      pushed.current.set(name, load.data);
    }
    for (const [id, data] of Object.entries(overlays ?? {})) {
      if (!data || pushed.current.get(id) === data) continue;
      map.getSource<maplibregl.GeoJSONSource>(id)?.setData(data);
      pushed.current.set(id, data);
    }
  }, [styleReady, loads, overlays]);

  return <div ref={containerRef} className="map" data-testid="map" />;
}
