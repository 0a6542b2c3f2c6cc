/**
 * The ranked table's sort and filters (src/ui/ranking/rowView.ts), table-driven over a small
 * ladder read through the same row accessor the table uses.
 */
import { describe, expect, it } from 'vitest';
import type { RankedCandidate } from '../../../src/siting';
import { DEFAULT_ROW_FILTERS, type RowFilters } from '../../../src/store/rowFilters';
import { rowsOfCandidates } from '../../../src/ui/ranking/rankedRows';
import { levelCountsText, rowView } from '../../../src/ui/ranking/rowView';

type Row = Pick<RankedCandidate, 'id' | 'kind' | 'priority' | 'status' | 'unlocated' | 'distanceKm'>;
const row = (id: string, patch: Partial<Row>): RankedCandidate =>
  ({
    id,
    kind: 'project-specific',
    priority: null,
    status: 'eligible',
    unlocated: false,
    distanceKm: null,
    ladderRank: null,
    ...patch,
  }) as RankedCandidate;

const ladder = [
  row('a', { priority: 1, distanceKm: 9 }),
  row('b', { priority: 2, distanceKm: 2, kind: 'bank' }),
  row('c', { priority: 1, distanceKm: 5, status: 'undetermined' }),
  row('d', { status: 'ineligible', distanceKm: 1 }),
  row('e', { unlocated: true, status: 'undetermined' }),
  row('f', { priority: 4, distanceKm: 30, kind: 'bank' }),
];
const credits: Record<string, number> = { b: 40, f: 500 };
const rows = rowsOfCandidates(ladder);
const ids = (filters: Partial<RowFilters>) =>
  [...rowView(rows, { ...DEFAULT_ROW_FILTERS, ...filters }, (id) => credits[id] ?? null)].map(
    (index) => ladder[index]?.id,
  );

describe('rowView', () => {
  it.each<[string, Partial<RowFilters>, string[]]>([
    ['as ranked', {}, ['a', 'b', 'c', 'd', 'e', 'f']],
    ['level 1', { level: '1' }, ['a', 'c']],
    ['no level', { level: 'none' }, ['d', 'e']],
    ['eligible', { eligibility: 'eligible' }, ['a', 'b', 'f']],
    ['undetermined, not unlocated', { eligibility: 'undetermined' }, ['c']],
    ['unlocated', { eligibility: 'unlocated' }, ['e']],
    ['not eligible', { eligibility: 'ineligible' }, ['d']],
    ['banks', { kind: 'bank' }, ['b', 'f']],
    ['within 5 km (unknown distance left out)', { maxDistanceKm: 5 }, ['b', 'c', 'd']],
    ['at least 100 credits', { minCredits: 100 }, ['f']],
    ['nearest first, unknown last', { sort: 'distance' }, ['d', 'b', 'c', 'a', 'f', 'e']],
    ['by level, ties as ranked, no level last', { sort: 'level' }, ['a', 'c', 'b', 'f', 'd', 'e']],
    ['most credits first', { sort: 'credits' }, ['f', 'b', 'a', 'c', 'd', 'e']],
    ['listed credits first, each group as ranked', { sort: 'listed' }, ['b', 'f', 'a', 'c', 'd', 'e']],
    ['filters and sort together', { kind: 'bank', sort: 'distance', maxDistanceKm: 50 }, ['b', 'f']],
  ])('%s', (_, filters, expected) => {
    expect(ids(filters)).toEqual(expected);
  });

  it('counts every row by level', () => {
    expect(levelCountsText(rows)).toBe('Level 1: 2 · Level 2: 1 · Level 3: 0 · Level 4: 1 · no level: 2');
  });
});
