/**
 * What the map is handed over its data layers, derived from the inputs and the results: the
 * impact (or the public view's place), the proposed sites, the selected site and the line to it
 * (or, presenting, the step's distance lines), the sites' level labels, county names, and the
 * sites' feature-state.
 */
import type { FeatureCollection } from 'geojson';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Mode } from '../../store/inputs';
import { featuresOf, type LayerLoad, useLayerStore } from '../../store/layerStore';
import { useSitingStore } from '../../store/sitingStore';
import { useFlowOverlays } from '../flows/useFlowOverlays';
import { distanceLinks } from '../hearing/distanceLinks';
import { type HearingStep, type HearingUnit, hearingUnits } from '../hearing/hearingSteps';
import type { SitingResults } from '../ranking/useSitingResults';
import {
  impactOverlay,
  linkOverlay,
  selectedSiteOverlay,
  siteLabelOverlay,
  siteStates,
  stepSitesOverlay,
  userSitesOverlay,
} from './mapOverlays';

/** The overlays and feature-state for MapView. */
export function useMapOverlays(
  results: SitingResults,
  locations: ReadonlyMap<string, readonly [number, number] | null | undefined>,
  mode: Mode,
  draft: readonly [number, number][],
  hearingStep: HearingStep | undefined,
  publicPoint: [number, number] | null,
) {
  const { result, scenario, location } = results;
  const loads = useLayerStore((state) => state.loads);
  const impact = useSitingStore((state) => state.impact);
  const userSites = useSitingStore((state) => state.userSites);
  const selectedId = useSitingStore((state) => state.selectedCandidateId);

  const counties = featuresOf(loads.counties);
  const workerLabels = loads.counties.status === 'ready' ? loads.counties.labels : undefined;
  // County name points (polylabel): computed by the layer worker with the counties; on the page,
  // loaded on demand, only where no worker computed them.
  const [pageLabels, setCountyLabels] = useState<FeatureCollection | undefined>(undefined);
  const countyLabels = workerLabels ?? pageLabels;
  useEffect(() => {
    if (!counties || workerLabels) return;
    let current = true;
    void import('../../geo/countyLabelPoints').then(({ countyLabelPoints }) => {
      if (current) setCountyLabels(countyLabelPoints(counties));
    });
    return () => {
      current = false;
    };
  }, [counties, workerLabels]);

  // Built once per change of the sites or the ranking, not on every selection (100,000 features);
  // while new sites are being ranked the map keeps what it has, and gets them once, with levels.
  const rankingPending = result === null && location.status === 'ready' && location.units.inMinnesota;
  const lastSitesData = useRef<ReturnType<typeof userSitesOverlay> | null>(null);
  const userSitesData = useMemo(
    () =>
      rankingPending && lastSitesData.current ? lastSitesData.current : userSitesOverlay(userSites, result),
    [userSites, result, rankingPending],
  );
  lastSitesData.current = userSitesData;
  // In hearing mode the map is handed the step's sites only (clustered among themselves).
  const stepSiteIds = hearingStep?.siteIds ?? null;
  const stepSiteKey = stepSiteIds === null ? null : stepSiteIds.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: stepSiteKey is the content of stepSiteIds; a new array with the same ids changes nothing.
  const shownSitesData = useMemo(
    () => stepSitesOverlay(userSitesData, stepSiteIds),
    [userSitesData, stepSiteKey],
  );
  const flows = useFlowOverlays(mode.kind !== 'public', loads.majorWatersheds, hearingStep?.key === 'losses');
  const overlays = useMemo(() => {
    const selected = result?.candidates.find((candidate) => candidate.id === selectedId);
    const selectedLocation = selectedId
      ? (userSites.find((site) => site.id === selectedId)?.location ?? bankLocation(loads.sites, selectedId))
      : null;
    const linked = new Set(hearingStep?.linkIds ?? []);
    if (mode.kind === 'public') {
      return {
        impact: impactOverlay({ ...impact, location: publicPoint, polygon: null }),
        links: linkOverlay(null, null),
        countyLabels,
      };
    }
    return {
      impact: impactOverlay(impact, draft),
      userSites: shownSitesData,
      selectedSite: selectedSiteOverlay(userSites, result, selectedId),
      links: hearingStep
        ? distanceLinks(
            impact.location,
            (result?.candidates ?? []).filter((candidate) => linked.has(candidate.id)),
            locations,
          )
        : linkOverlay(impact.location, selected ? selectedLocation : null),
      siteLabels: siteLabelOverlay(result, scenario),
      countyLabels,
      ...flows,
    };
  }, [
    flows,
    countyLabels,
    impact,
    draft,
    userSites,
    shownSitesData,
    selectedId,
    result,
    scenario,
    loads.sites,
    hearingStep,
    locations,
    mode.kind,
    publicPoint,
  ]);

  // Presenting, the units outlined are the ones the step talks about, not the selection's.
  const outlined = hearingStep ? hearingUnits(hearingStep).join(',') : null;
  const featureStates = useMemo(
    () =>
      siteStates(
        result,
        selectedId,
        outlined === null ? null : (outlined.split(',').filter(Boolean) as HearingUnit[]),
      ),
    [result, selectedId, outlined],
  );
  return { overlays, featureStates };
}

function bankLocation(load: LayerLoad, id: string): [number, number] | null {
  if (load.status !== 'ready') return null;
  const feature = load.data?.features.find((item) => item.properties?.id === id);
  if (feature?.geometry?.type !== 'Point') return null;
  const [lon = 0, lat = 0] = feature.geometry.coordinates;
  return [lon, lat];
}
