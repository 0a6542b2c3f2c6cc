// The plain-GeoJSON baseline of the page-load benchmark: MapLibre alone drawing the same nine
// built layers, converted to GeoJSON files, with fills, lines and circles like the explorer's
// (no labels, so no font loads). It marks the map not busy when every source has loaded and the
// map is idle, the signal the explorer gives with aria-busy.
const LAYERS = [
  ['state', 'fill', { 'fill-color': '#fbfaf6' }],
  ['counties', 'line', { 'line-color': '#8a8a8a', 'line-width': 0.8 }],
  ['majorWatersheds', 'line', { 'line-color': '#3d6fa3', 'line-width': 1.2 }],
  ['minorWatersheds', 'line', { 'line-color': '#7fa4c9', 'line-width': 0.4 }],
  ['bankServiceAreas', 'line', { 'line-color': '#6b3fa0', 'line-width': 2 }],
  ['lakes', 'fill', { 'fill-color': '#a8c8e8' }],
  ['rivers', 'line', { 'line-color': '#a8c8e8', 'line-width': 1 }],
  ['sites', 'circle', { 'circle-color': '#ffffff', 'circle-radius': 4, 'circle-stroke-width': 1 }],
  ['places', 'circle', { 'circle-color': '#333333', 'circle-radius': 2 }],
];

import { Map as MapLibreMap, setWorkerUrl } from './maplibre-gl.mjs';

setWorkerUrl(new URL('maplibre-gl-worker.mjs', import.meta.url).href);

const container = document.getElementById('map');
// `?view=lon,lat,zoom` opens at that view, as the explorer's link does (the pan benchmark).
const view = new URLSearchParams(location.search).get('view')?.split(',').map(Number);
const opening =
  view?.length === 3 && view.every(Number.isFinite)
    ? { center: [view[0], view[1]], zoom: view[2] }
    : {
        bounds: [
          [-97.24, 43.5],
          [-89.49, 49.38],
        ],
      };
const map = new MapLibreMap({
  container,
  style: {
    version: 8,
    sources: Object.fromEntries(LAYERS.map(([id]) => [id, { type: 'geojson', data: `${id}.geojson` }])),
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#e9edf0' } },
      ...LAYERS.map(([id, type, paint]) => ({ id: `${id}-${type}`, type, source: id, paint })),
    ],
  },
  ...opening,
  attributionControl: false,
});

function markWhenDrawn() {
  if (LAYERS.every(([id]) => map.isSourceLoaded(id))) {
    container.setAttribute('aria-busy', 'false');
    return;
  }
  map.once('idle', markWhenDrawn);
}
map.once('load', () => map.once('idle', markWhenDrawn));
