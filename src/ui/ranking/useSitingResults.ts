/**
 * Derived results (design/PRACTICES.md habit 6): the impact's units, the candidates and their
 * ranking, computed from the store's inputs and the loaded layers, memoised on their
 * references. Nothing here is stored.
 */
import type { FeatureCollection } from 'geojson';
import { useEffect, useMemo, useState } from 'react';
import { bankUnitsCurrent, unitsOfBankColumns } from '../../geo/bankUnits';
import type { Location } from '../../geo/location';
import { PolygonLayerIndex } from '../../geo/polygonLayerIndex';
import { unitsFromAreaShares } from '../../geo/siteImport/locateSites';
import {
  type AreaShares,
  type Candidate,
  lazyRankResult,
  type RankResult,
  rankCompact,
  type Scenario,
  type Units,
} from '../../siting';
import type { UserSite } from '../../siting/userSite';
import type { ImpactInputs } from '../../store/inputs';
import { featuresOf, useLayerStore } from '../../store/layerStore';
import { useSitingStore } from '../../store/sitingStore';
import { applyCreditPools } from '../credits/applyCreditPools';
import { useCreditsStore } from '../credits/creditsStore';
import { useCreditPools } from '../credits/useCreditPools';
import type { LocationState } from '../location/LocationCard';
import type { PlaceUnits } from '../location/placeUnits';
import type { PolygonIndexes } from '../location/placeUnitsAt';
import { placeUnitsFromLocation } from '../location/placeUnitsFromLocation';
import { type PlssState, plssAt } from '../location/plssAt';
import { type Unread, unreadableUnits } from '../location/unreadableText';
import { useAreaIndex, useLocatedPoints } from '../location/useRangeLookups';
import { useOnline } from '../useOnline';
import type { CandidateInfo } from './candidateInfo';

/** Units of the located point at this position of the candidate batch, or none when not located. */
type UnitsAt = (index: number) => Units;

const NO_POINTS: [number, number][] = [];

/** Engine units from the page's view of a place. */
export function unitsOf(place: PlaceUnits): Units {
  const units: Units = {
    minorWatershed: place.minorWatershed?.id ?? null,
    majorWatershed: place.majorWatershed?.id ?? null,
    bankServiceArea: place.bankServiceArea?.id ?? null,
    county: place.county?.id ?? null,
    countyAreaClass: place.areaClass,
  };
  // On a boundary between units the order compares, the engine leaves the level open.
  if (place.boundary) units.boundary = place.boundary;
  return units;
}

export interface SitingResults {
  location: LocationState;
  place: PlaceUnits | null;
  result: RankResult | null;
  info: Map<string, CandidateInfo>;
  /** The scenario handed to the engine: what the CLI would rank for the same inputs. */
  scenario: Scenario | null;
  /** The full-resolution polygons around a drawn impact area, for area measurement. */
  indexes: PolygonIndexes;
  /** The impact's PLSS section, when a PLSS layer was imported. */
  plss: PlssState;
  /**
   * Whose units got no answer from the data host (offline and not stored on this device): then
   * nothing is ranked (`result` is null), rather than ranking the place as if it had no units.
   */
  unread: Unread | null;
}

/** The points of the banks of the layer. */
function bankPoints(sites: FeatureCollection | undefined): [number, number][] {
  const points: [number, number][] = [];
  for (const feature of sites?.features ?? [])
    if (feature.properties?.kind === 'bank' && feature.geometry?.type === 'Point')
      points.push([feature.geometry.coordinates[0] ?? 0, feature.geometry.coordinates[1] ?? 0]);
  return points;
}

/**
 * The banks as candidates. `unitsStored`: each bank's units are read from its columns, found by
 * the build in the lookup layers in use (src/geo/locateBanks.ts); else from the batch's lookups.
 */
