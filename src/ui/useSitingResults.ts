/**
 * Derived results (design/PRACTICES.md habit 6): the impact's units, the candidates and their
 * ranking, computed from the store's inputs and the loaded layers, memoised on their
 * references. Nothing here is stored.
 */
import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { PolygonLayerIndex } from '../geo/polygonLayerIndex';
import { UnitIndex } from '../geo/unitIndex';
import { type Candidate, type RankResult, rankScenario, type Scenario, type Units } from '../siting';
import type { ImpactInputs, UserSite } from '../store/inputs';
import { type LayerLoad, useLayerStore } from '../store/layerStore';
import { useSitingStore } from '../store/sitingStore';
import type { LocationState } from './LocationCard';
import type { PlaceUnits } from './placeUnits';
import { type PolygonIndexes, placeUnitsAt } from './placeUnitsAt';
import { type PlssState, plssAt } from './plssAt';
import type { CandidateInfo } from './RankingTable';
import { useQuickLocation } from './useQuickLocation';

const POLYGON_LAYERS = [
  'state',
  'counties',
  'majorWatersheds',
  'minorWatersheds',
  'bankServiceAreas',
] as const;

const dataOf = (load: LayerLoad) => (load.status === 'ready' ? load.data : undefined);

/** Engine units from the page's view of a place. */
export function unitsOf(place: PlaceUnits): Units {
  return {
    minorWatershed: place.minorWatershed?.id ?? null,
    majorWatershed: place.majorWatershed?.id ?? null,
    bankServiceArea: place.bankServiceArea?.id ?? null,
    county: place.county?.id ?? null,
    countyAreaClass: place.areaClass,
  };
}

export interface SitingResults {
  location: LocationState;
  place: PlaceUnits | null;
  result: RankResult | null;
  info: Map<string, CandidateInfo>;
  /** The scenario handed to the engine: what the CLI would rank for the same inputs. */
  scenario: Scenario | null;
  /** Indexes of the loaded polygon layers, for area measurement. */
  indexes: PolygonIndexes;
  /** The impact's PLSS section, when a PLSS layer was imported. */
  plss: PlssState;
}

function bankCandidates(
  sites: FeatureCollection | undefined,
  indexes: PolygonIndexes,
  info: Map<string, CandidateInfo>,
): Candidate[] {
  const candidates: Candidate[] = [];
  for (const feature of sites?.features ?? []) {
    const properties = feature.properties ?? {};
    const id = String(properties.id ?? '');
    if (!id || properties.kind !== 'bank') continue;
    const point = feature.geometry?.type === 'Point' ? feature.geometry.coordinates : null;
    const location = point ? ([point[0] ?? 0, point[1] ?? 0] as [number, number]) : null;
    const units = location ? unitsOf(placeUnitsAt(location, indexes)) : {};
    const credits = typeof properties.availableCredits === 'number' ? properties.availableCredits : null;
    candidates.push({
      id,
      kind: 'bank',
      name: String(properties.name ?? id),
      location,
      units,
      bankApplicationDate:
        typeof properties.bankApplicationDate === 'string' ? properties.bankApplicationDate : null,
      availableCredits: credits,
      // Banks that cannot sell credits are not options (subd. 3(e)(4)): the engine sets them apart.
      bankStatus: typeof properties.status === 'string' ? properties.status : null,
    });
    info.set(id, {
      name: String(properties.name ?? id),
      origin: 'bank layer',
      status: typeof properties.status === 'string' ? properties.status : null,
      availableCredits: credits,
    });
  }
  return candidates;
}

function userCandidates(
  sites: UserSite[],
  indexes: PolygonIndexes,
  info: Map<string, CandidateInfo>,
): Candidate[] {
  return sites.map((site) => {
    info.set(site.id, {
      name: site.name || site.id,
      origin: 'your site',
      status: null,
      availableCredits: null,
    });
    return {
      id: site.id,
      kind: 'project-specific',
      name: site.name,
      location: site.location,
      units: unitsOf(placeUnitsAt(site.location, indexes)),
      action: site.action,
      wetlandType: site.wetlandType ?? null,
    };
  });
}

