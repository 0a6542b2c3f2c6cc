import { describe, expect, it } from 'vitest';
import type { CreditPool } from '../../../src/formats/credits/creditsFile.ts';
import {
  type Candidate,
  CONFIRM_WITH_BWSR,
  describeBankCredits,
  passesCreditFilter,
  rankScenario,
  STALE_AFTER_DAYS,
  withBankCredits,
} from '../../../src/siting/index.ts';
import { bwsrPool } from '../../fixtures/credits/creditPools.ts';
import { makeCandidate, makeImpact, OLMSTED } from '../../fixtures/siting/scenarios.ts';

// The listing's as-of date a month before the application (2026-06-01): not stale.
const pool = (overrides: Partial<CreditPool> = {}) => bwsrPool({ asOf: '2026-05-01', ...overrides });

// 1 acre on nonagricultural land at 2:1 (subd. 1(f)): 2 acres required.
const impact = makeImpact({ acres: 1, wetlandType: '3', applicationDate: '2026-06-01' });
const bank = (id: string, pools: CreditPool[] | undefined, extra: Partial<Candidate> = {}): Candidate => {
  const candidate = makeCandidate({ id, kind: 'bank', action: null, bankStatus: 'Approved', ...extra });
  return pools === undefined ? candidate : withBankCredits(candidate, pools, impact.wetlandType);
};
const rank = (...candidates: Candidate[]) => rankScenario({ impact, candidates }).candidates;

describe('Minn. R. 8420.0745: "Bank accounts must maintain a positive balance. When all credits have been withdrawn or transferred, the account is closed."', () => {
  it.each([
    ['one pool at zero', [pool({ available: 0 })]],
    [
      'every pool at zero, of each approval',
      [pool({ available: 0 }), pool({ approval: 'wca-only', available: 0 })],
    ],
    ['zero square feet', [pool({ available: 0, unit: 'square-feet' })]],
  ])('%s: listed apart (no place in the ladder), cannot sell, cited', (_name, pools) => {
    const [row] = rank(bank('empty', pools));
    expect(row?.status).toBe('ineligible');
    expect(row?.ladderRank).toBeNull();
    expect(row?.availability).toBe('cannot-sell');
    expect(row?.credits?.zeroBalance).toBe(true);
    expect(row?.reasons.some((r) => r.cite === 'Minn. R. 8420.0745' && /positive balance/.test(r.text))).toBe(
      true,
    );
  });

  it('bars nothing under 3(d): a level-4 bank below a zero-balance level-3 bank has no next-level caveat', () => {
    const other = { ...OLMSTED, bankServiceArea: 9 };
    const rows = rank(bank('empty', [pool({ available: 0 })]), bank('far', [pool()], { units: other }));
    const far = rows.find((r) => r.id === 'far');
    expect(far?.priority).toBe(4);
    expect(far?.ladderRank).toBe(1);
    expect(far?.reasons.some((r) => r.cite.includes('3(d)'))).toBe(false);
  });

  it.each([
    ['square-feet', '0 square feet of credits'],
    ['acres', '0 acres of credits'],
  ] as const)("a zero in %s is told in the listing's own unit (issue 32 item 4)", (unit, words) => {
    const [row] = rank(bank('empty', [pool({ available: 0, unit })]));
    expect(
      row?.reasons.find((r) => r.cite === 'Minn. R. 8420.0745' && r.text.includes('none are left'))?.text,
    ).toContain(`The bank lists ${words}`);
  });

  it('a bank with some credits in one pool and none in another is not a zero balance', () => {
    const [row] = rank(bank('some', [pool({ available: 0 }), pool({ approval: 'wca-only', available: 3 })]));
    expect(row?.status).toBe('eligible');
    expect(row?.credits?.zeroBalance).toBe(false);
  });
});

