/**
 * Withdrawals per year and years of supply from a RIBITS ledger (issue 21, item 4). The ledgers
 * are built in the shape RIBITSr's field reference documents (`LEDGER[]` of upper-case
 * TRANSACTION_ID, TRANSACTION_TYPE, JURISDICTION, TRANSACTION_DATE "MM/DD/YYYY", CREDITS, …) and
 * read by the real reader (readBankSiteData), never written in our own record shape. Invented
 * figures for a real Minnesota bank name, tests only.
 */
import { describe, expect, it } from 'vitest';
import type { CreditPool } from '../../../src/formats/credits/creditsFile.ts';
import { readBankSiteData } from '../../../src/formats/ribits/readBankSiteData.ts';
import { areaLedgerSupply, bankLedgerSupply } from '../../../src/siting/ledgerSupply.ts';
import { ribitsPool } from '../../fixtures/credits/creditPools.ts';
import { bankSiteDataAnswer } from '../../fixtures/ribits/ribitsFixtures.ts';

const BANK = 'MN - Aitkin - S5616-1545 * EIP Mississippi I Mitigation Bank';
let nextId = 91000;
const tx = (type: string | null, date: unknown, credits: unknown, jurisdiction: string | null = 'State') => ({
  TRANSACTION_ID: nextId++,
  TRANSACTION_TYPE: type,
  JURISDICTION: jurisdiction,
  TRANSACTION_DATE: date,
  CREDITS: credits,
  ACRES: null,
  CREDIT_TYPE_LIST: 'Wetland',
  CREDIT_CLASSIFICATION: null,
  COMMENT: 'fixture',
  IS_TRANSFERRED: 'No',
  IS_PURCHASED: 'Yes',
});
/** The LEDGER through the real reader, as ribits-ledgers.json holds it. */
const ledgerOf = (entries: Record<string, unknown>[]) =>
  readBankSiteData(
    bankSiteDataAnswer(
      { id: 2002, name: BANK, ledger: entries },
      { serviceArea: false, footprint: false, contacts: false, ledger: true },
    ),
    2002,
    'fixture',
  ).ledger;

const pool = ribitsPool;

const AS_OF = '2026-12-01';
// A bank whose ledger starts before the 5-year window: the window is 2021-12-01 … 2026-12-01.
const OPENED = tx('Release', '01/10/2015', 40);

