import { describe, expect, it } from 'vitest';
import { buildCreditsFile, parseCreditsFile } from '../../../src/formats/credits/creditsFile.ts';
import type { CreditRow } from '../../../src/formats/credits/creditTypes.ts';
import { type BankIdentity, joinCreditRows } from '../../../src/formats/credits/joinCreditRows.ts';

// Banks as a live refresh names them (real RIBITS names; ids from the captured list).
const BANKS: BankIdentity[] = [
  {
    siteId: 'ribits-2002',
    ribitsBankId: 2002,
    bwsrAccount: '1545',
    name: 'MN - Aitkin - S5616-1545 * EIP Mississippi I Mitigation Bank',
    shortName: 'EIP Mississippi I Mitigation Bank',
  },
  {
    siteId: 'ribits-6076',
    ribitsBankId: 6076,
    bwsrAccount: 'T1729',
    name: 'MN -  Aitkin - S5616-T1729 EIP Mississippi I Mitigation Bank (MnDOT credit purchase from 1545)',
    shortName: 'EIP Mississippi I Mitigation Bank (MnDOT credit purchase from 1545)',
  },
  {
    siteId: 'ribits-1172',
    ribitsBankId: 1172,
    bwsrAccount: '1443',
    name: 'MN - Itasca - S3734-1443 * Brink Farms Bank (Phase II)',
    shortName: 'Brink Farms Bank (Phase II)',
  },
  {
    siteId: 'ribits-3565',
    ribitsBankId: 3565,
    bwsrAccount: '1443',
    name: 'MN - Itasca - S3734-1443 *Brink Farm Bank (Phase I)',
    shortName: 'Brink Farm Bank (Phase I)',
  },
  {
    siteId: 'ribits-5329',
    ribitsBankId: 5329,
    bwsrAccount: null,
    name: 'MN - Wright - 1800 - Engstrom Crow River Corridor Wetland Bank',
    shortName: 'Engstrom Crow River Corridor Wetland Bank',
  },
  {
    siteId: 'ribits-5975',
    ribitsBankId: 5975,
    bwsrAccount: '1795',
    name: 'MN - Wright - S9590-1795 - BWSR Stockholm Wetland Bank',
    shortName: 'BWSR Stockholm Wetland Bank',
  },
];

let rowNumber = 1;
const row = (over: Partial<CreditRow>): CreditRow => ({
  file: 'listing.csv',
  row: ++rowNumber,
  kind: 'bwsr-listing',
  ribitsBankId: null,
  bwsrAccount: null,
  bankName: 'x',
  county: null,
  approval: 'wca-only',
  jurisdiction: null,
  creditType: 'Standard',
  creditClassification: null,
  creditSubgroup: null,
  plantCommunity: null,
  circular39Type: null,
  available: 1, // invented, for tests only
  released: null,
  potential: null,
  unit: 'square-feet',
  unitAsWritten: 'sq ft',
  pricePerCredit: null,
  contact: null,
  asOf: '2026-05-01',
  asOfFrom: 'file',
  ...over,
});
const join1 = (r: CreditRow) => joinCreditRows([r], BANKS);