describe('Minn. R. 8420.0522 subp. 1, replacement "may occur at more than one location": how much a short bank can cover', () => {
  it.each([
    // [available, unit, covers, words]
    [0.5, 'acres', 'part', 'lists 0.5 of the 2 acres required in WCA-usable credit (25 %)'],
    [21780, 'square-feet', 'part', 'lists 0.5 of the 2 acres required in WCA-usable credit (25 %)'],
    [2, 'acres', 'all', null],
    [87120, 'square-feet', 'all', null],
  ] as const)('%s %s: %s', (available, unit, covers, words) => {
    const [row] = rank(bank('b', [pool({ available, unit })]));
    expect(row?.credits?.pools[0]?.covers).toBe(covers);
    const shortfall = row?.reasons.find((r) => r.text.includes('in WCA-usable credit ('));
    if (words === null) expect(shortfall).toBeUndefined();
    else {
      expect(shortfall?.text).toContain(words);
      expect(shortfall?.cite).toBe('Minn. R. 8420.0522 subp. 1');
    }
  });

  it('a figure in RIBITS "credits" is not compared with acres (its unit is not an area)', () => {
    const [row] = rank(
      bank('r', [
        pool({
          unit: 'credits',
          approval: null,
          jurisdiction: 'State',
          sourceKind: 'ribits-credit-classification',
        }),
      ]),
    );
    expect(row?.credits?.pools[0]?.covers).toBeNull();
    expect(row?.reasons.some((r) => r.text.includes('not compared with the acres required'))).toBe(true);
  });
});

// BWSR: "some credits that are approved for only Wetland Conservation Act (WCA) use, some that
// are approved for only Section 404 Clean Water Act use (federally-approved) and many that are
// approved for use in both programs" (bwsr.state.mn.us/wetland-bank-credits-and-fees). A 103G.222
// replacement is a WCA replacement: only WCA-usable pools count (issue 31 item 1).
describe('103G.222 replacement by bank credits counts only credits approved for WCA use', () => {
  it.each([
    // [case, pools, availableCredits, federal-only acres, status, can sell, covers words]
    [
      '404-only 5 acres, WCA 0: a zero balance for a WCA plan, listed apart with the federal reason',
      [pool({ approval: '404-only', available: 5 }), pool({ approval: 'wca-only', available: 0 })],
      0,
      5,
      'ineligible',
      'cannot-sell',
      'None of its credits can serve a WCA replacement: its 5 acres are approved for Section 404 only',
    ],
    [
      '404-only alone: not coverage, not can-sell',
      [pool({ approval: '404-only', available: 5 })],
      0,
      5,
      'ineligible',
      'cannot-sell',
      'federal-only credit: it cannot serve a WCA replacement',
    ],
    [
      'RIBITS "Federal" jurisdiction alone: not counted',
      [
        pool({
          approval: null,
          jurisdiction: 'Federal',
          sourceKind: 'ribits-credit-classification',
          available: 5,
        }),
      ],
      0,
      5,
      'ineligible',
      'cannot-sell',
      'federal-only credit',
    ],
    [
      'WCA only 1.2 + 1.0 of one kind: added to 2.2, which covers the 2 acres',
      [
        pool({ approval: 'wca-only', available: 1.2, row: 2 }),
        pool({ approval: 'wca-only', available: 1, row: 3 }),
      ],
      2.2,
      null,
      'eligible',
      'can-sell',
      'add up to 2.2 acres',
    ],
    [
      'WCA only 1.2 and WCA and 404 1.0: different approval, never added (1.2 of 2)',
      [
        pool({ approval: 'wca-only', available: 1.2, row: 2 }),
        pool({ approval: 'wca-and-404', available: 1, row: 3 }),
      ],
      1.2,
      null,
      'eligible',
      'can-sell',
      'lists 1.2 of the 2 acres required in WCA-usable credit',
    ],
  ] as const)('%s', (_name, pools, credits, federal, status, availability, words) => {
    const candidate = bank('b', [...pools]);
    expect(candidate.availableCredits).toBe(credits);
    expect(candidate.federalOnlyCredits ?? null).toBe(federal);
    const [row] = rank(candidate);
    expect(row?.status).toBe(status);
    expect(row?.availability).toBe(availability);
    expect(row?.credits?.zeroBalance).toBe(status === 'ineligible');
    expect(row?.reasons.map((r) => r.text).join('\n')).toContain(words);
    expect(
      row?.reasons.some((r) => r.text.includes('covers the acres required') && r.text.includes('404 only')),
    ).toBe(false);
  });

  it('0.1 acres filled plus 0.4 partially drained (0.2 counted) at 2:1 is 0.6 acres, covered by 0.6 listed (decimals, not binary fractions)', () => {
    // In binary floating point 0.1 + 0.2 is 0.30000000000000004, and at 2:1 0.6000000000000001.
    const small = makeImpact({
      acres: 0.1,
      partiallyDrainedAcres: 0.4,
      wetlandType: '3',
      applicationDate: '2026-06-01',
    });
    const candidate = withBankCredits(
      makeCandidate({ id: 'b', kind: 'bank', action: null, bankStatus: 'Approved' }),
      [pool({ approval: 'wca-only', available: 0.6 })],
      '3',
    );
    const result = rankScenario({ impact: small, candidates: [candidate] });
    expect(result.requirement.replacementAcres).toBe(0.6);
    expect(result.candidates[0]?.credits?.pools[0]?.covers).toBe('all');
    expect(result.candidates[0]?.reasons.some((r) => r.text.includes('in WCA-usable credit ('))).toBe(false);
    expect(result.requirement.reasons.map((r) => r.text).join('\n')).not.toMatch(/\d\.\d{6,}/);
  });

  it('0.1 + 0.2 acres of one kind cover 0.3 required (the sum is the decimal 0.3)', () => {
    const candidate = bank('b', [
      pool({ approval: 'wca-only', available: 0.1, row: 2 }),
      pool({ approval: 'wca-only', available: 0.2, row: 3 }),
    ]);
    expect(candidate.availableCredits).toBe(0.3);
  });

  it('within a level: whole cover, then part, then none known; ties in input order, never by id', () => {
    const rows = rank(
      bank('a-none', [pool({ approval: null, jurisdiction: 'Unknown', available: 9 })]),
      bank('b-part', [pool({ approval: 'wca-only', available: 1 })]),
      bank('z-full', [pool({ approval: 'wca-only', available: 3 })]),
      bank('c-full', [pool({ approval: 'wca-and-404', available: 2 })]),
    );
    expect(rows.map((r) => r.id)).toEqual(['z-full', 'c-full', 'b-part', 'a-none']);
  });
});

