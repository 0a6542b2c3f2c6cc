/**
 * The explorer's map style as typed constants (design/PRACTICES.md habit 7): every source
 * starts empty and MapView fills it with `setData` when its layer arrives. Nothing here
 * names a remote host: the basemap is the project's own data and the label font is a
 * local file declared through `font-faces`, so the map works offline and in tests.
 */
import fontRegular from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url';
import fontBold from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2?url';
import type {
  ExpressionSpecification,
  FilterSpecification,
  LayerSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import { levelColourOf } from './levelColourOf';
import { MINOR_WATERSHED_MIN_ZOOM } from './mapLayerIds';
import {
  AREA_CLASS_COLOURS,
  FLOW_LINE_COLOUR,
  LINE_COLOURS,
  NO_WITHDRAWAL_COLOUR,
  SHARE_STEPS,
} from './palette';
import {
  CLUSTER_LAYER_IDS,
  clusterOptionsFor,
  SELECTED_USER_SITE_LAYERS,
  selectedRingLayer,
  USER_SITE_LAYERS,
  userSiteClusterLayers,
  userSiteLabelLayers,
} from './userSiteLayers';

export const SOURCE_IDS = [
  'state',
  'counties',
  'majorWatersheds',
  'minorWatersheds',
  'bankServiceAreas',
  'sites',
  'userSites',
  'lakes',
  'rivers',
  'places',
  'impact',
  'links',
  'flowMajors',
  'flowLines',
  'siteLabels',
  'countyLabels',
  'selectedSite',
] as const;
export type SourceId = (typeof SOURCE_IDS)[number];

import type { FeatureCollection } from 'geojson';

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/** Colour of a site by the priority level the ranking gave it (kept in feature-state). */
const levelColour = levelColourOf(['feature-state', 'level']);

const selectedWidth: ExpressionSpecification = [
  'case',
  ['boolean', ['feature-state', 'selected'], false],
  3.5,
  1.2,
];

const sharedOutline = (colour: string): ExpressionSpecification => [
  'case',
  ['boolean', ['feature-state', 'shared'], false],
  colour,
  'rgba(0,0,0,0)',
];

/**
 * Which units are drawn as shared with the impact, by id. The shared-unit layers draw nothing
 * until MapView sets it: a filter, not a transparent colour, so the map's workers build no
 * geometry for the thousands of units that are not shared (every one of them was triangulated
 * and drawn at zero opacity, at full detail, on every frame).
 */
export function sharedUnitFilter(ids: readonly (string | number)[]): ExpressionSpecification {
  return ['in', ['to-string', ['get', 'id']], ['literal', ids.map(String)]];
}

/** The style layers that outline (or fill) the units an option shares with the impact, by source. */
export const SHARED_UNIT_LAYERS = {
  minorWatersheds: ['shared-minor-fill', 'shared-minor-line'],
  majorWatersheds: ['shared-major-line'],
  bankServiceAreas: ['shared-bsa-line'],
} as const satisfies Partial<Record<SourceId, readonly string[]>>;

export const LABEL_FONT = 'Noto Sans Regular';
export const LABEL_FONT_BOLD = 'Noto Sans Bold';

export const STYLE_LAYERS: LayerSpecification[] = [
  { id: 'background', type: 'background', paint: { 'background-color': '#e9edf0' } },
  { id: 'state-fill', type: 'fill', source: 'state', paint: { 'fill-color': '#fbfaf6' } },
  {
    id: 'area-class-fill',
    type: 'fill',
    source: 'counties',
    paint: {
      'fill-color': [
        'match',
        ['get', 'areaClass'],
        'greater-than-80',
        AREA_CLASS_COLOURS['greater-than-80'],
        '50-to-80',
        AREA_CLASS_COLOURS['50-to-80'],
        AREA_CLASS_COLOURS['less-than-50'],
      ],
      'fill-opacity': 0.55,
    },
  },
  {
    // Losses and replacements (issue 34): the share of the credits withdrawn for impacts in each
    // major that came from banks in it (src/ui/flows/flowsView.ts holds the steps and the legend).
    id: 'flows-fill',
    type: 'fill',
    source: 'flowMajors',
    paint: {
      'fill-color': [
        'case',
        ['<', ['get', 'share'], 0],
        NO_WITHDRAWAL_COLOUR,
        [
          'step',
          ['get', 'share'],
          ...SHARE_STEPS.flatMap((s, i) => (i === 0 ? [s.colour] : [s.from, s.colour])),
        ],
      ] as unknown as ExpressionSpecification,
      'fill-opacity': 0.6,
    },
  },
  { id: 'lakes-fill', type: 'fill', source: 'lakes', paint: { 'fill-color': LINE_COLOURS.water } },
  {
    id: 'rivers-line',
    type: 'line',
    source: 'rivers',
    paint: {
      'line-color': LINE_COLOURS.river,
      'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.8, 10, 2.5],
    },
  },
  {
    id: 'shared-minor-fill',
    filter: sharedUnitFilter([]),
    type: 'fill',
    source: 'minorWatersheds',
    paint: {
      'fill-color': LINE_COLOURS.minorWatershed,
      'fill-opacity': ['case', ['boolean', ['feature-state', 'shared'], false], 0.18, 0],
    },
  },
  {
    id: 'counties-line',
    type: 'line',
    source: 'counties',
    paint: { 'line-color': LINE_COLOURS.county, 'line-width': 0.8 },
  },
  {
    id: 'minor-line',
    type: 'line',
    source: 'minorWatersheds',
    minzoom: MINOR_WATERSHED_MIN_ZOOM,
    paint: { 'line-color': LINE_COLOURS.minorWatershed, 'line-width': 0.7, 'line-dasharray': [3, 2] },
  },
  {
    id: 'major-line',
    type: 'line',
    source: 'majorWatersheds',
    paint: {
      'line-color': LINE_COLOURS.majorWatershed,
      'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.9, 10, 2],
    },
  },
  {
    id: 'bsa-line',
    type: 'line',
    source: 'bankServiceAreas',
    paint: {
      'line-color': LINE_COLOURS.bankServiceArea,
      'line-width': ['interpolate', ['linear'], ['zoom'], 5, 2, 10, 4],
      'line-opacity': 0.8,
    },
  },
  {
    id: 'shared-minor-line',
    filter: sharedUnitFilter([]),
    type: 'line',
    source: 'minorWatersheds',
    paint: { 'line-color': sharedOutline('#08306b'), 'line-width': 2.5 },
  },
  {
    id: 'shared-major-line',
    filter: sharedUnitFilter([]),
    type: 'line',
    source: 'majorWatersheds',
    paint: { 'line-color': sharedOutline('#1f5fa8'), 'line-width': 3 },
  },
  {
    id: 'shared-bsa-line',
    filter: sharedUnitFilter([]),
    type: 'line',
    source: 'bankServiceAreas',
    paint: { 'line-color': sharedOutline('#8a3b12'), 'line-width': 4 },
  },
  {
    id: 'state-line',
    type: 'line',
    source: 'state',
    paint: { 'line-color': LINE_COLOURS.state, 'line-width': 1.6 },
  },
  {
    id: 'flows-line',
    type: 'line',
    source: 'flowLines',
    layout: { 'line-cap': 'round' },
    paint: {
      'line-color': FLOW_LINE_COLOUR,
      'line-width': ['interpolate', ['linear'], ['sqrt', ['get', 'credits']], 0, 1, 10, 9],
      'line-opacity': 0.84,
    },
  },
  {
    id: 'links-line',
    type: 'line',
    source: 'links',
    paint: { 'line-color': '#222', 'line-width': 2, 'line-dasharray': [2, 1] },
  },
  {
    // Distance along each line from the impact (hearing mode and the chosen option). Banks on one
    // bearing piled their labels into one unreadable block (issue 33): a label that would collide
    // with another is left out, and the step's side list (HearingStepContent's options) gives every
    // distance in words.
    id: 'links-label',
    type: 'symbol',
    source: 'links',
    layout: {
      'symbol-placement': 'line-center',
      'text-field': ['coalesce', ['get', 'label'], ''],
      'text-font': [LABEL_FONT_BOLD],
      'text-size': 15,
      'text-allow-overlap': false,
      'text-ignore-placement': false,
      'text-padding': 6,
    },
    paint: { 'text-color': '#111', 'text-halo-color': '#fff', 'text-halo-width': 2 },
  },
  {
    id: 'impact-fill',
    type: 'fill',
    source: 'impact',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': LINE_COLOURS.impact, 'fill-opacity': 0.3 },
  },
  {
    id: 'impact-outline',
    type: 'line',
    source: 'impact',
    filter: ['in', ['geometry-type'], ['literal', ['Polygon', 'LineString']]],
    paint: { 'line-color': LINE_COLOURS.impact, 'line-width': 2 },
  },
  {
    id: 'sites-circle',
    type: 'circle',
    source: 'sites',
    paint: {
      'circle-color': levelColour,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 4, 10, 7],
      'circle-stroke-color': '#1a1a1a',
      'circle-stroke-width': selectedWidth,
    },
  },
  ...userSiteClusterLayers(LABEL_FONT_BOLD),
  ...USER_SITE_LAYERS,
  // The selected option, ringed wherever it is (MapView filters these by the selected id).
  selectedRingLayer('selected-bank-ring', 'sites'),
  ...SELECTED_USER_SITE_LAYERS,
  {
    // The level as a number on each bank, so the map does not tell levels by colour alone.
    id: 'site-level-label',
    type: 'symbol',
    source: 'siteLabels',
    minzoom: 6.5,
    layout: {
      'text-field': ['get', 'label'],
      'text-font': [LABEL_FONT_BOLD],
      'text-size': 11,
      'text-allow-overlap': true,
      'text-ignore-placement': true,
    },
    paint: { 'text-color': '#000', 'text-halo-color': '#fff', 'text-halo-width': 1.2 },
  },
  ...userSiteLabelLayers(LABEL_FONT_BOLD),
  {
    id: 'impact-vertex',
    type: 'circle',
    source: 'impact',
    filter: ['all', ['==', ['geometry-type'], 'Point'], ['has', 'vertex']],
    paint: {
      'circle-color': '#fff',
      'circle-radius': 4,
      'circle-stroke-color': LINE_COLOURS.impact,
      'circle-stroke-width': 2,
    },
  },
  {
    id: 'impact-point',
    type: 'circle',
    source: 'impact',
    filter: ['all', ['==', ['geometry-type'], 'Point'], ['!', ['has', 'vertex']]],
    paint: {
      'circle-color': LINE_COLOURS.impact,
      'circle-radius': 8,
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 3,
    },
  },
  {
    // County names: the area class is a county's, so the public view's map names them.
    id: 'counties-label',
    type: 'symbol',
    // A point per county (src/geo/countyLabelPoints, computed in the layer worker): a polygon would be named once per tile.
    source: 'countyLabels',
    minzoom: 5,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': [LABEL_FONT],
      'text-size': ['interpolate', ['linear'], ['zoom'], 5, 10, 9, 14],
      'text-max-width': 6,
      // One name per county now, so it may step aside for a town drawn at the same point.
      'text-variable-anchor': ['center', 'top', 'bottom', 'left', 'right'],
      'text-radial-offset': 1.2,
    },
    paint: { 'text-color': '#4a3b2a', 'text-halo-color': '#fff', 'text-halo-width': 1.2 },
  },
  {
    id: 'places-label',
    type: 'symbol',
    source: 'places',
    layout: {
      'text-field': ['get', 'name'],
      'text-font': [LABEL_FONT],
      'text-size': 12,
      'text-offset': [0, 0.8],
      'text-anchor': 'top',
    },
    paint: { 'text-color': '#333', 'text-halo-color': '#fff', 'text-halo-width': 1.5 },
  },
  {
    id: 'places-dot',
    type: 'circle',
    source: 'places',
    paint: { 'circle-color': '#333', 'circle-radius': 2.5 },
  },
];

