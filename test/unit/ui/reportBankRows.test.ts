/**
 * The one-page report's bank rows (src/ui/report/reportBankRows.ts): the first in ladder order,
 * and always the banks whose listed WCA credits cover the replacement, and the selected bank
 * (issue 33: the bank with the largest loaded listing, 9th, was left out of the first 7).
 */
import { describe, expect, it } from 'vitest';
import type { RankedCandidate } from '../../../src/siting';
import { reportBankRows } from '../../../src/ui/report/reportBankRows';

const bank = (id: string, largestAcres: number | null): RankedCandidate =>
  ({ id, credits: largestAcres === null ? null : { loaded: true, largestAcres } }) as RankedCandidate;

// Nine banks in ladder order; 'g' and 'i' list enough for 2 acres, 'h' only part.
const ladder = [
  bank('a', null),
  bank('b', null),
  bank('c', 0),
  bank('d', null),
  bank('e', null),
  bank('f', null),
  bank('g', 2),
  bank('h', 1.5),
  bank('i', 10),
];
const ids = (room: number, selected: string | null = null, required = 2) => {
  const { rows, coveringLeftOut } = reportBankRows(ladder, room, required, selected);
  return [rows.map((row) => row.id).join(''), coveringLeftOut];
};

describe('reportBankRows', () => {
  it.each<[string, number, string | null, number, [string, number]]>([
    ['room for all', 9, null, 2, ['abcdefghi', 0]],
    ['the covering banks kept, the rest in order', 5, null, 2, ['abcgi', 0]],
    ['part cover is not cover', 3, null, 2, ['agi', 0]],
    ['only a bank listing enough counts', 2, null, 10, ['ai', 0]],
    ['more covering banks than room: counted', 1, null, 2, ['g', 1]],
    ['the selected bank before the covering ones', 1, 'b', 2, ['b', 2]],
    ['selected and covering', 3, 'e', 2, ['egi', 0]],
    ['no room', 0, null, 2, ['', 2]],
  ])('%s', (_, room, selected, required, expected) => {
    expect(ids(room, selected, required)).toEqual(expected);
  });
});
