/**
 * Sort and filter controls for the ranked options: level, eligibility, kind, distance and
 * credits, each a labelled control; they apply to every ladder.
 */
import { useId } from 'react';
import {
  DEFAULT_ROW_FILTERS,
  type EligibilityFilter,
  isFiltered,
  type KindFilter,
  type LevelFilter,
  type RowFilters,
  type RowSort,
} from '../../store/rowFilters';

function numberOrNull(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export function RankingFilters({
  filters,
  onChange,
}: {
  filters: RowFilters;
  onChange: (filters: RowFilters) => void;
}) {
  const id = useId();
  const set = (patch: Partial<RowFilters>) => onChange({ ...filters, ...patch });
  const active = isFiltered(filters) || filters.sort !== 'rank';
  return (
    // Folded by default, so the ladders stay in the first screen; open while any filter is set.
    <details className="ranking-filters-box" open={active || undefined}>
      <summary>Sort and filter{active ? ' (on)' : ''}</summary>
      <fieldset className="ranking-filters">
        <legend>Sort and filter the options</legend>
        <div className="field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select
            id={`${id}-sort`}
            value={filters.sort}
            onChange={(event) => set({ sort: event.target.value as RowSort })}
          >
            <option value="rank">Place in the ladder (level, in-kind, then nearest)</option>
            <option value="level">Priority level</option>
            <option value="distance">Distance, nearest first</option>
            <option value="credits">Credits, most first</option>
            <option value="listed">Banks with listed credits first, then as ranked</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-level`}>Level</label>
          <select
            id={`${id}-level`}
            value={filters.level}
            onChange={(event) => set({ level: event.target.value as LevelFilter })}
          >
            <option value="all">Any level</option>
            <option value="1">Level 1</option>
            <option value="2">Level 2</option>
            <option value="3">Level 3</option>
            <option value="4">Level 4</option>
            <option value="none">No level</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-eligibility`}>Eligibility</label>
          <select
            id={`${id}-eligibility`}
            value={filters.eligibility}
            onChange={(event) => set({ eligibility: event.target.value as EligibilityFilter })}
          >
            <option value="all">Any</option>
            <option value="eligible">Eligible</option>
            <option value="undetermined">Undetermined</option>
            <option value="ineligible">Not eligible</option>
            <option value="unlocated">Unlocated</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select
            id={`${id}-kind`}
            value={filters.kind}
            onChange={(event) => set({ kind: event.target.value as KindFilter })}
          >
            <option value="all">Any kind</option>
            <option value="project-specific">Project-specific</option>
            <option value="bank">Bank credits</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-distance`}>Within (km)</label>
          <input
            id={`${id}-distance`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={filters.maxDistanceKm ?? ''}
            onChange={(event) => set({ maxDistanceKm: numberOrNull(event.target.value) })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-credits`}>At least (credits)</label>
          <input
            id={`${id}-credits`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={filters.minCredits ?? ''}
            onChange={(event) => set({ minCredits: numberOrNull(event.target.value) })}
          />
        </div>
        {active && (
          <button type="button" onClick={() => onChange(DEFAULT_ROW_FILTERS)}>
            Show all, as ranked
          </button>
        )}
      </fieldset>
    </details>
  );
}