describe('bankLedgerSupply: withdrawals per year and years of supply, per jurisdiction', () => {
  const cases: {
    name: string;
    entries: Record<string, unknown>[] | null;
    pools?: CreditPool[];
    perYear: Record<string, number | null>;
    years: Record<string, number | null>;
    reason?: RegExp;
    skipped?: RegExp[];
  }[] = [
    {
      name: 'withdrawals in the window over 5 years; a release and an old withdrawal do not count',
      entries: [
        OPENED,
        tx('Withdrawal', '03/15/2024', 2),
        tx('Withdrawal', '07/01/2022', 3),
        tx('Withdrawal', '05/05/2019', 50), // before the window
        tx('Release', '06/01/2023', 10),
      ],
      pools: [pool('State', 10)],
      perYear: { State: 1 }, // 5 credits / 5 years (1826 days / 365.25)
      years: { State: 10 },
    },
    {
      name: 'a negative CREDITS on a withdrawal counts by its size; type matched in any case',
      entries: [OPENED, tx('CREDIT WITHDRAWAL', '03/15/2024', -5)],
      pools: [pool('State', 4)],
      perYear: { State: 1 },
      years: { State: 4 },
    },
    {
      name: 'jurisdictions are never added: State and Federal each against their own pool',
      entries: [
        OPENED,
        tx('Withdrawal', '03/15/2024', 5, 'State'),
        tx('Withdrawal', '03/15/2025', 10, 'Federal'),
      ],
      pools: [pool('State', 3), pool('Federal', 6), pool('Federal', 2, { unit: 'acres' })],
      perYear: { Federal: 2, State: 1 },
      years: { Federal: 3, State: 3 },
    },
    {
      name: 'no withdrawal in the window: rate 0, no years of supply',
      entries: [OPENED, tx('Withdrawal', '01/01/2018', 4)],
      pools: [pool('State', 10)],
      perYear: { State: 0 },
      years: { State: null },
      reason: /no withdrawals from 2021-12-01 to 2026-12-01/,
    },
    {
      name: 'no available figure: a rate, no years (BWSR acres are not RIBITS credits)',
      entries: [OPENED, tx('Withdrawal', '03/15/2024', 5)],
      pools: [pool('State', 10, { sourceKind: 'bwsr-listing', unit: 'acres' })],
      perYear: { State: 1 },
      years: { State: null },
      reason: /no available figure for State credits/,
    },
    {
      name: 'bad and missing dates and amounts are skipped and named, never guessed',
      entries: [
        OPENED,
        tx('Withdrawal', '2024-03-15', 7),
        tx('Withdrawal', null, 7),
        tx('Withdrawal', '03/15/2024', 'seven'),
        tx('Withdrawal', '03/15/2024', null),
        tx('Withdrawal', '03/15/2024', 5),
      ],
      pools: [pool('State', 5)],
      perYear: { State: 1 },
      years: { State: 5 },
      skipped: [
        /"2024-03-15" not MM\/DD\/YYYY/,
        /TRANSACTION_DATE missing/,
        /CREDITS missing/,
        /CREDITS missing/,
      ],
    },
    {
      name: 'a ledger that starts inside the window: the window starts with it',
      entries: [tx('Release', '12/01/2024', 20), tx('Withdrawal', '06/01/2025', 4)],
      pools: [pool('State', 8)],
      perYear: { State: 2 }, // 4 credits over 2024-12-01 … 2026-12-01 (730 days)
      years: { State: 4 },
    },
    {
      name: 'a ledger shorter than a year gives no rate',
      entries: [tx('Release', '06/01/2026', 20), tx('Withdrawal', '07/01/2026', 4)],
      pools: [pool('State', 8)],
      perYear: { State: null },
      years: { State: null },
      reason: /less than a year \(2026-06-01 to 2026-12-01\)/,
    },
    {
      name: 'a withdrawal with no jurisdiction is its own row',
      entries: [OPENED, tx('Withdrawal', '03/15/2024', 5, null)],
      pools: [pool('State', 8)],
      perYear: { 'jurisdiction not stated': 1, State: 0 },
      years: { 'jurisdiction not stated': null, State: null },
    },
  ];

  for (const c of cases)
    it(c.name, () => {
      const supply = bankLedgerSupply('ribits-2002', ledgerOf(c.entries ?? []), c.pools ?? [], AS_OF);
      const perYear = Object.fromEntries(
        supply.rows.map((r) => [
          r.jurisdiction,
          r.perYear === null ? null : Math.round(r.perYear * 100) / 100,
        ]),
      );
      const years = Object.fromEntries(
        supply.rows.map((r) => [
          r.jurisdiction,
          r.yearsOfSupply === null ? null : Math.round(r.yearsOfSupply * 100) / 100,
        ]),
      );
      // The window of 5 years is 1826 days, a hair over 5 × 365.25: round to 2 places.
      expect(perYear).toEqual(c.perYear);
      expect(years).toEqual(c.years);
      if (c.reason) expect(supply.rows.map((r) => r.reason).join(' | ')).toMatch(c.reason);
      expect(supply.skipped.map((s) => s.reason)).toEqual(
        (c.skipped ?? []).map((pattern) => expect.stringMatching(pattern)),
      );
    });

  it('no ledger: no rows, and it says so', () => {
    const supply = bankLedgerSupply('ribits-2002', null, [pool('State', 10)], AS_OF);
    expect(supply).toMatchObject({
      hasLedger: false,
      rows: [],
      window: null,
      reason: 'no RIBITS ledger loaded',
    });
  });

  it('states its window', () => {
    const supply = bankLedgerSupply('ribits-2002', ledgerOf([OPENED]), [], AS_OF);
    expect(supply.window).toMatchObject({ from: '2021-12-01', to: '2026-12-01' });
    expect(supply.reason).toMatch(/no withdrawal/);
  });

  it('refuses an as-of date that is not ISO', () => {
    expect(() => bankLedgerSupply('x', ledgerOf([OPENED]), [], '12/01/2026')).toThrow(/not yyyy-mm-dd/);
  });
});

describe('areaLedgerSupply: per bank service area, banks with both a rate and an available figure', () => {
  it('adds rates and figures of one jurisdiction, counts the banks left out, keeps other areas out', () => {
    const a = bankLedgerSupply(
      'a',
      ledgerOf([OPENED, tx('Withdrawal', '03/15/2024', 5)]),
      [pool('State', 6)],
      AS_OF,
    );
    const b = bankLedgerSupply(
      'b',
      ledgerOf([OPENED, tx('Withdrawal', '03/15/2024', 10)]),
      [pool('State', 4)],
      AS_OF,
    );
    const noFigure = bankLedgerSupply('c', ledgerOf([OPENED, tx('Withdrawal', '03/15/2024', 10)]), [], AS_OF);
    const elsewhere = bankLedgerSupply(
      'd',
      ledgerOf([OPENED, tx('Withdrawal', '03/15/2024', 10)]),
      [],
      AS_OF,
    );
    const rows = areaLedgerSupply(
      [
        { supply: a, bankServiceArea: 7 },
        { supply: b, bankServiceArea: 7 },
        { supply: noFigure, bankServiceArea: 7 },
        { supply: elsewhere, bankServiceArea: 9 },
        { supply: bankLedgerSupply('e', null, [], AS_OF), bankServiceArea: 7 },
      ],
      [7, 8],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bankServiceArea: 7, jurisdiction: 'State', banks: 2, banksLeftOut: 1 });
    expect(Math.round((rows[0]?.perYear ?? 0) * 1000) / 1000).toBe(3);
    expect(Math.round((rows[0]?.yearsOfSupply ?? 0) * 1000) / 1000).toBe(3.333);
  });
});
