/**
 * The ranked table's sort and filters as one link parameter (`filter=level:1;km:5;sort:distance`),
 * so they survive a reload, a shared link and a saved scenario like every other input. Only the
 * settings that differ from the defaults are written. Pure.
 */
import {
  DEFAULT_ROW_FILTERS,
  type EligibilityFilter,
  type KindFilter,
  type LevelFilter,
  type RowFilters,
  type RowSort,
} from './rowFilters';

const LEVELS: readonly LevelFilter[] = ['all', '1', '2', '3', '4', 'none'];
const ELIGIBILITIES: readonly EligibilityFilter[] = [
  'all',
  'eligible',
  'undetermined',
  'ineligible',
  'unlocated',
];
const KINDS: readonly KindFilter[] = ['all', 'project-specific', 'bank'];
const SORTS: readonly RowSort[] = ['rank', 'distance', 'credits', 'level', 'listed'];
/** Largest distance or credit figure a link may carry (far beyond Minnesota's size or any bank). */
const MAX_FIGURE = 100_000;

/**
 * The parameter's value, or '' when every setting is the default (or absent: work saved before
 * the filters were kept).
 */
export function encodeRankingFilters(filters: RowFilters | undefined): string {
  if (!filters) return '';
  const parts: string[] = [];
  if (filters.level !== DEFAULT_ROW_FILTERS.level) parts.push(`level:${filters.level}`);
  if (filters.eligibility !== DEFAULT_ROW_FILTERS.eligibility) parts.push(`elig:${filters.eligibility}`);
  if (filters.kind !== DEFAULT_ROW_FILTERS.kind) parts.push(`kind:${filters.kind}`);
  if (filters.maxDistanceKm !== null) parts.push(`km:${filters.maxDistanceKm}`);
  if (filters.minCredits !== null) parts.push(`credits:${filters.minCredits}`);
  if (filters.sort !== DEFAULT_ROW_FILTERS.sort) parts.push(`sort:${filters.sort}`);
  return parts.join(';');
}

/** A distance or credit figure as String(number) wrote it (1e-7 included), within bounds. */
function figure(text: string): number | null {
  if (!/^[\d.eE+-]+$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= MAX_FIGURE ? value + 0 : null;
}

/** The settings of a parameter value, or null when any part is unknown or malformed. */
export function decodeRankingFilters(text: string): RowFilters | null {
  const filters: RowFilters = { ...DEFAULT_ROW_FILTERS };
  const seen = new Set<string>();
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    const key = part.slice(0, colon);
    const value = part.slice(colon + 1);
    if (colon < 1 || seen.has(key)) return null;
    seen.add(key);
    if (key === 'level' && LEVELS.includes(value as LevelFilter)) filters.level = value as LevelFilter;
    else if (key === 'elig' && ELIGIBILITIES.includes(value as EligibilityFilter))
      filters.eligibility = value as EligibilityFilter;
    else if (key === 'kind' && KINDS.includes(value as KindFilter)) filters.kind = value as KindFilter;
    else if (key === 'sort' && SORTS.includes(value as RowSort)) filters.sort = value as RowSort;
    else if (key === 'km' && figure(value) !== null) filters.maxDistanceKm = figure(value);
    else if (key === 'credits' && figure(value) !== null) filters.minCredits = figure(value);
    else return null;
  }
  return filters;
}
