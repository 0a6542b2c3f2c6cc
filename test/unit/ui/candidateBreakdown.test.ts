/**
 * The ranking's one breakdown (issue 24, item 4): its parts always sum to the whole, and the
 * banks that cannot sell are counted apart with why.
 */
import { describe, expect, it } from 'vitest';
import type { RankedCandidate } from '../../../src/siting';
import {
  breakdownText,
  candidateBreakdown,
  ladderBreakdownText,
} from '../../../src/ui/ranking/candidateBreakdown';
import type { CandidateInfo } from '../../../src/ui/ranking/candidateInfo';

const row = (id: string, patch: Partial<RankedCandidate>): RankedCandidate =>
  ({
    id,
    kind: 'bank',
    status: 'eligible',
    unlocated: false,
    availability: 'can-sell',
    priorityRange: null,
    ...patch,
  }) as RankedCandidate;

const bank = (status: string, availableCredits: number | null = null): CandidateInfo => ({
  name: status,
  origin: 'bank layer',
  status,
  availableCredits,
});

describe('candidateBreakdown', () => {
  const candidates = [
    row('site', { kind: 'project-specific', availability: null, priorityRange: [1, 2] }),
    row('a', {}),
    row('b', { status: 'ineligible' }),
    row('c', { status: 'undetermined' }),
    row('d', { status: 'undetermined', unlocated: true }),
    row('sold1', { status: 'ineligible', availability: 'cannot-sell' }),
    row('sold2', { status: 'ineligible', availability: 'cannot-sell' }),
    row('gone', { status: 'ineligible', availability: 'cannot-sell' }),
    row('empty', { status: 'ineligible', availability: 'cannot-sell' }),
  ];
  const info = new Map([
    ['sold1', bank('Sold-Out')],
    ['sold2', bank('Sold-Out')],
    ['gone', bank('Terminated')],
    ['empty', bank('Approved', 0)],
  ]);
  const counts = candidateBreakdown(candidates, info);

  it('says the whole and its parts, which sum to it', () => {
    expect(breakdownText(counts)).toBe(
      '9 candidates (1 proposed site, 8 banks) = 2 eligible + 1 undetermined + 1 unlocated + 1 not eligible + 4 banks that cannot sell credits (2 Sold-Out, 1 no credits left, 1 Terminated); 1 with the level not known for certain',
    );
    const parts =
      counts.eligible + counts.undetermined + counts.unlocated + counts.notEligible + counts.cannotSell;
    expect(parts).toBe(counts.total);
    expect(counts.cannotSellWhy.reduce((sum, [, count]) => sum + count, 0)).toBe(counts.cannotSell);
  });

  it('says each ladder the same way', () => {
    const banks = candidateBreakdown(candidates.slice(1, 3), info);
    expect(ladderBreakdownText(banks, 'bank')).toBe('2 banks = 1 eligible + 1 not eligible');
    const apart = candidateBreakdown(candidates.slice(5), info);
    expect(ladderBreakdownText(apart, 'cannot-sell')).toBe(
      '4 banks that cannot sell credits = 2 Sold-Out + 1 no credits left + 1 Terminated; none is eligible, so none is ranked',
    );
    const one = candidateBreakdown(candidates.slice(0, 1), info);
    expect(ladderBreakdownText(one, 'project-specific')).toBe(
      '1 proposed site = 1 eligible + 0 not eligible; 1 with the level not known for certain',
    );
  });
});
