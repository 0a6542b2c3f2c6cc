/**
 * The whole scenario as a project file a planner keeps beside the application and opens
 * again later to the identical view. The file is the store's inputs as JSON; reading it back
 * goes through the same rules as a shared link (src/store/urlState.ts), so a hostile or
 * damaged file is refused with a message naming the field, never half-applied.
 */
import { outlineGeoJson } from '../geo/siteImport/flatOutline';
import { type ApplicationDraft, readApplicationDraft } from '../store/applicationDraft';
import type { Inputs } from '../store/inputs';
import { encodeRankingFilters } from '../store/rankingFiltersParam';
import { DEFAULT_ROW_FILTERS, type RowFilters } from '../store/rowFilters';
import { decodeUrlState, encodeUrlState } from '../store/urlState';

export const PROJECT_FORMAT = 'mn-wetland-siting-project';
export const PROJECT_VERSION = 1;
/** Bigger than any real project (500 sites, a 2,000-vertex area) by a wide margin. */
export const MAX_PROJECT_BYTES = 5_000_000;

/**
 * `application`: what was typed into the withdrawal application (issue 37), kept in the file
 * beside the inputs, never in the link; absent from files written before it existed.
 */
export type ProjectRead =
  | { ok: true; inputs: Inputs; application: ApplicationDraft | null }
  | { ok: false; error: string };