function toImpact(impact: ImpactInputs, place: PlaceUnits | null): Scenario['impact'] {
  return {
    location: impact.location,
    units: place ? unitsOf(place) : {},
    acres: impact.acres,
    land: impact.land,
    cultivatedField: impact.cultivatedField,
    project: impact.project,
    afterTheFact: impact.afterTheFact,
    partiallyDrainedAcres: impact.partiallyDrainedAcres,
    wetlandType: impact.wetlandType,
    stateRoad: impact.stateRoad,
  };
}

export function useSitingResults(): SitingResults {
  const loads = useLayerStore((state) => state.loads);
  const manifest = useLayerStore((state) => state.manifest);
  const impact = useSitingStore((state) => state.impact);
  const userSites = useSitingStore((state) => state.userSites);
  const overrides = useLayerStore((state) => state.overrides);
  const baseUrl = useLayerStore((state) => state.baseUrl);
  const localBytes = useLayerStore((state) => state.localFiles.bytes);

  const [state, counties, majorWatersheds, minorWatersheds, bankServiceAreas] = POLYGON_LAYERS.map((name) =>
    dataOf(loads[name]),
  );
  const pending = POLYGON_LAYERS.some((name) => loads[name].status === 'loading');
  const indexes = useMemo<PolygonIndexes>(
    () =>
      manifest
        ? new UnitIndex(manifest, { state, counties, majorWatersheds, minorWatersheds, bankServiceAreas })
        : null,
    [manifest, state, counties, majorWatersheds, minorWatersheds, bankServiceAreas],
  );

  const plssData = dataOf(loads.plss);
  const plssIndex = useMemo(() => (plssData ? new PolygonLayerIndex(plssData) : null), [plssData]);
  const plssEntry = manifest?.layers.plss;
  const plss = useMemo(
    () => plssAt(impact.location, plssEntry, plssIndex, loads.plss),
    [impact.location, plssEntry, plssIndex, loads.plss],
  );

  const sitesData = dataOf(loads.sites);
  const hiddenStatuses = useSitingStore((state) => state.hiddenBankStatuses);
  const allBanks = useMemo(() => {
    const info = new Map<string, CandidateInfo>();
    return { candidates: bankCandidates(sitesData, indexes, info), info };
  }, [sitesData, indexes]);
  // Banks of a hidden status leave the ranking as they leave the map.
  const banks = useMemo(() => {
    if (hiddenStatuses.length === 0) return allBanks;
    const hidden = new Set(hiddenStatuses);
    const shown = allBanks.candidates.filter(
      (candidate) => !hidden.has(allBanks.info.get(candidate.id)?.status ?? ''),
    );
    return { candidates: shown, info: allBanks.info };
  }, [allBanks, hiddenStatuses]);
  const proposed = useMemo(() => {
    const info = new Map<string, CandidateInfo>();
    return { candidates: userCandidates(userSites, indexes, info), info };
  }, [userSites, indexes]);

  const place = useMemo(
    () => (impact.location && !pending ? placeUnitsAt(impact.location, indexes) : null),
    [impact.location, indexes, pending],
  );

  // Until every polygon layer has arrived, read the card's units by range requests.
  const quick = useQuickLocation(impact.location, manifest, baseUrl, pending, localBytes);

  return useMemo(() => {
    const info = new Map([...banks.info, ...proposed.info]);
    let location: LocationState = { status: 'none' };
    if (impact.location) {
      if (place) location = { status: 'ready', units: place };
      else if (quick.place) location = { status: 'ready', units: quick.place };
      else if (quick.error) location = { status: 'error', message: quick.error };
      else location = { status: 'loading' };
    }
    if (!impact.location || !place?.inMinnesota)
      return { location, place, result: null, info, scenario: null, indexes, plss };
    const scenario: Scenario = {
      impact: toImpact(impact, place),
      candidates: [...proposed.candidates, ...banks.candidates],
    };
    return { location, place, result: rankScenario(scenario, { overrides }), info, scenario, indexes, plss };
  }, [impact, place, quick, banks, proposed, overrides, indexes, plss]);
}
