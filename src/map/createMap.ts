/**
 * The MapLibre map itself: the declared style, the opening view, the controls, and the events
 * the page hears of (a click, Enter at the centre, the end of a move). A click on a cluster of
 * the user's sites zooms into it instead of reaching the page.
 */
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { createBaseStyle } from './baseStyle';
import { type MapApi, MINNESOTA_BOUNDS } from './mapTypes';
import { CLUSTER_LAYER_IDS, CLUSTER_MAX_ZOOM } from './userSiteLayers';

maplibregl.setWorkerUrl(workerUrl);

/** Metres per 512-px tile at zoom 0 on the equator (WGS84 circumference / 512). */
const EQUATOR_METRES_PER_PIXEL = 40_075_016.686 / 512;

/** What the page hears from the map. */
export interface MapEvents {
  /** A click anywhere but on a cluster of the user's sites, as [longitude, latitude]. */
  click: (lngLat: [number, number]) => void;
  /** The camera came to rest (after a pan, zoom or flight). */
  moveEnd: () => void;
}

const STATE_PADDING = { top: 16, right: 16, bottom: 44, left: 16 };

/**
 * Until the camera first moves, the opening view stays fitted to the state as the map's box
 * changes (the results divider, a window resize): MapLibre keeps the centre and zoom on resize,
 * which cut off southern Minnesota when the layout settled after the map was created (issue 24).
 */
function keepStateInView(map: maplibregl.Map): void {
  let refitting = false;
  const onResize = () => {
    refitting = true;
    map.fitBounds(MINNESOTA_BOUNDS, { padding: STATE_PADDING, animate: false });
    refitting = false;
  };
  const onMoveStart = () => {
    if (refitting) return;
    map.off('resize', onResize);
    map.off('movestart', onMoveStart);
  };
  map.on('resize', onResize);
  map.on('movestart', onMoveStart);
}

/** A new map in `container`, opening at `initialView` (else Minnesota's extent). */
export function createMap(
  container: HTMLElement,
  initialView: { center: [number, number]; zoom: number } | null | undefined,
  events: MapEvents,
): maplibregl.Map {
  const map = new maplibregl.Map({
    container,
    style: createBaseStyle(),
    ...(initialView
      ? { center: initialView.center, zoom: initialView.zoom }
      : // Room below for the attribution strip and the scale bars, which sit over the map:
        // with even padding the state's southern border was drawn under them.
        {
          bounds: MINNESOTA_BOUNDS,
          fitBoundsOptions: { padding: STATE_PADDING },
        }),
    attributionControl: false,
    // No label fade: each fade is a run of extra frames, and with software WebGL (a laptop
    // without a GPU driver, a headless browser) every frame holds the page for 100+ ms.
    fadeDuration: 0,
    // Wide enough east-west that a wide, short map (the results below it at 1280x860) can
    // zoom out to the whole state: at [-105, -82] MapLibre held the zoom up and cut off the south.
    maxBounds: [-120, 38, -68, 54],
    dragRotate: false,
    pitchWithRotate: false,
  });
  map.touchZoomRotate.disableRotation();
  if (!initialView) keepStateInView(map);
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
  map.addControl(new maplibregl.ScaleControl({ unit: 'imperial' }), 'bottom-left');
  map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
  // The credit line is the build's (attributionText), set once the manifest is read: setAttribution.
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
    events.click([event.lngLat.lng, event.lngLat.lat]);
  });
  map.getCanvas().addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    const canvas = map.getCanvas();
    if (!zoomIntoCluster(canvas.clientWidth / 2, canvas.clientHeight / 2, 24)) return;
    event.preventDefault();
    event.stopPropagation();
  });
  map.on('moveend', events.moveEnd);
  map
    .getCanvas()
    .setAttribute(
      'aria-label',
      'Map of Minnesota. Use the search or coordinates box to choose a place by keyboard; arrow keys pan, Enter on a cluster of your sites at the centre zooms into it.',
    );
  return map;
}

/**
 * Puts the credit line of what the build holds on the map, replacing the one before (MapLibre reads
 * an AttributionControl's text when it is added).
 */
export function setAttribution(
  map: maplibregl.Map,
  previous: maplibregl.AttributionControl | null,
  text: string,
): maplibregl.AttributionControl {
  if (previous) map.removeControl(previous);
  const control = new maplibregl.AttributionControl({
    compact: false,
    ...(text ? { customAttribution: text } : {}),
  });
  map.addControl(control, 'bottom-right');
  return control;
}

/** What the page may ask of a loaded map (the report's image and scale bar). */
export function mapApiOf(map: maplibregl.Map): MapApi {
  return {
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
  };
}
