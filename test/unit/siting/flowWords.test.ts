/**
 * The plain-words card of losses and replacements (issue 34, item 4), table-driven from the
 * issue's own example: "2019–2024: 12.4 credits withdrawn for impacts in this watershed; 3.1 from
 * banks in it, 9.3 elsewhere in BSA 5, none from other BSAs". Every figure is a ledger sum; a
 * zero reads "none", never a blank.
 */
import { describe, expect, it } from 'vitest';
import {
  creditWords,
  majorFlowSentence,
  majorFlowSentences,
  periodWords,
  shareReplacedHere,
} from '../../../src/siting/flowWords.ts';
import type { FlowRow } from '../../../src/siting/ledgerFlows.ts';

const row = (over: Partial<FlowRow>): FlowRow => ({
  unit: 35,
  name: 'Kettle River',
  jurisdiction: 'State',
  creditsWithdrawnForImpactsHere: 12.4,
  fromBanksInThisUnit: 3.1,
  fromBanksElsewhereInThisBsa: 9.3,
  fromBanksInOtherBsas: 0,
  fromBanksNotLocated: 0,
  creditsSoldHereForImpactsElsewhere: 0,
  withdrawals: 3,
  from: '2019-03-15',
  to: '2024-11-20',
  ...over,
});

describe('majorFlowSentence', () => {
  it.each([
    [
      'the issue’s example',
      row({}),
      'BSA 5',
      false,
      '2019–2024: 12.4 credits withdrawn for impacts in this watershed; 3.1 from banks in it, 9.3 elsewhere in BSA 5, none from other BSAs. Banks in it sold no credits for impacts elsewhere.',
    ],
    [
      'a bank that could not be located is named apart, and credits sold elsewhere are said',
      row({
        creditsWithdrawnForImpactsHere: 14.4,
        fromBanksNotLocated: 2,
        creditsSoldHereForImpactsElsewhere: 0.5,
      }),
      'BSA 5',
      false,
      '2019–2024: 14.4 credits withdrawn for impacts in this watershed; 3.1 from banks in it, 9.3 elsewhere in BSA 5, none from other BSAs, 2 from banks that could not be located. Banks in it sold 0.5 credits for impacts elsewhere.',
    ],
    [
      'several jurisdictions: each sentence names its own (never added together)',
      row({ jurisdiction: 'Federal', from: '2021-05-05', to: '2021-05-05' }),
      'BSA 5',
      true,
      '2021 (Federal): 12.4 credits withdrawn for impacts in this watershed; 3.1 from banks in it, 9.3 elsewhere in BSA 5, none from other BSAs. Banks in it sold no credits for impacts elsewhere.',
    ],
    [
      'a major whose banks only sold for impacts elsewhere: no credits here, said so',
      row({
        creditsWithdrawnForImpactsHere: 0,
        fromBanksInThisUnit: 0,
        fromBanksElsewhereInThisBsa: 0,
        creditsSoldHereForImpactsElsewhere: 9.3,
      }),
      'BSA 5',
      false,
      '2019–2024: no credits withdrawn for impacts in this watershed. Banks in it sold 9.3 credits for impacts elsewhere.',
    ],
    [
      'a major whose BSA is not known',
      row({}),
      null,
      false,
      '2019–2024: 12.4 credits withdrawn for impacts in this watershed; 3.1 from banks in it, 9.3 elsewhere in its bank service area, none from other BSAs. Banks in it sold no credits for impacts elsewhere.',
    ],
  ])('%s', (_what, flow, bsa, withJurisdiction, expected) => {
    expect(majorFlowSentence(flow, bsa, withJurisdiction)).toBe(expected);
  });

  it('names the jurisdiction only when a major has more than one', () => {
    expect(majorFlowSentences([row({})], 'BSA 5')[0]).toMatch(/^2019–2024: /);
    const two = majorFlowSentences([row({}), row({ jurisdiction: 'Federal' })], 'BSA 5');
    expect(two.map((s) => s.slice(0, 20))).toEqual(['2019–2024 (State): 1', '2019–2024 (Federal):']);
    expect(majorFlowSentences([], 'BSA 5')).toEqual([]);
  });
});

describe('the figures in words', () => {
  it.each([
    [0, 'none'],
    [0.004, 'under 0.01'],
    [3.1, '3.1'],
    [0.1 + 0.2, '0.3'],
    [12.345, '12.35'],
  ])('credits %s read "%s"', (value, words) => {
    expect(creditWords(value)).toBe(words);
  });

  it.each([
    ['2019-03-15', '2024-11-20', '2019–2024'],
    ['2021-05-05', '2021-12-01', '2021'],
    [null, '2024-01-01', 'Up to 2024'],
    ['2019-01-01', null, 'From 2019'],
    [null, null, 'All dates'],
  ])('from %s to %s is "%s"', (from, to, words) => {
    expect(periodWords(from, to)).toBe(words);
  });

  it('the share replaced within the major is the credits from its banks over the credits for its impacts; none without withdrawals', () => {
    expect(shareReplacedHere(row({}))).toBeCloseTo(3.1 / 12.4);
    expect(shareReplacedHere(row({ creditsWithdrawnForImpactsHere: 0, fromBanksInThisUnit: 0 }))).toBeNull();
  });
});
