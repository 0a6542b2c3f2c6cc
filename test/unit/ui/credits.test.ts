/**
 * The page's credit helpers (issue 21): the supply per bank service area (one approval, type and
 * unit added over banks, never across them), the banks with their pools and the approval filter,
 * and a bank row's words — no figure without a listing. Invented figures for invented banks.
 */
import { describe, expect, it } from 'vitest';
import type { CreditPool } from '../../../src/formats/credits/creditsFile.ts';
import { readCreditListing } from '../../../src/formats/credits/readCreditListing.ts';
import { APPROVAL_WORDS, type Candidate, rankScenario } from '../../../src/siting/index.ts';
import { applyCreditPools } from '../../../src/ui/credits/applyCreditPools.ts';
import { missingFields } from '../../../src/ui/credits/CreditColumnsDialog.tsx';
import { creditPlainText } from '../../../src/ui/credits/creditPlainText.ts';
import { creditPoolsOf } from '../../../src/ui/credits/creditPoolsOf.ts';
import { creditStatusText, NOT_LOADED_TEXT } from '../../../src/ui/credits/creditStatusText.ts';
import { creditSupply, SUPPLY_APPROVAL_WORDS } from '../../../src/ui/credits/creditSupply.ts';
import { renameHeaders } from '../../../src/ui/credits/renameHeaders.ts';
import type { CandidateInfo } from '../../../src/ui/ranking/candidateInfo.ts';
import { bwsrPool } from '../../fixtures/credits/creditPools.ts';
import { makeCandidate, makeImpact, OLMSTED } from '../../fixtures/siting/scenarios.ts';

const pool = (overrides: Partial<CreditPool>) => bwsrPool({ available: 2, ...overrides });
const bank = (id: string, bankServiceArea: number): Candidate =>
  makeCandidate({
    id,
    kind: 'bank',
    action: null,
    bankStatus: 'Approved',
    units: { ...OLMSTED, bankServiceArea },
  });

describe('creditSupply', () => {
  const banks = [bank('a', 10), bank('b', 10), bank('c', 9), bank('far', 1)];
  const bySite = {
    a: [pool({}), pool({ approval: 'wca-only', available: 1, asOf: '2026-10-01' })],
    b: [pool({ available: 43560, unit: 'square-feet', asOf: '2026-09-01' })],
    c: [pool({ available: 0 })],
    far: [pool({ available: 9 })],
  };
  it('adds one approval, type and unit over the area’s banks; never across approvals; leaves out other areas and zeros', () => {
    expect(creditSupply(banks, bySite, [10, 9])).toEqual([
      {
        bankServiceArea: 10,
        approval: 'WCA and Section 404',
        type: 'Type 3',
        unit: 'acres',
        available: 3,
        banks: 2,
        oldestAsOf: '2026-09-01',
      },
      {
        bankServiceArea: 10,
        approval: 'WCA only',
        type: 'Type 3',
        unit: 'acres',
        available: 1,
        banks: 1,
        oldestAsOf: '2026-10-01',
      },
    ]);
  });
  it('repeats the siting words exactly', () => expect(SUPPLY_APPROVAL_WORDS).toEqual(APPROVAL_WORDS));
});

describe('applyCreditPools', () => {
  const info = new Map<string, CandidateInfo>([
    ['a', { name: 'A', origin: 'bank layer', status: 'Approved', availableCredits: null }],
    ['b', { name: 'B', origin: 'bank layer', status: 'Approved', availableCredits: null }],
  ]);
  const pools = creditPoolsOf(
    {
      schema: 1,
      banks: { a: { pools: [pool({ approval: '404-only', available: 1.5 }), pool({ available: 3 })] } },
    },
    [],
    null,
  );
  it('with no listing: the banks as they are, no figure', () => {
    const out = applyCreditPools([bank('a', 10)], info, null, '3', null);
    expect(out.candidates[0]?.creditPools).toBeUndefined();
    expect(out.info.get('a')?.availableCredits).toBeNull();
  });
  it('the WCA-usable cover for the "At least" filter; banks without the approval asked left out', () => {
    const out = applyCreditPools([bank('a', 10), bank('b', 10)], info, pools, '3', null);
    expect(out.info.get('a')?.availableCredits).toBe(3);
    expect(applyCreditPools([bank('a', 10)], info, pools, '3', '404').info.get('a')?.availableCredits).toBe(
      3,
    );
    expect(out.candidates.map((c) => c.id)).toEqual(['a', 'b']);
    expect(
      applyCreditPools([bank('a', 10), bank('b', 10)], info, pools, '3', '404').candidates.map((c) => c.id),
    ).toEqual(['a']);
    expect(applyCreditPools([bank('a', 10)], info, pools, '3', 'wca').candidates.map((c) => c.id)).toEqual([
      'a',
    ]);
  });
  it('a bank holding Section 404 only credit has no WCA figure, unless the 404 filter is asked', () => {
    const federal = creditPoolsOf(
      { schema: 1, banks: { a: { pools: [pool({ approval: '404-only', available: 5 })] } } },
      [],
      null,
    );
    expect(applyCreditPools([bank('a', 10)], info, federal, '3', null).info.get('a')?.availableCredits).toBe(
      0,
    );
    expect(applyCreditPools([bank('a', 10)], info, federal, '3', '404').info.get('a')?.availableCredits).toBe(
      5,
    );
  });
});

