/**
 * How the map draws the user's proposed sites: one GeoJSON source (`userSites`) whose features
 * carry their ranked level and label as properties (no feature-state per site), clustered when
 * there are many (a county's 100,000 parcels are a carpet of dots at the state view), and the
 * selected site in a one-feature source of its own (`selectedSite`), so it is drawn and ringed
 * even when it sits inside a cluster. Pure style constants; MapView applies them.
 */
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { levelColourOf } from './levelColourOf';

/** From this many sites on, the sites are clustered at low zoom. */
export const CLUSTER_SITES_FROM = 2_000;
/** Last zoom drawn as clusters: from the next one every site is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 12;
export const CLUSTER_RADIUS_PX = 45;
/** Fill of a cluster marker (the legend shows the same). */
export const CLUSTER_COLOUR = '#3b3b6d';

/** Options for the userSites source, for `count` sites. */
export function clusterOptionsFor(count: number): {
  cluster: boolean;
  clusterMaxZoom: number;
  clusterRadius: number;
} {
  return {
    cluster: count >= CLUSTER_SITES_FROM,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
    clusterRadius: CLUSTER_RADIUS_PX,
  };
}

/** Colour of a site by the `level` property (mapLevelOf: 1-4, -1 not eligible, absent unranked). */
const levelColourByProperty = levelColourOf(['get', 'level']);

const isCluster: ExpressionSpecification = ['has', 'point_count'];
const isSite: ExpressionSpecification = ['!', ['has', 'point_count']];
const siteRadius: ExpressionSpecification = ['interpolate', ['linear'], ['zoom'], 5, 6, 10, 9];

/**
 * Cluster markers: sized by how many sites they hold, with the count written on them (below the
 * single sites and the selected one, which are drawn over a neighbouring cluster's count).
 */
export function userSiteClusterLayers(font: string): LayerSpecification[] {
  return [
    {
      id: 'user-sites-cluster',
      type: 'circle',
      source: 'userSites',
      filter: isCluster,
      paint: {
        'circle-color': CLUSTER_COLOUR,
        'circle-opacity': 0.85,
        'circle-radius': ['step', ['get', 'point_count'], 13, 100, 17, 1000, 22, 10000, 28],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
    {
      id: 'user-sites-cluster-count',
      type: 'symbol',
      source: 'userSites',
      filter: isCluster,
      layout: {
        'text-field': ['get', 'point_count_abbreviated'],
        'text-font': [font],
        'text-size': 12,
        'text-allow-overlap': true,
        'text-ignore-placement': true,
      },
      paint: { 'text-color': '#ffffff' },
    },
  ];
}

/** The sites one by one (outside clusters). */
export const USER_SITE_LAYERS: LayerSpecification[] = [
  {
    id: 'user-sites-square',
    type: 'circle',
    source: 'userSites',
    filter: isSite,
    paint: {
      'circle-color': levelColourByProperty,
      'circle-radius': siteRadius,
      'circle-stroke-color': '#000',
      'circle-stroke-width': 2.2,
    },
  },
];

/**
 * The ring around the selected option on `source`, drawn for no feature until MapView filters it by
 * the selected id. Thick yellow: it stands out over a dense carpet of sites and the light base map.
 */
export function selectedRingLayer(id: string, source: string): LayerSpecification {
  return {
    id,
    type: 'circle',
    source,
    filter: ['==', ['to-string', ['get', 'id']], ''],
    paint: {
      'circle-color': 'rgba(0,0,0,0)',
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 11, 10, 17],
      'circle-stroke-color': '#ffd400',
      'circle-stroke-width': 4,
    },
  };
}

/** The selected site, drawn on top of everything (also when its neighbours are a cluster), and ringed. */
export const SELECTED_USER_SITE_LAYERS: LayerSpecification[] = [
  {
    id: 'selected-user-site',
    type: 'circle',
    source: 'selectedSite',
    paint: {
      'circle-color': levelColourByProperty,
      'circle-radius': siteRadius,
      'circle-stroke-color': '#000',
      'circle-stroke-width': 4,
    },
  },
  selectedRingLayer('selected-user-site-ring', 'selectedSite'),
];

/** Level numbers on the single sites. */
export function userSiteLabelLayers(font: string): LayerSpecification[] {
  return [
    {
      id: 'user-site-level-label',
      type: 'symbol',
      source: 'userSites',
      filter: isSite,
      minzoom: 6.5,
      layout: {
        'text-field': ['coalesce', ['get', 'label'], ''],
        'text-font': [font],
        'text-size': 11,
        'text-allow-overlap': true,
        'text-ignore-placement': true,
      },
      paint: { 'text-color': '#000', 'text-halo-color': '#fff', 'text-halo-width': 1.2 },
    },
  ];
}

/** Layers a click or Enter may hit to zoom into a cluster. */
export const CLUSTER_LAYER_IDS = ['user-sites-cluster', 'user-sites-cluster-count'] as const;
