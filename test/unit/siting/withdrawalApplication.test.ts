import { describe, expect, it } from 'vitest';
import type { CreditPool } from '../../../src/formats/credits/creditsFile.ts';
import { type Candidate, type Impact, rankScenario, withBankCredits } from '../../../src/siting/index.ts';
import { rowApplicationRefusal } from '../../../src/siting/rowApplicationRefusal.ts';
import { withdrawalApplication } from '../../../src/siting/withdrawalApplication.ts';
import {
  defaultWithdrawals,
  type PlanApproval,
  type PoolChoice,
  poolUses,
} from '../../../src/siting/withdrawalPools.ts';
import { bwsrPool, ribitsPool } from '../../fixtures/credits/creditPools.ts';

/**
 * Issue 37: the withdrawal application filled in from the ranking. Invented banks and figures.
 * The impact: 1 acre, nonagricultural, in Olmsted County (27109, less than 50 percent: 2:1,
 * subd. 1(f)), so 2 acres of credit are required.
 */
const IMPACT: Impact = {
  acres: 1,
  land: 'nonagricultural',
  cultivatedField: false,
  project: 'general',
  afterTheFact: false,
  applicationDate: '2026-12-01',
  wetlandType: '3',
  location: [-92.5, 44],
  units: { minorWatershed: '41001', majorWatershed: 41, bankServiceArea: 10, county: '27109' },
};
const BANK_UNITS = { minorWatershed: '41007', majorWatershed: 41, bankServiceArea: 10, county: '27039' };

function bank(pools: CreditPool[] | null, overrides: Partial<Candidate> = {}): Candidate {
  const base: Candidate = {
    id: 'bank-1',
    kind: 'bank',
    name: 'Fixture Bank',
    bankStatus: 'Approved',
    location: [-92.7, 44.1],
    units: BANK_UNITS,
    ...overrides,
  };
  return pools === null ? base : withBankCredits(base, pools, IMPACT.wetlandType);
}

function apply(
  candidate: Candidate,
  {
    plan = 'wca',
    choices = null,
    impact = IMPACT,
  }: { plan?: PlanApproval; choices?: PoolChoice[] | null; impact?: Impact } = {},
) {
  const result = rankScenario({ impact, candidates: [candidate] });
  const ranked = result.candidates[0]!;
  return withdrawalApplication({
    result,
    ranked,
    candidate,
    impact,
    account: { number: '1411', owner: 'Fixture Owner' },
    plan,
    choices,
    demonstration: false,
    sources: ['test'],
  });
}

const A = bwsrPool({
  creditSubgroup: 'A',
  approval: 'wca-and-404',
  available: 1.2,
  row: 2,
  pricePerCredit: 40000,
});
const B = bwsrPool({
  creditSubgroup: 'B',
  approval: 'wca-only',
  available: 0.5,
  row: 3,
  circular39Type: 'Type 2',
});
const C = bwsrPool({ creditSubgroup: 'C', approval: '404-only', available: 9, row: 4 });
const SQFT = bwsrPool({
  creditSubgroup: 'D',
  approval: 'wca-only',
  available: 43560,
  unit: 'square-feet',
  row: 5,
});

describe('which pools may go on the form (issue 37: "only credits that can serve the plan are ever put on the form")', () => {
  it.each([
    [
      'WCA decision: WCA only and WCA and Section 404 serve; Section 404 only never',
      'wca',
      [A, B, C],
      ['A', 'B'],
    ],
    ['WCA decision and Section 404 permit: only pools approved for both', 'wca-and-404', [A, B, C], ['A']],
    [
      'a RIBITS pool naming the State serves a WCA decision',
      'wca',
      [ribitsPool('State', 3, { unit: 'acres' })],
      [null],
    ],
    ['a RIBITS Federal pool does not', 'wca', [ribitsPool('Federal', 3, { unit: 'acres' })], []],
    [
      'a figure in credits, not acres, is not compared with acres required',
      'wca',
      [ribitsPool('State', 3)],
      [],
    ],
  ] as const)('%s', (_label, plan, pools, serving) => {
    const uses = poolUses(pools, plan, '3');
    expect(uses.filter((u) => u.serves).map((u) => u.pool.creditSubgroup)).toEqual(serving);
    for (const use of uses.filter((u) => !u.serves)) expect(use.refusal).toMatch(/\w/);
  });

  it('fills in-kind first, then the largest, never more than a pool holds', () => {
    const uses = poolUses([B, A, SQFT], 'wca', '3');
    // A and D are Type 3 (in-kind): A (1.2) then D (1 acre = 43,560 sq ft) covers 2 acres; B unused.
    expect(defaultWithdrawals(uses, 2)).toEqual([
      { key: 'listing.csv#2', credits: 1.2 },
      { key: 'listing.csv#5', credits: 0.8 },
    ]);
    // Decimal, not binary: 0.1 + 0.2 covers 0.3 with no leftover shortfall.
    const tenths = poolUses(
      [bwsrPool({ available: 0.1, row: 7 }), bwsrPool({ available: 0.2, row: 8 })],
      'wca',
      '3',
    );
    expect(defaultWithdrawals(tenths, 0.3).map((c) => c.credits)).toEqual([0.2, 0.1]);
  });
});