function bankCandidates(
  sites: FeatureCollection | undefined,
  unitsAt: UnitsAt,
  info: Map<string, CandidateInfo>,
  unitsStored: boolean,
): Candidate[] {
  const candidates: Candidate[] = [];
  // Positions in the batch: the banks' points come first, in bankPoints' order.
  let pointIndex = 0;
  for (const feature of sites?.features ?? []) {
    const properties = feature.properties ?? {};
    const point =
      properties.kind === 'bank' && feature.geometry?.type === 'Point' ? feature.geometry.coordinates : null;
    const index = point ? pointIndex++ : -1;
    const id = String(properties.id ?? '');
    if (!id || properties.kind !== 'bank') continue;
    const location = point ? ([point[0] ?? 0, point[1] ?? 0] as [number, number]) : null;
    const units = !location ? {} : unitsStored ? (unitsOfBankColumns(properties) ?? {}) : unitsAt(index);
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
  firstIndex: number,
  unitsAt: UnitsAt,
  info: Map<string, CandidateInfo>,
): Candidate[] {
  return sites.map((site, i) => {
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
      // An outline is ranked in the units holding most of its area (the point fills the rest).
      units: site.areaShares
        ? unitsFromAreaShares(site.areaShares, unitsAt(firstIndex + i))
        : unitsAt(firstIndex + i),
      ...(site.areaShares ? { areaShares: site.areaShares } : {}),
      action: site.action,
      wetlandType: site.wetlandType ?? null,
    };
  });
}