describe('creditStatusText', () => {
  const impact = makeImpact({ wetlandType: '3' });
  it.each([
    ['no listing loaded', undefined, NOT_LOADED_TEXT],
    ['loaded, no row', [], 'No row of the loaded credit listings names this bank: credits not known'],
    ['a pool', [pool({ available: 2.5 })], '2.5 acres WCA and Section 404 · as of 2026-11-01 (listing.csv)'],
    [
      'stale',
      [pool({ asOf: '2026-01-01' })],
      '2 acres WCA and Section 404 · as of 2026-01-01 (listing.csv) — STALE (over 90 days)',
    ],
  ] as const)('%s', (_name, pools, text) => {
    const candidate = pools === undefined ? bank('a', 10) : { ...bank('a', 10), creditPools: pools };
    const [row] = rankScenario({ impact, candidates: [candidate] }, { today: '2026-12-02' }).candidates;
    expect(creditStatusText(row!)).toBe(text);
  });
  it('says nothing of credits for a project-specific site', () => {
    const [row] = rankScenario({ impact, candidates: [makeCandidate()] }).candidates;
    expect(creditStatusText(row!)).toBeNull();
  });
});

// The phone's option cards say the same facts as sentences (issue 33): whether the credit counts
// for a WCA replacement, whether it covers the impact, and how old the figure is.
describe('creditPlainText', () => {
  const impact = makeImpact({ wetlandType: '3', acres: 2 });
  it.each([
    [
      'no listing loaded',
      undefined,
      'Credits for sale: not known here. Load the bank’s credit listing, or ask BWSR.',
    ],
    ['loaded, no row', [], 'Credits for sale: not known. No loaded credit listing names this bank.'],
    [
      'enough, both approvals',
      [pool({ available: 5.5 })],
      'Has 5.5 acres of credit for sale (listing.csv, as of 2026-11-01); it counts for a WCA replacement (and for federal Section 404). It is enough for this impact.',
    ],
    [
      'part, WCA only, stale',
      [pool({ available: 0.5, approval: 'wca-only', asOf: '2026-01-01' })],
      'Has 0.5 acres of credit for sale (listing.csv, as of 2026-01-01); it counts for a WCA replacement. It covers only part of what this impact needs. This figure is over 90 days old: ask the bank whether it still holds.',
    ],
    [
      'federal only, with another pool',
      [pool({ available: 9, approval: '404-only' }), pool({ available: 1, approval: 'wca-only' })],
      'Has 1 acre of credit for sale (listing.csv, as of 2026-11-01); it counts for a WCA replacement. It covers only part of what this impact needs. It also has 1 other kind of credit, counted separately.',
    ],
  ] as const)('%s', (_name, pools, text) => {
    const candidate = pools === undefined ? bank('a', 10) : { ...bank('a', 10), creditPools: [...pools] };
    const [row] = rankScenario({ impact, candidates: [candidate] }, { today: '2026-12-02' }).candidates;
    expect(creditPlainText(row!)).toBe(text);
  });
});

describe('the column-mapping dialog (a listing whose headers do not match the template)', () => {
  const text =
    'Acct,Bank Name,Credit Type,Approved For,Amount,Unit\r\n1545,"Bank, A",Type 3,both,=2+3,acres\r\n';
  it('names the required fields the headers do not hold', () => {
    const headers = text.split('\r\n')[0]?.split(',') ?? [];
    expect(missingFields(headers).map((field) => field.header)).toEqual([
      'Account Number',
      'Credits Available',
    ]);
  });
  it('renames the mapped headers, and the reader then reads the rows (cells as written)', () => {
    const renamed = renameHeaders(text, { Acct: 'Account Number', Amount: 'Credits Available' });
    expect(renamed.split('\r\n')[0]).toBe(
      'Account Number,Bank Name,Credit Type,Approved For,Credits Available,Unit',
    );
    expect(renamed.split('\r\n')[1]).toBe('1545,"Bank, A",Type 3,both,=2+3,acres');
    expect(() => readCreditListing(text, { file: 'x.csv' })).toThrow(/Account Number|Credits Available/);
    const listing = readCreditListing(
      renameHeaders(text.replace('=2+3', '5'), { Acct: 'Account Number', Amount: 'Credits Available' }),
      {
        file: 'x.csv',
      },
    );
    expect(listing.rows.map((row) => [row.bwsrAccount, row.bankName, row.available])).toEqual([
      ['1545', 'Bank, A', 5],
    ]);
  });
});
