/**
 * The layer list's settings (visibility by layout, opacity by paint, within the public view's
 * mask) and hearing mode's larger marks, applied to the style's layers.
 */
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useEffect, useRef } from 'react';
import type { LayerSetting } from '../store/inputs';
import type { MapLayerId } from '../store/mapLayers';
import { STYLE_LAYERS } from './baseStyle';
import { scaledProperties } from './hearingScale';
import { STYLE_LAYERS_OF } from './mapLayerIds';

export function useLayerSettings(
  mapRef: RefObject<maplibregl.Map | null>,
  styleReady: boolean,
  layerSettings: Record<MapLayerId, LayerSetting>,
  layerMask: readonly MapLayerId[] | null | undefined,
): void {
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    for (const [layerId, setting] of Object.entries(layerSettings)) {
      const visible = setting.visible && (!layerMask || layerMask.includes(layerId as MapLayerId));
      for (const styleLayer of STYLE_LAYERS_OF[layerId as keyof typeof STYLE_LAYERS_OF]) {
        if (!map.getLayer(styleLayer.id)) continue;
        if (!styleLayer.byData)
          map.setLayoutProperty(styleLayer.id, 'visibility', visible ? 'visible' : 'none');
        for (const property of styleLayer.opacity) {
          map.setPaintProperty(styleLayer.id, property, setting.opacity * (styleLayer.scale ?? 1));
        }
      }
    }
  }, [mapRef, styleReady, layerSettings, layerMask]);
}

/**
 * Hearing mode: larger labels, markers and outlines for the back of the room (1 restores the
 * style). `markChanged` keeps the map busy until it has drawn the new sizes.
 */
export function useMarkScale(
  mapRef: RefObject<maplibregl.Map | null>,
  styleReady: boolean,
  markScale: number,
  markChanged: () => void,
): void {
  const appliedScale = useRef(1);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady) return;
    if (appliedScale.current !== markScale) {
      appliedScale.current = markScale;
      markChanged();
    }
    for (const { layer, kind, property, value } of scaledProperties(STYLE_LAYERS, markScale)) {
      if (!map.getLayer(layer)) continue;
      type Layout = Parameters<maplibregl.Map['setLayoutProperty']>;
      type Paint = Parameters<maplibregl.Map['setPaintProperty']>;
      if (kind === 'layout') map.setLayoutProperty(layer, property as Layout[1], value as Layout[2]);
      else map.setPaintProperty(layer, property as Paint[1], value as Paint[2]);
    }
  }, [mapRef, styleReady, markScale, markChanged]);
}
