/**
 * What the page draws over the data layers, derived from inputs and results: the impact,
 * proposed sites, the line to the selected site, and feature-state (levels, selection,
 * units shared with the impact).
 */
import type { Feature, FeatureCollection } from 'geojson';
import type { FeatureStates } from '../../map/MapView';
import type { RankResult, Scenario } from '../../siting';
import type { ImpactInputs, UserSite } from '../../store/inputs';
import { mapLevelOf } from '../ranking/levelMarkers';

export function impactOverlay(
  impact: ImpactInputs,
  draft: readonly [number, number][] = [],
): FeatureCollection {
  const features: Feature[] = [];
  if (draft.length >= 2) {
    features.push({
      type: 'Feature',
      properties: { id: 'draft' },
      geometry: { type: 'LineString', coordinates: [...draft] },
    });
  }
  for (const [index, vertex] of draft.entries()) {
    features.push({
      type: 'Feature',
      properties: { id: `draft-${index}`, vertex: true },
      geometry: { type: 'Point', coordinates: vertex },
    });
  }
  if (impact.polygon && impact.polygon.length >= 3) {
    features.push({
      type: 'Feature',
      properties: { id: 'impact-area' },
      geometry: { type: 'Polygon', coordinates: [impact.polygon] },
    });
  }
  if (impact.location) {
    features.push({
      type: 'Feature',
      properties: { id: 'impact' },
      geometry: { type: 'Point', coordinates: impact.location },
    });
  }
  return { type: 'FeatureCollection', features };
}

export function userSitesOverlay(sites: UserSite[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: sites.map((site) => ({
      type: 'Feature',
      properties: { id: site.id, name: site.name },
      geometry: { type: 'Point', coordinates: site.location },
    })),
  };
}

export function linkOverlay(
  from: [number, number] | null,
  to: readonly [number, number] | null | undefined,
): FeatureCollection {
  if (!from || !to) return { type: 'FeatureCollection', features: [] };
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { id: 'link' },
        geometry: { type: 'LineString', coordinates: [from, [to[0], to[1]]] },
      },
    ],
  };
}

export function siteStates(
  result: RankResult | null,
  userSiteIds: ReadonlySet<string>,
  selectedId: string | null,
): FeatureStates {
  const sites = new Map<string | number, Record<string, unknown>>();
  const userSites = new Map<string | number, Record<string, unknown>>();
  const minorWatersheds = new Map<string | number, Record<string, unknown>>();
  const majorWatersheds = new Map<string | number, Record<string, unknown>>();
  const bankServiceAreas = new Map<string | number, Record<string, unknown>>();
  for (const candidate of result?.candidates ?? []) {
    const state = { level: mapLevelOf(candidate), selected: candidate.id === selectedId };
    (userSiteIds.has(candidate.id) ? userSites : sites).set(candidate.id, state);
    if (candidate.id === selectedId && result) {
      const impactUnits = result.impact.units;
      const { units } = candidate;
      if (units.minorWatershed && units.minorWatershed === impactUnits.minorWatershed) {
        minorWatersheds.set(units.minorWatershed, { shared: true });
      }
      if (units.majorWatershed && units.majorWatershed === impactUnits.majorWatershed) {
        majorWatersheds.set(units.majorWatershed, { shared: true });
      }
      if (units.bankServiceArea && units.bankServiceArea === impactUnits.bankServiceArea) {
        bankServiceAreas.set(units.bankServiceArea, { shared: true });
      }
    }
  }
  return { sites, userSites, minorWatersheds, majorWatersheds, bankServiceAreas };
}

/** Level numbers (or ✕ for not eligible) at each located candidate. */
export function siteLabelOverlay(result: RankResult | null, scenario: Scenario | null): FeatureCollection {
  if (!result || !scenario) return { type: 'FeatureCollection', features: [] };
  const locations = new Map(scenario.candidates.map((candidate) => [candidate.id, candidate.location]));
  const features: Feature[] = [];
  for (const candidate of result.candidates) {
    const location = locations.get(candidate.id);
    if (!location) continue;
    const label =
      candidate.status === 'ineligible'
        ? 'x'
        : candidate.priority === null
          ? '?'
          : String(candidate.priority);
    features.push({
      type: 'Feature',
      properties: { id: candidate.id, label },
      geometry: { type: 'Point', coordinates: [location[0], location[1]] },
    });
  }
  return { type: 'FeatureCollection', features };
}
