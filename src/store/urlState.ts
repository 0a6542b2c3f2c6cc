/**
 * The page state in the URL, so any view is a shareable link. Pure encode/decode; parameters
 * that are unknown or malformed are dropped with a notice naming them, never thrown.
 *
 * at=lon,lat · poly=lon,lat;lon,lat;… · acres=0.8 · land=agricultural · cf=1 · project=mining ·
 * atf=1 · sites=<JSON array of {id,name,lon,lat,action}> · hide=layerId,… · show=layerId,… (a layer hidden by default) · opacity=layerId:0.4,… ·
 * sel=candidateId · view=lon,lat,zoom · mode=hearing|public · step=n (hearing step, 0-based) ·
 * pda=acres partially drained · wtype=1..8 (Circular 39) · sroad=0|1 · seq=<JSON {avoid,minimize,
 * rectify,reduce}> · filter=<ranked table's sort and filters, e.g. level:1;km:5;sort:distance>
 */

import type { UserSite } from '../siting/userSite';
import {
  defaultInputs,
  type Inputs,
  isMapLayerId,
  isReplacementAction,
  isWetlandType,
  MAX_HEARING_STEP,
  SEQUENCING_STEPS,
} from './inputs';
import { decodeRankingFilters, encodeRankingFilters } from './rankingFiltersParam';
import { readImpactParameter, readLngLat } from './readImpactParameter';

/**
 * Names a link might use to point the page at other data. A link must never swap the data a
 * viewer trusts (src/geo/dataSource.ts), so these get their own notice saying so.
 */
const DATA_SOURCE_PARAMETERS =
  /^(?:data|data[-_]?url|data[-_]?base|base[-_]?url|manifest|source|src|config)$/i;

/** Every parameter the link may carry; anything else is ignored with a notice. */
export const URL_PARAMETERS = [
  'at',
  'poly',
  'acres',
  'land',
  'cf',
  'project',
  'atf',
  'sites',
  'hide',
  'show',
  'opacity',
  'sel',
  'view',
  'mode',
  'step',
  'hidebanks',
  'pda',
  'wtype',
  'sroad',
  'seq',
  'filter',
] as const;
const KNOWN = new Set<string>(URL_PARAMETERS);
/** Bounds a shared link is trusted with: enough for real work, small enough to stay responsive. */
export const MAX_SITES_IN_URL = 500;
/**
 * Local storage keeps up to this many sites (read back at once on reload); more are kept in
 * IndexedDB only (src/store/userSitesDb.ts) and local storage says `sites=stored`.
 */
export const MAX_SITES_STORED = 10_000;
/** The `sites` value of a link whose sites are too many for it and live in local storage. */
const SITES_STORED = 'stored';

export interface UrlStateOptions {
  /** Most sites written into (or read from) the `sites` parameter. */
  maxSites?: number;
  /** The sites kept in local storage, for a link that says `sites=stored`. */
  storedSites?: UserSite[] | null;
  /**
   * `sites=stored` without `storedSites` is not ignored but reported in `sitesInBrowser`: the
   * page then reads the sites from IndexedDB (src/store/persistUserSites.ts).
   */
  deferStoredSites?: boolean;
}

/**
 * Numbers are written in full (the shortest text that reads back as the same double), not
 * rounded: the link is also the saved work (local storage), so a clicked point, a view or an
 * opacity must come back exactly — a rounded impact point can land across a unit boundary.
 */
const exact = (value: number) => String(value);

function readSites(text: string, maxSites: number): UserSite[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length > maxSites) return null;
  const sites: UserSite[] = [];
  const ids = new Set<string>();
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return null;
    const { id, name, lon, lat, action, wetlandType } = item as Record<string, unknown>;
    if (typeof id !== 'string' || id === '' || id.length > 200 || ids.has(id)) return null;
    if (typeof name !== 'string' || name.length > 500) return null;
    if (typeof lon !== 'number' || typeof lat !== 'number' || !readLngLat(`${lon},${lat}`)) return null;
    if (!isReplacementAction(action)) return null;
    if (wetlandType !== undefined && !isWetlandType(wetlandType)) return null;
    ids.add(id);
    sites.push(
      wetlandType === undefined
        ? { id, name, location: [lon, lat], action }
        : { id, name, location: [lon, lat], action, wetlandType },
    );
  }
  return sites;
}

