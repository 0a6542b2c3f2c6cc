/**
 * The ranked table's sort and filters, as the user set them: an input like any other, kept in
 * the link, local storage and saved scenarios (rankingFiltersParam.ts). The table applies them
 * (src/ui/ranking/rowView.ts).
 */

export type LevelFilter = 'all' | '1' | '2' | '3' | '4' | 'none';
export type EligibilityFilter = 'all' | 'eligible' | 'undetermined' | 'ineligible' | 'unlocated';
export type KindFilter = 'all' | 'project-specific' | 'bank';
/** `listed`: banks with credits in the loaded listings first, each group in the ranked order. */
export type RowSort = 'rank' | 'distance' | 'credits' | 'level' | 'listed';

export interface RowFilters {
  level: LevelFilter;
  eligibility: EligibilityFilter;
  kind: KindFilter;
  /** Only rows at most this far from the impact (km); null for any distance. */
  maxDistanceKm: number | null;
  /** Only rows with at least this many available credits; null for any. */
  minCredits: number | null;
  sort: RowSort;
}

export const DEFAULT_ROW_FILTERS: RowFilters = {
  level: 'all',
  eligibility: 'all',
  kind: 'all',
  maxDistanceKm: null,
  minCredits: null,
  sort: 'rank',
};

export function isFiltered(filters: RowFilters): boolean {
  return (
    filters.level !== 'all' ||
    filters.eligibility !== 'all' ||
    filters.kind !== 'all' ||
    filters.maxDistanceKm !== null ||
    filters.minCredits !== null
  );
}