describe('WCA-only, 404-only and both are separate pools, never added across approvals', () => {
  const pools = [
    pool({ approval: 'wca-only', available: 1.5, row: 2 }),
    pool({ approval: '404-only', available: 1.5, row: 3 }),
    pool({ approval: 'wca-and-404', available: 0.5, row: 4 }),
  ];
  it('the ranking compares the WCA-usable cover (1.5), not the sum (3.5), with the 2 acres required', () => {
    const candidate = bank('b', pools);
    expect(candidate.availableCredits).toBe(1.5);
    expect(candidate.federalOnlyCredits).toBe(1.5);
    const [row] = rank(candidate);
    expect(row?.credits?.largestAcres).toBe(1.5);
    expect(row?.credits?.federalOnlyAcres).toBe(1.5);
    expect(row?.credits?.pools.map((p) => p.approval)).toEqual(['wca-only', 'wca-and-404', '404-only']);
    expect(row?.reasons.some((r) => r.text.includes('3.5'))).toBe(false);
    expect(
      row?.reasons.find(
        (r) => r.cite === 'Minn. R. 8420.0522 subp. 1' && r.text.includes('WCA-usable credit ('),
      )?.text,
    ).toContain('1.5 of the 2 acres');
  });

  it.each([
    // [filter, passes]
    [{ approval: 'wca' }, true],
    [{ approval: '404' }, true],
    [{ approval: 'both' }, true],
    [{ approval: 'both', minCredits: 1 }, false],
    [{ approval: 'wca', minCredits: 1.5 }, true],
    [{ minCredits: 1.5 }, true],
    [{ minCredits: 3 }, false],
    [{}, true],
  ] as const)('filter %j: %s', (filter, passes) => {
    const [row] = rank(bank('b', pools));
    expect(passesCreditFilter(row?.credits ?? null, filter)).toBe(passes);
  });

  it('a 404-only pool never passes a minimum without an approval asked', () => {
    const [row] = rank(bank('b', [pool({ approval: '404-only', available: 5 })]));
    expect(passesCreditFilter(row?.credits ?? null, { minCredits: 1 })).toBe(false);
  });

  it('with no listing loaded, any credit filter hides the bank; no filter keeps it', () => {
    const [row] = rank(bank('b', undefined));
    expect(passesCreditFilter(row?.credits ?? null, { minCredits: 1 })).toBe(false);
    expect(passesCreditFilter(row?.credits ?? null, {})).toBe(true);
  });
});