/** Serialises the inputs; defaults are left out to keep links short. */
export function encodeUrlState(inputs: Inputs, options: UrlStateOptions = {}): string {
  const maxSites = options.maxSites ?? MAX_SITES_IN_URL;
  const params = new URLSearchParams();
  const defaults = defaultInputs();
  const { impact } = inputs;
  if (impact.location) params.set('at', `${exact(impact.location[0])},${exact(impact.location[1])}`);
  if (impact.polygon) {
    params.set('poly', impact.polygon.map(([lon, lat]) => `${exact(lon)},${exact(lat)}`).join(';'));
  }
  if (impact.acres !== defaults.impact.acres) params.set('acres', String(impact.acres));
  if (impact.land !== defaults.impact.land) params.set('land', impact.land);
  if (impact.cultivatedField) params.set('cf', '1');
  if (impact.project !== defaults.impact.project) params.set('project', impact.project);
  if (impact.afterTheFact) params.set('atf', '1');
  if (impact.partiallyDrainedAcres > 0) params.set('pda', String(impact.partiallyDrainedAcres));
  if (impact.wetlandType !== null) params.set('wtype', impact.wetlandType);
  if (impact.stateRoad !== null) params.set('sroad', impact.stateRoad ? '1' : '0');
  const sequencing = Object.fromEntries(
    SEQUENCING_STEPS.filter((step) => impact.sequencing[step] !== '').map((step) => [
      step,
      impact.sequencing[step],
    ]),
  );
  if (Object.keys(sequencing).length > 0) params.set('seq', JSON.stringify(sequencing));
  // More sites than a link can carry stay in local storage; the link says so.
  // An outline (and its area shares) is more than a link or local storage holds: such sites live
  // in IndexedDB whatever their number, and the link says so.
  if (inputs.userSites.length > maxSites || inputs.userSites.some((site) => site.geometry || site.areaShares))
    params.set('sites', SITES_STORED);
  else if (inputs.userSites.length > 0) {
    params.set(
      'sites',
      JSON.stringify(
        inputs.userSites.map((site) => ({
          id: site.id,
          name: site.name,
          lon: site.location[0],
          lat: site.location[1],
          action: site.action,
          ...(site.wetlandType ? { wetlandType: site.wetlandType } : {}),
        })),
      ),
    );
  }
  // Each layer differs from its default one way: hidden (shown by default) or shown (hidden by default).
  const differs = Object.entries(inputs.layers).filter(
    ([id, setting]) => setting.visible !== defaults.layers[id as keyof Inputs['layers']].visible,
  );
  const hidden = differs.filter(([, setting]) => !setting.visible).map(([id]) => id);
  const shown = differs.filter(([, setting]) => setting.visible).map(([id]) => id);
  if (hidden.length > 0) params.set('hide', hidden.join(','));
  if (shown.length > 0) params.set('show', shown.join(','));
  const opacities = Object.entries(inputs.layers)
    .filter(([id, setting]) => setting.opacity !== defaults.layers[id as keyof Inputs['layers']].opacity)
    .map(([id, setting]) => `${id}:${exact(setting.opacity)}`);
  if (opacities.length > 0) params.set('opacity', opacities.join(','));
  if (inputs.selectedCandidateId) params.set('sel', inputs.selectedCandidateId);
  if (inputs.view) {
    params.set(
      'view',
      `${exact(inputs.view.center[0])},${exact(inputs.view.center[1])},${exact(inputs.view.zoom)}`,
    );
  }
  if (inputs.hiddenBankStatuses.length > 0)
    params.set('hidebanks', JSON.stringify(inputs.hiddenBankStatuses));
  const filters = encodeRankingFilters(inputs.rankingFilters);
  if (filters) params.set('filter', filters);
  if (inputs.mode.kind !== 'explore') params.set('mode', inputs.mode.kind);
  if (inputs.mode.kind === 'hearing' && inputs.mode.step !== 0) params.set('step', String(inputs.mode.step));
  return params.toString();
}

export interface DecodedUrlState {
  inputs: Inputs;
  /** One line per parameter that was ignored, naming it and why. */
  notices: string[];
  /** True when the URL carried any recognised state. */
  hasState: boolean;
  /** True when `sites=stored` was left for the page to read from this browser's storage. */
  sitesInBrowser: boolean;
}

