/**
 * Which sites the map draws and rings, by filter: banks of a hidden status are left out, the
 * selected option is ringed by id, and in hearing mode only the step's candidates are drawn.
 */
import type * as maplibregl from 'maplibre-gl';
import { type RefObject, useEffect } from 'react';
import { baseFilterOf, SELECTED_SITE_LAYERS, SITE_STYLE_LAYERS } from './baseStyle';
import { CLUSTER_LAYER_IDS } from './userSiteLayers';

/** Banks of a hidden status are filtered out of the map (and, in the page, of the ranking). */
export function useHiddenBankStatuses(
  mapRef: RefObject<maplibregl.Map | null>,
  styleReady: boolean,
  hiddenBankStatuses: readonly string[],
): void {
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !styleReady || !map.getLayer('sites-circle')) return;
    map.setFilter(
      'sites-circle',
      hiddenBankStatuses.length > 0
        ? ['!', ['in', ['coalesce', ['get', 'status'], ''], ['literal', [...hiddenBankStatuses]]]]
        : null,
    );
  }, [mapRef, styleReady, hiddenBankStatuses]);
}

/**
 * The selected option is ringed by id (a filter: one layer change, not a state per site). Once
 * drawn, the container names the ids the map shows ringed, the clusters of the user's sites and
 * how many of those sites are drawn, for tests and tools; again after every setData (`generation`).
 */
export function useSelectedSite(
  mapRef: RefObject<maplibregl.Map | null>,
  containerRef: RefObject<HTMLElement | null>,
  styleReady: boolean,
  selectedId: string | null,
  generation: number,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read after each setData (generation): new sites may now be drawn.
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
      const clusters = map.getLayer('user-sites-cluster')
        ? map.queryRenderedFeatures({ layers: ['user-sites-cluster'] })
        : [];
      container.dataset.siteClusters = String(clusters.length);
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
  }, [styleReady, selectedId, generation]);
}

/** Hearing mode: only the candidates of the step, by id (levels live in feature-state, which filters cannot read). */
export function useVisibleSites(
  mapRef: RefObject<maplibregl.Map | null>,
  styleReady: boolean,
  visibleSiteIds: readonly string[] | null | undefined,
): void {
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
}