describe("103G.222 subd. 3(a) levels: within a level, credits of the impact's type (in-kind) first when both types are known", () => {
  it('an in-kind bank comes before a larger, nearer out-of-kind bank of the same level', () => {
    const rows = rank(
      bank('a-out-of-kind', [pool({ circular39Type: 'Type 2', available: 50 })], {
        location: [-92.47, 44.02],
      }),
      bank(
        'z-in-kind',
        [pool({ circular39Type: 'Type 3' }), pool({ circular39Type: 'Type 2', available: 50 })],
        {
          location: [-92.0, 44.5],
        },
      ),
    );
    expect(rows.map((r) => r.id)).toEqual(['z-in-kind', 'a-out-of-kind']);
    expect(rows.map((r) => r.kindMatch)).toEqual(['in-kind', 'out-of-kind']);
    expect(rows[0]?.credits?.pools[0]?.kindMatch).toBe('in-kind');
  });

  it("a pool whose type is not stated leaves the bank's kind unknown (not out-of-kind)", () => {
    const [row] = rank(bank('b', [pool({ circular39Type: null }), pool({ circular39Type: 'Type 2' })]));
    expect(row?.kindMatch).toBeNull();
  });

  it("a zero pool of the impact's type does not make the bank in-kind", () => {
    const [row] = rank(bank('b', [pool({ available: 0 }), pool({ circular39Type: 'Type 2' })]));
    expect(row?.kindMatch).toBe('out-of-kind');
  });
});

describe('every figure carries its source and as-of date; older than 90 days is stale', () => {
  it.each([
    // [asOf, applicationDate, today, stale, age]
    ['2026-05-01', '2026-06-01', null, false, 31],
    ['2026-03-03', '2026-06-01', null, false, 90],
    ['2026-03-02', '2026-06-01', null, true, 91],
    ['2026-01-01', null, '2026-12-02', true, 335],
    ['2026-01-01', null, null, null, null],
    [null, '2026-06-01', null, null, null],
  ] as const)('as of %s, application %s, today %s: stale %s', (asOf, applicationDate, today, stale, age) => {
    const scenario = {
      impact: { ...impact, applicationDate },
      candidates: [bank('b', [pool({ asOf })])],
    };
    const [row] = rankScenario(scenario, { today }).candidates;
    expect(row?.credits?.pools[0]?.stale).toBe(stale);
    expect(row?.credits?.pools[0]?.ageDays).toBe(age);
    expect(row?.credits?.stale).toBe(stale === true);
    const figure = row?.reasons.find((r) => r.text.includes('available ('));
    expect(figure?.text).toContain('listing.csv row 2');
    expect(figure?.text).toContain(asOf === null ? 'as-of date not known' : `as of ${asOf}`);
    if (stale) expect(figure?.text).toContain(`stale: ${age} days`);
    else expect(figure?.text).not.toContain('stale');
  });

  it(`the threshold is ${STALE_AFTER_DAYS} days`, () => expect(STALE_AFTER_DAYS).toBe(90));

  it("a date given by the user, or the file's own date, says so", () => {
    const [row] = rank(bank('b', [pool({ asOfFrom: 'user' }), pool({ asOfFrom: 'file-date', row: 3 })]));
    expect(row?.reasons.some((r) => r.text.includes('(date given by the user)'))).toBe(true);
    expect(row?.reasons.some((r) => r.text.includes("(the file's own date)"))).toBe(true);
  });
});