/** The rings around the selected option (filtered by its id). */
export const SELECTED_SITE_LAYERS = ['selected-bank-ring', 'selected-user-site-ring'] as const;

/** Style layers that draw candidate sites, filtered together in hearing mode. */
export const SITE_STYLE_LAYERS = [
  'sites-circle',
  'user-sites-square',
  'site-level-label',
  'user-site-level-label',
  ...CLUSTER_LAYER_IDS,
] as const;

/** A style layer's own filter (MapView combines it with the ones it sets). */
export function baseFilterOf(layerId: string): FilterSpecification | undefined {
  const layer = STYLE_LAYERS.find((item) => item.id === layerId);
  return layer && 'filter' in layer ? layer.filter : undefined;
}

/** The initial style: all sources empty, filled as layers load. */
export function createBaseStyle(): StyleSpecification {
  return {
    version: 8,
    name: 'Minnesota wetland siting (local)',
    'font-faces': { [LABEL_FONT]: fontRegular, [LABEL_FONT_BOLD]: fontBold },
    sources: Object.fromEntries(
      SOURCE_IDS.map((id) => [
        id,
        {
          type: 'geojson',
          data: empty(),
          promoteId: 'id',
          ...(id === 'userSites' ? clusterOptionsFor(0) : {}),
        },
      ]),
    ) satisfies StyleSpecification['sources'],
    layers: STYLE_LAYERS,
  };
}
