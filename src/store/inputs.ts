/**
 * Everything the user enters, as one plain serialisable value: the only thing the page
 * persists (URL and local storage) and the only input of the derived results.
 */

import {
  LAND_USES,
  type LandUse,
  PROJECT_TYPES,
  type ProjectType,
  REPLACEMENT_ACTIONS,
  type ReplacementAction,
  WETLAND_TYPES,
  type WetlandType,
} from '../siting/types';
import type { UserSite } from '../siting/userSite';
import { MAP_LAYERS, type MapLayerId } from './mapLayers';
import { DEFAULT_ROW_FILTERS, type RowFilters } from './rowFilters';

/**
 * What the applicant considered at each step of sequencing before compensating (103G.222
 * subd. 1(b)); the application documents it (Minn. R. 8420.0330 subp. 3 A(7)). Free text.
 */
export interface SequencingRecord {
  avoid: string;
  minimize: string;
  rectify: string;
  reduce: string;
}
export const SEQUENCING_STEPS = ['avoid', 'minimize', 'rectify', 'reduce'] as const;
export const EMPTY_SEQUENCING: SequencingRecord = { avoid: '', minimize: '', rectify: '', reduce: '' };
/** Longest text a sequencing step keeps (a link must stay usable). */
export const MAX_SEQUENCING_TEXT = 2_000;

export type LngLatTuple = [number, number];

export interface ImpactInputs {
  /** The impact point (or the centroid of the drawn polygon). */
  location: LngLatTuple | null;
  /** A drawn impact area: one closed ring of [lon, lat]. */
  polygon: LngLatTuple[] | null;
  acres: number;
  land: LandUse;
  cultivatedField: boolean;
  project: ProjectType;
  afterTheFact: boolean;
  /** Acres partially drained, apart from `acres` (Minn. R. 8420.0522 subp. 2). */
  partiallyDrainedAcres: number;
  /** Circular 39 type of the impacted wetland, or null when not given. */
  wetlandType: WetlandType | null;
  /** Road repair on a state road (MnDOT replaces), a local road (the board), or not said. */
  stateRoad: boolean | null;
  sequencing: SequencingRecord;
}

export interface LayerSetting {
  visible: boolean;
  opacity: number;
}

export interface View {
  center: LngLatTuple;
  zoom: number;
}

/**
 * How the page is shown. `hearing` steps through the decision for an audience (step is
 * 0-based and clamped to the steps there are); `public` is the plain-language explainer.
 */
export type Mode = { kind: 'explore' } | { kind: 'hearing'; step: number } | { kind: 'public' };
export const MODE_KINDS = ['explore', 'hearing', 'public'] as const;
/** Highest hearing step a link may ask for; the page clamps to the steps it has. */
export const MAX_HEARING_STEP = 99;

export interface Inputs {
  impact: ImpactInputs;
  userSites: UserSite[];
  layers: Record<MapLayerId, LayerSetting>;
  selectedCandidateId: string | null;
  view: View | null;
  mode: Mode;
  /** Bank statuses (RIBITS: Approved, Pending, Sold-Out, …) left out of the map and the ranking. */
  hiddenBankStatuses: string[];
  /** The ranked table's sort and filters (level, eligibility, kind, distance, credits). */
  rankingFilters: RowFilters;
}

export const DEFAULT_IMPACT: ImpactInputs = {
  location: null,
  polygon: null,
  acres: 1,
  land: 'nonagricultural',
  cultivatedField: false,
  project: 'general',
  afterTheFact: false,
  partiallyDrainedAcres: 0,
  wetlandType: null,
  stateRoad: null,
  sequencing: EMPTY_SEQUENCING,
};

export function defaultLayerSettings(): Record<MapLayerId, LayerSetting> {
  return Object.fromEntries(
    MAP_LAYERS.map((layer) => [layer.id, { visible: layer.defaultVisible, opacity: layer.defaultOpacity }]),
  ) as Record<MapLayerId, LayerSetting>;
}

export function defaultInputs(): Inputs {
  return {
    impact: { ...DEFAULT_IMPACT, sequencing: { ...EMPTY_SEQUENCING } },
    userSites: [],
    layers: defaultLayerSettings(),
    selectedCandidateId: null,
    view: null,
    mode: { kind: 'explore' },
    hiddenBankStatuses: [],
    rankingFilters: { ...DEFAULT_ROW_FILTERS },
  };
}

export const isLandUse = (value: unknown): value is LandUse => LAND_USES.includes(value as LandUse);
export const isWetlandType = (value: unknown): value is WetlandType =>
  WETLAND_TYPES.includes(value as WetlandType);
export const isProjectType = (value: unknown): value is ProjectType =>
  PROJECT_TYPES.includes(value as ProjectType);
export const isReplacementAction = (value: unknown): value is ReplacementAction =>
  REPLACEMENT_ACTIONS.includes(value as ReplacementAction);
export const isMapLayerId = (value: unknown): value is MapLayerId =>
  MAP_LAYERS.some((layer) => layer.id === value);
