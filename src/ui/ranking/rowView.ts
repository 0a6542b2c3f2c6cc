/**
 * Which rows of a ladder the table shows, in which order: filters by level, eligibility, kind,
 * distance and credits, and a sort. Pure; reads the rows only through their column getters, so
 * 100,000 rows are sorted and filtered without building a single reason text.
 */

import type { RowFilters } from '../../store/rowFilters';
import type { RankedRows } from './rankedRows';

/** Row indices to show, in order. `creditsOf` reads a row's available credits (page data). */
export function rowView(
  rows: RankedRows,
  filters: RowFilters,
  creditsOf: (id: string) => number | null,
): Int32Array {
  const kept = new Int32Array(rows.count);
  let n = 0;
  const wantLevel = filters.level === 'all' || filters.level === 'none' ? null : Number(filters.level);
  for (let i = 0; i < rows.count; i++) {
    const level = rows.levelAt(i);
    if (filters.level === 'none' ? level !== null : wantLevel !== null && level !== wantLevel) continue;
    if (filters.eligibility === 'unlocated') {
      if (!rows.unlocatedAt(i)) continue;
    } else if (filters.eligibility !== 'all') {
      if (rows.unlocatedAt(i) || rows.statusAt(i) !== filters.eligibility) continue;
    }
    if (filters.kind !== 'all' && rows.kindAt(i) !== filters.kind) continue;
    if (filters.maxDistanceKm !== null) {
      const distance = rows.distanceAt(i);
      if (distance === null || distance > filters.maxDistanceKm) continue;
    }
    if (filters.minCredits !== null) {
      const credits = creditsOf(rows.idAt(i));
      if (credits === null || credits < filters.minCredits) continue;
    }
    kept[n++] = i;
  }
  const view = kept.subarray(0, n);
  if (filters.sort === 'rank') return view;
  // Ties keep the ranked order (the rows are in it); unknown values go last.
  const key = new Float64Array(rows.count);
  for (const i of view) {
    if (filters.sort === 'distance') key[i] = rows.distanceAt(i) ?? Number.POSITIVE_INFINITY;
    else if (filters.sort === 'level') key[i] = rows.levelAt(i) ?? 9;
    else if (filters.sort === 'listed') key[i] = (creditsOf(rows.idAt(i)) ?? 0) > 0 ? 0 : 1;
    else key[i] = -(creditsOf(rows.idAt(i)) ?? Number.NEGATIVE_INFINITY);
  }
  return Int32Array.from(view).sort((a, b) => (key[a] as number) - (key[b] as number) || a - b);
}

/** "Level 1: 3 · Level 2: 10 · Level 3: 0 · Level 4: 25 · no level: 7" over all rows. */
export function levelCountsText(rows: RankedRows): string {
  const counts = [0, 0, 0, 0, 0];
  for (let i = 0; i < rows.count; i++) {
    const level = rows.levelAt(i);
    counts[level ?? 0] = (counts[level ?? 0] ?? 0) + 1;
  }
  const levels = [1, 2, 3, 4].map(
    (level) => `Level ${level}: ${(counts[level] ?? 0).toLocaleString('en-US')}`,
  );
  return `${levels.join(' · ')} · no level: ${(counts[0] ?? 0).toLocaleString('en-US')}`;
}