/** Reads the inputs from a query string, starting from the defaults. */
export function decodeUrlState(search: string, options: UrlStateOptions = {}): DecodedUrlState {
  const maxSites = options.maxSites ?? MAX_SITES_IN_URL;
  const params = new URLSearchParams(search);
  const inputs = defaultInputs();
  const notices: string[] = [];
  let hasState = false;
  let sitesInBrowser = false;
  const ignore = (name: string, why: string) =>
    notices.push(`Ignored the link's "${name}" parameter: ${why}.`);
  // step belongs to hearing mode, which may come later in the link: read both, then combine.
  let step: number | null = null;

  for (const [name, value] of params) {
    if (DATA_SOURCE_PARAMETERS.test(name)) {
      ignore(name, 'where the map data comes from is set by whoever hosts this explorer, never by a link');
      continue;
    }
    if (!KNOWN.has(name)) {
      ignore(name, 'it is not a parameter this explorer knows');
      continue;
    }
    hasState = true;
    if (readImpactParameter(name, value, inputs.impact, ignore)) continue;
    switch (name) {
      case 'sites': {
        if (value === SITES_STORED) {
          if (options.storedSites) inputs.userSites = options.storedSites;
          else if (options.deferStoredSites) sitesInBrowser = true;
          else
            ignore(
              name,
              'its sites were kept in the browser that made the link; import them from a project file',
            );
          break;
        }
        const sites = readSites(value, maxSites);
        if (sites) inputs.userSites = sites;
        else ignore(name, `expected a list of at most ${maxSites} sites with id, name, lon, lat and action`);
        break;
      }
      case 'hide':
      case 'show':
        for (const id of value.split(',').filter(Boolean)) {
          if (isMapLayerId(id)) inputs.layers[id].visible = name === 'show';
          else ignore(name, `there is no layer "${id}"`);
        }
        break;
      case 'opacity':
        for (const pair of value.split(',').filter(Boolean)) {
          const [id, text] = pair.split(':');
          const opacity = Number(text);
          if (
            isMapLayerId(id) &&
            text !== undefined &&
            Number.isFinite(opacity) &&
            opacity >= 0 &&
            opacity <= 1
          ) {
            inputs.layers[id].opacity = opacity;
          } else ignore(name, `"${pair}" is not layer:opacity with opacity from 0 to 1`);
        }
        break;
      case 'sel':
        if (value.length <= 200) inputs.selectedCandidateId = value;
        else ignore(name, 'too long');
        break;
      case 'view': {
        const parts = value.split(',');
        const zoom = Number(parts[2]);
        const center = readLngLat(parts.slice(0, 2).join(','));
        if (parts.length === 3 && center && Number.isFinite(zoom) && zoom >= 0 && zoom <= 22) {
          inputs.view = { center, zoom };
        } else ignore(name, 'expected longitude,latitude,zoom');
        break;
      }
      case 'hidebanks': {
        let statuses: unknown;
        try {
          statuses = JSON.parse(value);
        } catch {
          statuses = null;
        }
        const valid =
          Array.isArray(statuses) &&
          statuses.length <= 20 &&
          statuses.every((status) => typeof status === 'string' && status.length <= 60) &&
          new Set(statuses).size === statuses.length;
        if (valid) inputs.hiddenBankStatuses = statuses as string[];
        else ignore(name, 'expected a list of distinct bank statuses');
        break;
      }
      case 'filter': {
        const filters = decodeRankingFilters(value);
        if (filters) inputs.rankingFilters = filters;
        else ignore(name, 'expected sort and filters such as level:1;km:5;sort:distance');
        break;
      }
      case 'mode':
        if (value === 'hearing') inputs.mode = { kind: 'hearing', step: 0 };
        else if (value === 'public') inputs.mode = { kind: 'public' };
        else if (value === 'explore') inputs.mode = { kind: 'explore' };
        else ignore(name, 'expected explore, hearing or public');
        break;
      case 'step': {
        const number = Number(value);
        if (/^\d{1,2}$/.test(value) && number <= MAX_HEARING_STEP) step = number;
        else ignore(name, `expected a step number from 0 to ${MAX_HEARING_STEP}`);
        break;
      }
    }
  }
  if (step !== null) {
    if (inputs.mode.kind === 'hearing') inputs.mode = { kind: 'hearing', step };
    else ignore('step', 'it only applies with mode=hearing');
  }
  // Subd. 1(c)/(g): a cultivated field is agricultural land; a link saying otherwise is not trusted.
  if (inputs.impact.cultivatedField && inputs.impact.land === 'nonagricultural') {
    inputs.impact.cultivatedField = false;
    ignore('cf', 'a cultivated field is agricultural land, and the link says the land is nonagricultural');
  }
  return { inputs, notices, hasState, sitesInBrowser };
}