function toImpact(
  impact: ImpactInputs,
  place: PlaceUnits | null,
  areaShares: AreaShares | null,
): Scenario['impact'] {
  return {
    location: impact.location,
    units: place ? unitsOf(place) : {},
    // A drawn impact across units: each site is ranked for the part it reaches best (issue 31 item 10).
    ...(areaShares ? { areaShares } : {}),
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
  // Layers imported in this browser are read from their blob URLs, not from the host.
  const localUrls = useLayerStore((state) => state.localFiles.urls);

  // The PLSS layer (imported by the user) is read whole; its section is looked up in memory.
  const plssData = featuresOf(loads.plss);
  const plssIndex = useMemo(() => (plssData ? new PolygonLayerIndex(plssData) : null), [plssData]);
  const plssEntry = manifest?.layers.plss;
  const plss = useMemo(
    () => plssAt(impact.location, plssEntry, plssIndex, loads.plss),
    [impact.location, plssEntry, plssIndex, loads.plss],
  );

  const sitesData = featuresOf(loads.sites);
  // The impact alone first (the card), then every candidate in one batch (the ranking).
  const impactPoints = useMemo(() => (impact.location ? [impact.location] : []), [impact.location]);
  // A lookup layer that failed and is retried (LayerStatus) has its units asked for again.
  // So is every lookup when the network returns (a place not stored offline is read then).
  const online = useOnline();
  const retry = `${(['state', 'counties', 'majorWatersheds', 'minorWatersheds', 'bankServiceAreas'] as const)
    .filter((name) => loads[name].status === 'error')
    .join(',')}${online ? '' : '|offline'}`;
  const located = useLocatedPoints(impactPoints, manifest, baseUrl, retry, localUrls);
  const sitesPending = loads.sites.status === 'loading';
  // Candidates are located only once there is an impact to rank them for (the state view reads no full layer).
  const ranking = impact.location !== null;
  // Banks carry the units the build found for them (when the lookup layers in use are the build's):
  // only the impact and the user's sites are located then, not 293 banks on every visit.
  const bankUnitsStored = manifest !== null && bankUnitsCurrent(manifest);
  const banksInBatch = useMemo(
    () => (bankUnitsStored ? NO_POINTS : bankPoints(sitesData)),
    [sitesData, bankUnitsStored],
  );
  const candidatePoints = useMemo(
    () => (sitesPending || !ranking ? [] : [...banksInBatch, ...userSites.map((site) => site.location)]),
    [sitesPending, ranking, banksInBatch, userSites],
  );
  const candidatesLocated = useLocatedPoints(candidatePoints, manifest, baseUrl, retry, localUrls).locations;
  const indexes = useAreaIndex(impact.polygon ?? null, manifest, baseUrl, localUrls);
  // The share of the drawn area in each unit, from the full-resolution polygons around it. The
  // locator is loaded with the first drawn impact, not with the page (the state view's budget).
  const [impactShares, setImpactShares] = useState<AreaShares | null>(null);
  useEffect(() => {
    const ring = impact.polygon;
    if (!ring || ring.length < 4 || !indexes) {
      setImpactShares(null);
      return;
    }
    let current = true;
    void import('../../geo/siteImport/locateSitePolygon').then(({ createSiteLocator }) => {
      if (current)
        setImpactShares(
          createSiteLocator(indexes).locate({ type: 'Polygon', coordinates: [ring] }).areaShares,
        );
    });
    return () => {
      current = false;
    };
  }, [impact.polygon, indexes]);
  const unitsAt = useMemo<UnitsAt | null>(() => {
    if (!candidatesLocated) return null;
    // The layer worker answers the same object for points with the same units (sharedLocations):
    // each distinct place is turned into units once, not once per site.
    const unitsByLocation = new Map<Location, Units>();
    return (index) => {
      const location = candidatesLocated[index];
      if (!location) return {};
      let units = unitsByLocation.get(location);
      if (!units) {
        units = unitsOf(placeUnitsFromLocation(location));
        unitsByLocation.set(location, units);
      }
      return units;
    };
  }, [candidatesLocated]);

  const hiddenStatuses = useSitingStore((state) => state.hiddenBankStatuses);
  const allBanks = useMemo(() => {
    const info = new Map<string, CandidateInfo>();
    return unitsAt ? { candidates: bankCandidates(sitesData, unitsAt, info, bankUnitsStored), info } : null;
  }, [sitesData, unitsAt, bankUnitsStored]);
  // Banks of a hidden status leave the ranking as they leave the map.
  const banks = useMemo(() => {
    if (!allBanks || hiddenStatuses.length === 0) return allBanks;
    const hidden = new Set(hiddenStatuses);
    const shown = allBanks.candidates.filter(
      (candidate) => !hidden.has(allBanks.info.get(candidate.id)?.status ?? ''),
    );
    return { candidates: shown, info: allBanks.info };
  }, [allBanks, hiddenStatuses]);
  const proposed = useMemo(() => {
    const info = new Map<string, CandidateInfo>();
    return unitsAt
      ? { candidates: userCandidates(userSites, banksInBatch.length, unitsAt, info), info }
      : null;
  }, [userSites, banksInBatch, unitsAt]);

  // Each bank's credit pools (credits.json, loaded listings), and the approval filter (issue 21).
  const creditPools = useCreditPools();
  const approval = useCreditsStore((state) => state.approval);
  const banksWithCredits = useMemo(
    () =>
      banks
        ? applyCreditPools(banks.candidates, banks.info, creditPools, impact.wetlandType, approval)
        : null,
    [banks, creditPools, impact.wetlandType, approval],
  );

  const impactLocation = impact.location ? located.locations?.[0] : undefined;
  const place = useMemo(
    () => (impactLocation ? placeUnitsFromLocation(impactLocation) : null),
    [impactLocation],
  );

  return useMemo(() => {
    const info = new Map([...(banksWithCredits?.info ?? []), ...(proposed?.info ?? [])]);
    let location: LocationState = { status: 'none' };
    if (impact.location) {
      if (place) location = { status: 'ready', units: place };
      else if (located.error) location = { status: 'error', message: located.error };
      else location = { status: 'loading' };
    }
    // A unit whose read got no answer at all (offline and not stored on this device, or the host
    // cannot be reached) is not ranked around: the presenter is told to reconnect. A layer the host
    // answered with an error leaves the levels it decides open, and the ranking gives the possible
    // ones with the reason (issue 6's "not a certain lower one"). Decided from the reads
    // themselves, never from navigator.onLine (true after an offline reload in Chromium 150).
    const noAnswer = (units: Pick<Location, 'unreadable' | 'hostUnreachable'> | null | undefined) =>
      Boolean(units?.hostUnreachable) && unreadableUnits(units?.unreadable).length > 0;
    const unread: Unread | null = noAnswer(place)
      ? 'impact'
      : candidatesLocated?.some((located) => noAnswer(located))
        ? 'sites'
        : null;
    if (!impact.location || !place?.inMinnesota || !banksWithCredits || !proposed || unread)
      return { location, place, result: null, info, scenario: null, indexes, plss, unread };
    const scenario: Scenario = {
      impact: toImpact(impact, place, impactShares),
      candidates: [...proposed.candidates, ...banksWithCredits.candidates],
    };
    // Columns for every candidate; reasons and units only for the rows that are read (the table
    // draws a screenful, the map and the counts read levels and status).
    // Credit figures are aged to the application date, else today (stale past 90 days).
    const today = new Date().toISOString().slice(0, 10);
    const result = lazyRankResult(rankCompact(scenario, { overrides, today }));
    return { location, place, result, info, scenario, indexes, plss, unread };
  }, [
    impact,
    place,
    located.error,
    banksWithCredits,
    proposed,
    overrides,
    indexes,
    impactShares,
    plss,
    candidatesLocated,
  ]);
}
