/**
 * What the page draws over the data layers, derived from inputs and results: the impact,
 * proposed sites, the line to the selected site, and feature-state (levels, selection,
 * units shared with the impact).
 */
import type { Feature, FeatureCollection } from 'geojson';
import type { FeatureStates } from '../../map/mapTypes';
import type { RankedCandidate, RankResult, Scenario } from '../../siting';
import type { UserSite } from '../../siting/userSite';
import type { ImpactInputs } from '../../store/inputs';
import type { HearingUnit } from '../hearing/hearingSteps';
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

/** The map's label for a ranked candidate: its level, x when not eligible, ? when open. */
/** What the map writes in a site's marker, by its level marker (the map legend names them). */
export const MARKER_MAP_LABELS = {
  1: '1',
  2: '2',
  3: '3',
  4: '4',
  undetermined: '?',
  ineligible: 'x',
} as const;

function labelOf(candidate: RankedCandidate): string {
  if (candidate.status === 'ineligible') return MARKER_MAP_LABELS.ineligible;
  return candidate.priority === null ? MARKER_MAP_LABELS.undetermined : MARKER_MAP_LABELS[candidate.priority];
}

/**
 * The user's sites as one source: each with its ranked level and label as properties (the map
 * clusters them when there are many, and feature-state over 100,000 features is what froze the
 * page). Unranked sites (no impact yet) carry no level.
 */
export function userSitesOverlay(sites: readonly UserSite[], result: RankResult | null): FeatureCollection {
  const ranked = new Map<string, RankedCandidate>();
  for (const candidate of result?.candidates ?? [])
    if (candidate.kind === 'project-specific') ranked.set(candidate.id, candidate);
  return {
    type: 'FeatureCollection',
    features: sites.map((site) => {
      const candidate = ranked.get(site.id);
      return {
        type: 'Feature',
        // Only what the map draws: every property is copied to the map's worker, 100,000 times.
        properties: candidate
          ? { id: site.id, level: mapLevelOf(candidate), label: labelOf(candidate) }
          : { id: site.id },
        geometry: { type: 'Point', coordinates: site.location },
      };
    }),
  };
}

/**
 * The user sites of `overlay` whose ids are listed (a hearing step's), or all of them when there
 * is no list: the map clusters what it is given, so a step's sites are clustered among themselves
 * and none is hidden inside a cluster of sites the step does not show.
 */
export function stepSitesOverlay(
  overlay: FeatureCollection,
  ids: readonly string[] | null,
): FeatureCollection {
  if (ids === null) return overlay;
  const shown = new Set(ids);
  return {
    type: 'FeatureCollection',
    features: overlay.features.filter((feature) => shown.has(String(feature.properties?.id))),
  };
}

/** The selected user site alone (empty when the selection is a bank or nothing). */
export function selectedSiteOverlay(
  sites: readonly UserSite[],
  result: RankResult | null,
  selectedId: string | null,
): FeatureCollection {
  const site = selectedId ? sites.find((item) => item.id === selectedId) : undefined;
  if (!site) return { type: 'FeatureCollection', features: [] };
  const candidate = result?.candidates.find((item) => item.id === site.id);
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: candidate
          ? { id: site.id, name: site.name, level: mapLevelOf(candidate), label: labelOf(candidate) }
          : { id: site.id, name: site.name },
        geometry: { type: 'Point', coordinates: site.location },
      },
    ],
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

/**
 * Feature-state for the banks (level, selection) and the units the selected option shares with
 * the impact. The user's sites carry their level as properties (userSitesOverlay).
 */
export function siteStates(
  result: RankResult | null,
  selectedId: string | null,
  /** Presenting: the impact's units the hearing step talks about, outlined instead of the selection's. */
  hearingUnits: readonly HearingUnit[] | null = null,
): FeatureStates {
  const sites = new Map<string | number, Record<string, unknown>>();
  const minorWatersheds = new Map<string | number, Record<string, unknown>>();
  const majorWatersheds = new Map<string | number, Record<string, unknown>>();
  const bankServiceAreas = new Map<string | number, Record<string, unknown>>();
  for (const candidate of result?.candidates ?? []) {
    if (candidate.kind !== 'project-specific')
      sites.set(candidate.id, { level: mapLevelOf(candidate), selected: candidate.id === selectedId });
    if (hearingUnits === null && candidate.id === selectedId && result) {
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
  const impactUnits = result?.impact.units;
  for (const unit of hearingUnits ?? []) {
    const id = impactUnits?.[unit];
    if (!id) continue;
    const states =
      unit === 'minorWatershed'
        ? minorWatersheds
        : unit === 'majorWatershed'
          ? majorWatersheds
          : bankServiceAreas;
    states.set(id, { shared: true });
  }
  return { sites, minorWatersheds, majorWatersheds, bankServiceAreas };
}

/** Level numbers (or ✕ for not eligible) at each located bank (the user's sites carry their own). */
export function siteLabelOverlay(result: RankResult | null, scenario: Scenario | null): FeatureCollection {
  if (!result || !scenario) return { type: 'FeatureCollection', features: [] };
  const locations = new Map<string, Scenario['candidates'][number]['location']>();
  for (const candidate of scenario.candidates)
    if (candidate.kind !== 'project-specific') locations.set(candidate.id, candidate.location);
  const features: Feature[] = [];
  for (const candidate of result.candidates) {
    const location = locations.get(candidate.id);
    if (!location) continue;
    features.push({
      type: 'Feature',
      properties: { id: candidate.id, label: labelOf(candidate) },
      geometry: { type: 'Point', coordinates: [location[0], location[1]] },
    });
  }
  return { type: 'FeatureCollection', features };
}