/** Serialises the inputs as a project file (pretty-printed: it is meant to be readable). */
export function encodeProjectFile(inputs: Inputs, application: ApplicationDraft | null = null): string {
  // Imported outlines are held flat (typed arrays); the file writes them as GeoJSON.
  const userSites = inputs.userSites.map((site) =>
    site.geometry && 'xy' in site.geometry ? { ...site, geometry: outlineGeoJson(site.geometry) } : site,
  );
  const written = { ...inputs, userSites };
  const file = {
    format: PROJECT_FORMAT,
    version: PROJECT_VERSION,
    inputs: written,
    ...(application ? { application } : {}),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Raised inside the reader; turned into a value at its boundary. */
class ProjectFieldError extends Error {
  override name = 'ProjectFieldError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(field: string, why: string): never {
  throw new ProjectFieldError(`"${field}" ${why}`);
}

function numberAt(value: unknown, field: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(field, 'must be a number');
  return String(value);
}

function lngLatAt(value: unknown, field: string): string {
  if (!Array.isArray(value) || value.length !== 2) fail(field, 'must be [longitude, latitude]');
  return `${numberAt(value[0], `${field}[0]`)},${numberAt(value[1], `${field}[1]`)}`;
}

function booleanAt(value: unknown, field: string): string {
  if (typeof value !== 'boolean') fail(field, 'must be true or false');
  return value ? '1' : '0';
}

function stringAt(value: unknown, field: string): string {
  if (typeof value !== 'string') fail(field, 'must be text');
  return value;
}

/** Which field of the file each link parameter came from, to name it in a refusal. */
const FIELD_OF_PARAMETER: Record<string, string> = {
  at: 'inputs.impact.location',
  poly: 'inputs.impact.polygon',
  acres: 'inputs.impact.acres',
  land: 'inputs.impact.land',
  cf: 'inputs.impact.cultivatedField',
  project: 'inputs.impact.project',
  atf: 'inputs.impact.afterTheFact',
  pda: 'inputs.impact.partiallyDrainedAcres',
  wtype: 'inputs.impact.wetlandType',
  sroad: 'inputs.impact.stateRoad',
  seq: 'inputs.impact.sequencing',
  hidebanks: 'inputs.hiddenBankStatuses',
  filter: 'inputs.rankingFilters',
  sites: 'inputs.userSites',
  hide: 'inputs.layers',
  opacity: 'inputs.layers',
  sel: 'inputs.selectedCandidateId',
  view: 'inputs.view',
  mode: 'inputs.mode',
  step: 'inputs.mode.step',
};

/** Checks the file's shape and writes each field as the link parameter it corresponds to. */
function toParameters(inputs: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  const impact = inputs.impact;
  if (!isRecord(impact)) fail('inputs.impact', 'must be an object');
  if (impact.location !== null) params.set('at', lngLatAt(impact.location, 'inputs.impact.location'));
  if (impact.polygon !== null) {
    if (!Array.isArray(impact.polygon)) fail('inputs.impact.polygon', 'must be a list of [lon, lat] or null');
    params.set(
      'poly',
      impact.polygon.map((point, index) => lngLatAt(point, `inputs.impact.polygon[${index}]`)).join(';'),
    );
  }
  params.set('acres', numberAt(impact.acres, 'inputs.impact.acres'));
  params.set('land', stringAt(impact.land, 'inputs.impact.land'));
  params.set('cf', booleanAt(impact.cultivatedField, 'inputs.impact.cultivatedField'));
  params.set('project', stringAt(impact.project, 'inputs.impact.project'));
  params.set('atf', booleanAt(impact.afterTheFact, 'inputs.impact.afterTheFact'));
  // Files written before these fields existed open with their defaults.
  if (impact.partiallyDrainedAcres !== undefined)
    params.set('pda', numberAt(impact.partiallyDrainedAcres, 'inputs.impact.partiallyDrainedAcres'));
  if (impact.wetlandType !== undefined && impact.wetlandType !== null)
    params.set('wtype', stringAt(impact.wetlandType, 'inputs.impact.wetlandType'));
  if (impact.stateRoad !== undefined && impact.stateRoad !== null)
    params.set('sroad', booleanAt(impact.stateRoad, 'inputs.impact.stateRoad'));
  if (impact.sequencing !== undefined) {
    if (!isRecord(impact.sequencing))
      fail('inputs.impact.sequencing', 'must be {avoid, minimize, rectify, reduce}');
    params.set('seq', JSON.stringify(impact.sequencing));
  }
  if (inputs.hiddenBankStatuses !== undefined)
    params.set('hidebanks', JSON.stringify(inputs.hiddenBankStatuses));
  // Written by the same codec as the link; a wrong value is refused by its decoder, named.
  if (inputs.rankingFilters !== undefined) {
    if (!isRecord(inputs.rankingFilters)) fail('inputs.rankingFilters', 'must be an object');
    const filter = encodeRankingFilters({ ...DEFAULT_ROW_FILTERS, ...inputs.rankingFilters } as RowFilters);
    if (filter) params.set('filter', filter);
  }

  if (!Array.isArray(inputs.userSites)) fail('inputs.userSites', 'must be a list');
  const sites = inputs.userSites.map((site, index) => {
    const field = `inputs.userSites[${index}]`;
    if (!isRecord(site)) fail(field, 'must be an object');
    if (!Array.isArray(site.location) || site.location.length !== 2)
      fail(`${field}.location`, 'must be [longitude, latitude]');
    return {
      id: site.id,
      name: site.name,
      lon: site.location[0],
      lat: site.location[1],
      action: site.action,
      ...(site.wetlandType !== undefined ? { wetlandType: site.wetlandType } : {}),
    };
  });
  if (sites.length > 0) params.set('sites', JSON.stringify(sites));

  if (!isRecord(inputs.layers)) fail('inputs.layers', 'must be an object');
  const hidden: string[] = [];
  const opacities: string[] = [];
  for (const [id, setting] of Object.entries(inputs.layers)) {
    const field = `inputs.layers.${id}`;
    if (!isRecord(setting)) fail(field, 'must be {visible, opacity}');
    if (booleanAt(setting.visible, `${field}.visible`) === '0') hidden.push(id);
    opacities.push(`${id}:${numberAt(setting.opacity, `${field}.opacity`)}`);
  }
  if (hidden.length > 0) params.set('hide', hidden.join(','));
  if (opacities.length > 0) params.set('opacity', opacities.join(','));

  if (inputs.selectedCandidateId !== null)
    params.set('sel', stringAt(inputs.selectedCandidateId, 'inputs.selectedCandidateId'));
  if (inputs.view !== null) {
    const view = inputs.view;
    if (!isRecord(view)) fail('inputs.view', 'must be {center, zoom} or null');
    params.set(
      'view',
      `${lngLatAt(view.center, 'inputs.view.center')},${numberAt(view.zoom, 'inputs.view.zoom')}`,
    );
  }
  // Files written before modes existed open in the explorer.
  if (inputs.mode !== undefined) {
    const mode = inputs.mode;
    if (!isRecord(mode)) fail('inputs.mode', 'must be {kind}');
    params.set('mode', stringAt(mode.kind, 'inputs.mode.kind'));
    if (mode.kind === 'hearing') params.set('step', numberAt(mode.step, 'inputs.mode.step'));
  }
  return params;
}

/**
 * Reads a project file's text. Every field must pass the link's rules; the first that does
 * not is named in the error, and nothing is applied.
 */
export function decodeProjectFile(text: string): ProjectRead {
  if (text.length > MAX_PROJECT_BYTES)
    return { ok: false, error: `The file is larger than ${MAX_PROJECT_BYTES / 1_000_000} MB.` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `The file is not JSON (${(error as Error).message}).` };
  }
  if (!isRecord(value) || value.format !== PROJECT_FORMAT)
    return { ok: false, error: `"format" must be "${PROJECT_FORMAT}": this is not a project file.` };
  if (value.version !== PROJECT_VERSION)
    return {
      ok: false,
      error: `"version" ${String(value.version)} is not supported (expected ${PROJECT_VERSION}).`,
    };
  if (!isRecord(value.inputs)) return { ok: false, error: '"inputs" must be an object.' };
  let params: URLSearchParams;
  try {
    params = toParameters(value.inputs);
  } catch (error) {
    if (error instanceof ProjectFieldError) return { ok: false, error: `${error.message}.` };
    throw error;
  }
  const decoded = decodeUrlState(params.toString());
  const [first] = decoded.notices;
  if (first) {
    const parameter = /"([^"]*)"/.exec(first)?.[1] ?? '';
    const why = first.slice(first.indexOf(': ') + 2);
    return { ok: false, error: `"${FIELD_OF_PARAMETER[parameter] ?? parameter}" is not valid: ${why}` };
  }
  let application: ApplicationDraft | null = null;
  if (value.application !== undefined) {
    const read = readApplicationDraft(value.application);
    if (!read.ok) return { ok: false, error: `${read.error}.` };
    application = read.draft;
  }
  return { ok: true, inputs: decoded.inputs, application };
}

/** True when two sets of inputs give the same link: what "the identical view" means here. */
export function sameInputs(a: Inputs, b: Inputs): boolean {
  return encodeUrlState(a) === encodeUrlState(b);
}