describe('joinCreditRows: identity, never fuzzy', () => {
  it('joins by RIBITS bank id first', () => {
    expect(join1(row({ ribitsBankId: 6076, bankName: 'whatever the planner typed' })).matched).toEqual([
      expect.objectContaining({ siteId: 'ribits-6076', matchedBy: 'ribits-bank-id' }),
    ]);
  });

  it('then by BWSR account, keeping the transfer T apart from the parent account', () => {
    expect(
      join1(row({ bwsrAccount: 'T1729', bankName: 'EIP Mississippi I Mitigation Bank' })).matched[0],
    ).toMatchObject({
      siteId: 'ribits-6076',
      matchedBy: 'bwsr-account',
    });
    expect(
      join1(row({ bwsrAccount: '1545', bankName: 'EIP Mississippi I Mitigation Bank' })).matched[0],
    ).toMatchObject({
      siteId: 'ribits-2002',
      matchedBy: 'bwsr-account',
    });
    // 1729 without its T is not account T1729: here an (invented) bank holds a plain 1729
    const withPlain = [
      ...BANKS,
      {
        siteId: 'invented-1729',
        ribitsBankId: null,
        bwsrAccount: '1729',
        name: 'Invented bank on account 1729',
        shortName: null,
      },
    ];
    expect(
      joinCreditRows([row({ bwsrAccount: '1729', bankName: 'EIP Mississippi I' })], withPlain).matched[0],
    ).toMatchObject({ siteId: 'invented-1729' });
    expect(
      joinCreditRows([row({ bwsrAccount: 'T1729', bankName: 'EIP Mississippi I' })], withPlain).matched[0],
    ).toMatchObject({ siteId: 'ribits-6076' });
    expect(join1(row({ bwsrAccount: '1729', bankName: 'EIP Mississippi I' })).unmatched[0]?.reason).toBe(
      'no bank has account 1729, the name "EIP Mississippi I"',
    );
  });

  it('narrows an account on two banks by exact name, and leaves it for review when the name does not tell', () => {
    expect(
      join1(row({ bwsrAccount: '1443', bankName: 'Brink Farm Bank (Phase I)' })).matched[0],
    ).toMatchObject({ siteId: 'ribits-3565' });
    expect(join1(row({ bwsrAccount: '1443', bankName: 'Brink Farms' })).unmatched[0]?.reason).toBe(
      'account 1443 is on 2 banks (ribits-1172 "MN - Itasca - S3734-1443 * Brink Farms Bank (Phase II)", ribits-3565 "MN - Itasca - S3734-1443 *Brink Farm Bank (Phase I)") and the name "Brink Farms" does not tell them apart',
    );
  });

  it('then by exact name (full RIBITS name or the name after its code), then by normalised name', () => {
    expect(
      join1(row({ bankName: 'MN - Wright - 1800 - Engstrom Crow River Corridor Wetland Bank' })).matched[0],
    ).toMatchObject({
      siteId: 'ribits-5329',
      matchedBy: 'exact-name',
    });
    expect(join1(row({ bankName: 'Engstrom Crow River Corridor Wetland Bank' })).matched[0]).toMatchObject({
      matchedBy: 'exact-name',
    });
    expect(join1(row({ bankName: '  ENGSTROM crow-river corridor wetland bank ' })).matched[0]).toMatchObject(
      {
        siteId: 'ribits-5329',
        matchedBy: 'normalised-name',
      },
    );
  });

  it('never joins by a near name or by the site number alone', () => {
    expect(join1(row({ bankName: 'Engstrom Crow River Wetland Bank' })).matched).toEqual([]);
    expect(join1(row({ bankName: 'S5616' })).matched).toEqual([]);
  });

  it('does not let a name join a bank whose account differs from the row’s', () => {
    const result = join1(row({ bwsrAccount: '1999', bankName: 'BWSR Stockholm Wetland Bank' }));
    expect(result.matched).toEqual([]);
    expect(result.unmatched[0]?.reason).toBe(
      'no bank has account 1999, the name "BWSR Stockholm Wetland Bank"',
    );
  });

  it('refuses an id whose bank has another account than the row gives', () => {
    expect(join1(row({ ribitsBankId: 2002, bwsrAccount: 'T1729' })).unmatched[0]?.reason).toMatch(
      /^RIBITS bank id 2002 is ribits-2002 .*, whose account is 1545, not T1729$/,
    );
  });

  it('joins a RIBITS report row by the account its RIBITS name carries', () => {
    const r = row({
      kind: 'ribits-credit-classification',
      approval: null,
      jurisdiction: 'State',
      bankName: 'MN - Wright - S9590-1795 - BWSR Stockholm Wetland Bank (renamed)',
    });
    expect(join1(r).matched[0]).toMatchObject({ siteId: 'ribits-5975', matchedBy: 'bwsr-account' });
  });

  it('returns every row, matched or not: none is dropped', () => {
    const rows = [
      row({ ribitsBankId: 2002 }),
      row({ bankName: 'Nowhere Bank' }),
      row({ bwsrAccount: '1443', bankName: 'x' }),
    ];
    const { matched, unmatched } = joinCreditRows(rows, BANKS);
    expect(matched.length + unmatched.length).toBe(rows.length);
    expect(unmatched.map((u) => u.row.bankName)).toEqual(['Nowhere Bank', 'x']);
  });
});

describe('credits.json', () => {
  it('keeps each row a pool of its bank (WCA-only and 404-only apart), with source, unit and dated as-of, and reads back', () => {
    const rows = [
      row({ bwsrAccount: '1545', approval: 'wca-only', available: 12500 }),
      row({ bwsrAccount: '1545', approval: '404-only', available: 3000 }),
      row({ bankName: 'Nowhere Bank' }),
    ];
    const listing = {
      file: 'listing.csv',
      kind: 'bwsr-listing' as const,
      rows,
      bad: [],
      headerRow: 1,
      columns: {},
    };
    const file = buildCreditsFile([listing], joinCreditRows(rows, BANKS), '2026-05-10T00:00:00.000Z');
    expect(
      file.banks['ribits-2002']!.pools.map((p) => [
        p.approval,
        p.available,
        p.unit,
        p.source,
        p.asOf,
        p.asOfFrom,
      ]),
    ).toEqual([
      ['wca-only', 12500, 'square-feet', 'listing.csv', '2026-05-01', 'file'],
      ['404-only', 3000, 'square-feet', 'listing.csv', '2026-05-01', 'file'],
    ]);
    expect(Object.keys(file.banks)).toEqual(['ribits-2002']); // no figure for any other bank
    expect(file.unmatched).toEqual([
      expect.objectContaining({ bankName: 'Nowhere Bank', reason: 'no bank has the name "Nowhere Bank"' }),
    ]);
    expect(file.listings[0]).toMatchObject({
      goodRows: 3,
      matchedRows: 2,
      unmatchedRows: 1,
      asOf: [{ date: '2026-05-01', from: 'file' }],
    });
    expect(file.notice).toContain('Minn. R. 8420.0745');
    expect(parseCreditsFile(JSON.parse(JSON.stringify(file)))).toEqual(file);
  });

  it('refuses a credits.json pool without an amount or with an unknown unit', () => {
    const pool = {
      available: 1,
      unit: 'hectares',
      approval: null,
      sourceKind: 'bwsr-listing',
      asOfFrom: 'file',
    };
    expect(() => parseCreditsFile({ schema: 1, banks: { 'ribits-1': { pools: [pool] } } })).toThrow(
      'credits.json: bank "ribits-1" pool 1 has an unknown "unit"',
    );
    expect(() =>
      parseCreditsFile({ schema: 1, banks: { 'ribits-1': { pools: [{ ...pool, available: -1 }] } } }),
    ).toThrow('credits.json: bank "ribits-1" pool 1 has no "available" amount');
  });
});