describe('the filled-in application', () => {
  it('gives the impact, the account and the withdrawals with the figures the ranking gives', () => {
    const outcome = apply(bank([A, B, C]));
    if (!outcome.ok) throw new Error(outcome.reason.text);
    const { application } = outcome;
    expect(application.impact).toMatchObject({
      bankServiceArea: 10,
      county: '27109',
      majorWatershed: 41,
      impactAcres: 1,
      creditsRequired: 2,
    });
    expect(application.account).toMatchObject({
      number: '1411',
      owner: 'Fixture Owner',
      county: '27039',
      bankServiceArea: 10,
      majorWatershed: 41,
    });
    expect(application.withdrawals.map((w) => [w.subgroup, w.credits, w.approval, w.costPerCredit])).toEqual([
      ['A', 1.2, 'WCA and Section 404', 40000],
      ['B', 0.5, 'WCA only', null],
    ]);
    expect(application.creditsWithdrawn).toBe(1.7);
    // "replacement may occur at more than one location": the rest, cited.
    expect(application.shortfall).toBe(0.3);
    expect(application.shortfallNote?.cite).toBe('Minn. R. 8420.0522 subp. 1');
    expect(application.poolsLeftOff).toEqual([
      { key: 'listing.csv#4', label: 'listing.csv row 4', reason: expect.stringMatching(/Section 404 only/) },
    ]);
    expect(application.asOf).toEqual({ listings: ['2026-11-01'], reference: '2026-12-01' });
  });

  it("takes the planner's pools and credits, and refuses more than a pool holds or a pool that cannot serve", () => {
    const candidate = bank([A, B, C]);
    const chosen = apply(candidate, { choices: [{ key: 'listing.csv#3', credits: 0.25 }] });
    expect(chosen.ok && chosen.application.withdrawals.map((w) => [w.subgroup, w.credits])).toEqual([
      ['B', 0.25],
    ]);
    expect(chosen.ok && chosen.application.shortfall).toBe(1.75);
    const over = apply(candidate, { choices: [{ key: 'listing.csv#3', credits: 0.6 }] });
    expect(over).toMatchObject({ ok: false, refusal: 'bad-choice' });
    expect(!over.ok && over.reason.text).toMatch(/more than the 0.5 the pool lists/);
    const federal = apply(candidate, { choices: [{ key: 'listing.csv#4', credits: 1 }] });
    expect(!federal.ok && federal.reason.text).toMatch(/subgroup C .*Section 404 only credit cannot serve/);
  });

  it.each([
    [
      'a bank whose status is not Approved',
      bank([A], { bankStatus: 'Pending' }),
      'not-approved',
      /Pending, not Approved/,
    ],
    [
      'an account with no pool that can serve the plan',
      bank([C]),
      'no-pool',
      /No pool of this account can serve/,
    ],
    ['a bank with no listing loaded', bank(null), 'credits-not-loaded', /No credit listing/],
  ] as const)('refuses %s', (_label, candidate, refusal, text) => {
    const outcome = apply(candidate);
    expect(outcome).toMatchObject({ ok: false, refusal });
    expect(!outcome.ok && outcome.reason.text).toMatch(text);
  });

  it('warns of a stale listing, an impact split across units, an unknown area class and demonstration geography', () => {
    const old = bwsrPool({ creditSubgroup: 'A', available: 3, asOf: '2026-01-05' });
    const impact: Impact = {
      ...IMPACT,
      units: { ...IMPACT.units, county: null },
      areaShares: {
        majorWatershed: [
          { id: 41, share: 0.7 },
          { id: 40, share: 0.3 },
        ],
      },
    };
    const result = rankScenario({ impact, candidates: [bank([old])] });
    const outcome = withdrawalApplication({
      result,
      ranked: result.candidates[0]!,
      candidate: bank([old]),
      impact,
      account: { number: null, owner: null },
      plan: 'wca',
      choices: null,
      demonstration: true,
      sources: [],
    });
    if (!outcome.ok) throw new Error(outcome.reason.text);
    const words = outcome.application.warnings.map((w) => w.text).join('\n');
    expect(words).toMatch(/Not for submission/);
    expect(words).toMatch(/as of 2026-01-05, more than 90 days before 2026-12-01/);
    expect(words).toMatch(/split across major watersheds/);
    expect(words).toMatch(/area class is not known/);
  });
});

describe('what a ranked bank row offers', () => {
  it.each([
    ['an Approved bank with a pool that can serve: the action', bank([A]), 'Approved', null],
    ['a Pending bank with pools: why not', bank([A]), 'Pending', 'status Pending, not Approved'],
    ['only Section 404 only credit: why not', bank([C]), 'Approved', 'no pool that can serve a WCA plan'],
    [
      'no listing names the bank: nothing (the row says credits are not known)',
      bank([]),
      'Approved',
      undefined,
    ],
    ['no listing loaded: nothing', bank(null), 'Approved', undefined],
  ] as const)('%s', (_label, candidate, status, offer) => {
    const ranked = rankScenario({ impact: IMPACT, candidates: [{ ...candidate, bankStatus: status }] })
      .candidates[0]!;
    expect(rowApplicationRefusal(ranked, status)).toBe(offer);
  });
});