describe('Minn. R. 8420.0745: "Local government unit approval of replacement plans involving the use of banking credits is conditional upon withdrawal of the credits by the board"', () => {
  it('every bank with listed figures carries the notice to confirm availability with BWSR', () => {
    const [row] = rank(bank('b', [pool()]));
    expect(row?.reasons).toContainEqual(CONFIRM_WITH_BWSR);
    expect(CONFIRM_WITH_BWSR.text).toContain('conditional upon withdrawal of the credits by the board');
    expect(CONFIRM_WITH_BWSR.cite).toBe('Minn. R. 8420.0745');
  });

  it('with no listing loaded: no figure, no notice, "not loaded"', () => {
    const [row] = rank(bank('b', undefined));
    expect(row?.credits).toEqual(expect.objectContaining({ loaded: false, pools: [] }));
    expect(row?.reasons).not.toContainEqual(CONFIRM_WITH_BWSR);
  });

  it('loaded listings that name no row for the bank: not known, never zero', () => {
    const candidate = bank('b', []);
    expect(candidate.availableCredits).toBeUndefined();
    const [row] = rank(candidate);
    expect(row?.status).toBe('eligible');
    expect(row?.credits?.loaded).toBe(true);
    expect(row?.credits?.zeroBalance).toBe(false);
  });

  it('a project-specific site has no credits', () => {
    expect(
      describeBankCredits(makeCandidate(), { requiredAcres: 2, impactType: '3', reference: null }),
    ).toBeNull();
  });
});

// Subd. 1(g): "For a wetland or public waters wetland located on agricultural land or in a greater
// than 80 percent area, replacement must be in the ratio of one acre of replaced wetland for each
// acre of drained or filled wetland"; 1(f): "Except as provided in paragraph (g), for a wetland or
// public waters wetland located on nonagricultural land, replacement must be in the ratio of two
// acres". An impact of unknown area class on nonagricultural land is 1:1 or 2:1 (issue 38 item 1).
describe('103G.222 subd. 1(f)/(g): coverage judged at both ratios when the area class is unknown', () => {
  // 1 acre, class unknown (no county, no class): 1 acre at 1:1, 2 at 2:1.
  const unknownClass = makeImpact({
    acres: 1,
    wetlandType: '3',
    applicationDate: '2026-06-01',
    units: { ...OLMSTED, county: null, areaClass: null },
  });
  it.each([
    // [WCA acres listed, words, absent words]
    [
      1.5,
      'at 1:1, if it lies in a greater-than-80-percent area (subd. 1(g)), 1 acre is required and it covers it in full; only at 2:1',
      null,
    ],
    [1, 'covers it in full', null],
    [
      0.5,
      'At 1:1 (a greater-than-80-percent area, subd. 1(g)) it would still cover only part of the 1 acre required',
      'covers them in full',
    ],
  ] as const)('%s acres listed: %s', (available, words, absent) => {
    const candidate = withBankCredits(
      makeCandidate({ id: 'b', kind: 'bank', action: null, bankStatus: 'Approved' }),
      [pool({ approval: 'wca-only', available })],
      '3',
    );
    const result = rankScenario({ impact: unknownClass, candidates: [candidate] });
    expect(result.requirement.ratioRange).toEqual([1, 2]);
    const said = result.candidates[0]?.reasons.map((r) => r.text).join('\n') ?? '';
    expect(said).toContain(words);
    if (absent !== null) expect(said).not.toContain(absent);
  });

  it('with the class known (one ratio) no class sentence is added', () => {
    const candidate = withBankCredits(
      makeCandidate({ id: 'b', kind: 'bank', action: null, bankStatus: 'Approved' }),
      [pool({ approval: 'wca-only', available: 1.5 })],
      '3',
    );
    const said =
      rank(candidate)[0]
        ?.reasons.map((r) => r.text)
        .join('\n') ?? '';
    expect(said).toContain('lists 1.5 of the 2 acres required');
    expect(said).not.toContain('area class is unknown');
  });
});
