import { describe, expect, it } from 'vitest';
import { type FlowGeography, type FlowTransaction, ledgerFlows } from '../../../src/siting/ledgerFlows.ts';

// Invented units and banks: majors 1 and 2 in BSA 1, major 3 in BSA 2, major 4 of no known BSA.
const GEOGRAPHY: FlowGeography = Object.freeze({
  majors: [
    { id: 1, name: 'One', huc8: '07010101', bankServiceArea: 1 },
    { id: 2, name: 'Two', huc8: '07010102', bankServiceArea: 1 },
    { id: 3, name: 'Three', huc8: '07020001', bankServiceArea: 2 },
    { id: 4, name: 'Four', huc8: '07030001', bankServiceArea: null },
  ],
  bankServiceAreas: [
    { id: 1, name: 'BSA one' },
    { id: 2, name: 'BSA two' },
  ],
  banks: {
    b1: { majorWatershed: 1, bankServiceArea: 1 },
    b2: { majorWatershed: 2, bankServiceArea: 1 },
    b3: { majorWatershed: 3, bankServiceArea: 2 },
    outside: { majorWatershed: null, bankServiceArea: null },
  },
});

const t = (over: Partial<FlowTransaction>): FlowTransaction => ({
  source: 'test.csv, row 2',
  siteId: 'b1',
  bank: 'Bank',
  transactionType: 'Withdrawal',
  jurisdiction: 'State',
  date: '2021-05-01',
  credits: 2,
  impactHucs: ['07010101'],
  ...over,
});

const ZERO = {
  creditsWithdrawnForImpactsHere: 0,
  fromBanksInThisUnit: 0,
  fromBanksElsewhereInThisBsa: 0,
  fromBanksInOtherBsas: 0,
  fromBanksNotLocated: 0,
  creditsSoldHereForImpactsElsewhere: 0,
};
const figures = (rows: ReturnType<typeof ledgerFlows>['rows']) =>
  rows.map((r) => ({
    unit: r.unit,
    jurisdiction: r.jurisdiction,
    creditsWithdrawnForImpactsHere: r.creditsWithdrawnForImpactsHere,
    fromBanksInThisUnit: r.fromBanksInThisUnit,
    fromBanksElsewhereInThisBsa: r.fromBanksElsewhereInThisBsa,
    fromBanksInOtherBsas: r.fromBanksInOtherBsas,
    fromBanksNotLocated: r.fromBanksNotLocated,
    creditsSoldHereForImpactsElsewhere: r.creditsSoldHereForImpactsElsewhere,
    withdrawals: r.withdrawals,
  }));

describe('ledgerFlows by major: each rule of issue 34, one transaction at a time', () => {
  it.each<[string, Partial<FlowTransaction>, object[]]>([
    [
      'a withdrawal from a bank in the impact’s major counts as from this major',
      {},
      [
        {
          unit: 1,
          jurisdiction: 'State',
          ...ZERO,
          creditsWithdrawnForImpactsHere: 2,
          fromBanksInThisUnit: 2,
          withdrawals: 1,
        },
      ],
    ],
    [
      'a bank in another major of the same BSA: elsewhere in this BSA, and sold elsewhere by its major',
      { siteId: 'b2' },
      [
        {
          unit: 1,
          jurisdiction: 'State',
          ...ZERO,
          creditsWithdrawnForImpactsHere: 2,
          fromBanksElsewhereInThisBsa: 2,
          withdrawals: 1,
        },
        { unit: 2, jurisdiction: 'State', ...ZERO, creditsSoldHereForImpactsElsewhere: 2, withdrawals: 1 },
      ],
    ],
    [
      'a bank in another BSA: from other BSAs',
      { siteId: 'b3', credits: -1.5 },
      [
        {
          unit: 1,
          jurisdiction: 'State',
          ...ZERO,
          creditsWithdrawnForImpactsHere: 1.5,
          fromBanksInOtherBsas: 1.5,
          withdrawals: 1,
        },
        { unit: 3, jurisdiction: 'State', ...ZERO, creditsSoldHereForImpactsElsewhere: 1.5, withdrawals: 1 },
      ],
    ],
    [
      'a HUC12 belongs to the HUC8 it starts with',
      { impactHucs: ['070101020304'] },
      [
        { unit: 1, jurisdiction: 'State', ...ZERO, creditsSoldHereForImpactsElsewhere: 2, withdrawals: 1 },
        {
          unit: 2,
          jurisdiction: 'State',
          ...ZERO,
          creditsWithdrawnForImpactsHere: 2,
          fromBanksElsewhereInThisBsa: 2,
          withdrawals: 1,
        },
      ],
    ],
    [
      'a bank not in the build counts for the impact’s major as not located',
      { siteId: null, unmatchedReason: 'no bank has the name "X"' },
      [
        {
          unit: 1,
          jurisdiction: 'State',
          ...ZERO,
          creditsWithdrawnForImpactsHere: 2,
          fromBanksNotLocated: 2,
          withdrawals: 1,
        },
      ],
    ],
    [
      'a bank of the build with no major watershed counts as not located',
      { siteId: 'outside' },
      [
        {
          unit: 1,
          jurisdiction: 'State',
          ...ZERO,
          creditsWithdrawnForImpactsHere: 2,
          fromBanksNotLocated: 2,
          withdrawals: 1,
        },
      ],
    ],
    [
      'an impact HUC outside every major counts as sold elsewhere by the bank’s major',
      { impactHucs: ['10170204'] },
      [{ unit: 1, jurisdiction: 'State', ...ZERO, creditsSoldHereForImpactsElsewhere: 2, withdrawals: 1 }],
    ],
    ['a release is skipped', { transactionType: 'Release' }, []],
    ['an adjustment is skipped', { transactionType: 'Adjust' }, []],
    ['“Withdraw” and “WITHDRAWAL” both count', { transactionType: 'WITHDRAW' }, [{ unit: 1 }]],
    ['no impact HUC counts nowhere', { impactHucs: [] }, []],
    ['an undated withdrawal counts nowhere', { date: null }, []],
    ['impact HUCs in two majors are not split', { impactHucs: ['07010101', '07010102'] }, []],
    [
      'two HUC12s of one major are one impact',
      { impactHucs: ['070101010101', '070101010102'] },
      [{ unit: 1, creditsWithdrawnForImpactsHere: 2 }],
    ],
  ])('%s', (_rule, over, expected) => {
    const report = ledgerFlows([t(over)], GEOGRAPHY, { by: 'major' });
    expect(figures(report.rows)).toMatchObject(expected);
    expect(report.rows).toHaveLength(expected.length);
  });

  it('reports each withdrawal it could not count in full, and counts the skipped types', () => {
    const report = ledgerFlows(
      [
        t({ transactionType: 'Release', source: 'r' }),
        t({ transactionType: 'Release', source: 'r2' }),
        t({ transactionType: 'Adjustment', source: 'a' }),
        t({ impactHucs: [], source: 'no huc' }),
        t({
          siteId: null,
          bank: 'Gone Bank',
          unmatchedReason: 'no bank has the name "Gone Bank"',
          source: 'gone',
        }),
        t({ date: null, source: 'undated' }),
        t({ credits: null, source: 'no amount' }),
        t({ impactHucs: ['10170204'], source: 'iowa' }),
        t({ impactHucs: ['07030001'], siteId: 'b2', source: 'four' }),
      ],
      GEOGRAPHY,
      { by: 'major' },
    );
    expect(report.skippedTypes).toEqual([
      { type: 'Adjustment', count: 1 },
      { type: 'Release', count: 2 },
    ]);
    expect(report.noImpactHuc.map((n) => n.source)).toEqual(['no huc']);
    expect(report.notLocated).toEqual([
      {
        source: 'gone',
        bank: 'Gone Bank',
        reason: 'the bank is not in the build (no bank has the name "Gone Bank")',
      },
    ]);
    expect(report.undated.map((n) => n.source)).toEqual(['undated']);
    expect(report.noAmount.map((n) => n.source)).toEqual(['no amount']);
    expect(report.impactOutsideUnits.map((n) => n.source)).toEqual(['iowa']);
    expect(report.impactBsaUnknown.map((n) => n.source)).toEqual(['four']);
    expect(report.withdrawalsCounted).toBe(3);
  });

  it('never adds jurisdictions: one row per unit and jurisdiction', () => {
    const report = ledgerFlows(
      [
        t({}),
        t({ jurisdiction: 'Federal', credits: 5 }),
        t({ jurisdiction: ' state ', credits: 1 }),
        t({ jurisdiction: null }),
      ],
      GEOGRAPHY,
      { by: 'major' },
    );
    expect(report.rows.map((r) => [r.unit, r.jurisdiction, r.creditsWithdrawnForImpactsHere])).toEqual([
      [1, 'Federal', 5],
      [1, 'jurisdiction not stated', 2],
      [1, 'State', 3],
    ]);
  });

  it('applies a date window when asked (inclusive), and by default counts every dated withdrawal', () => {
    const ledger = [
      t({ date: '2019-12-31' }),
      t({ date: '2020-01-01' }),
      t({ date: '2024-12-31' }),
      t({ date: '2025-01-01' }),
    ];
    const all = ledgerFlows(ledger, GEOGRAPHY, { by: 'major' });
    expect(all.rows[0]).toMatchObject({
      creditsWithdrawnForImpactsHere: 8,
      from: '2019-12-31',
      to: '2025-01-01',
    });
    const window = ledgerFlows(ledger, GEOGRAPHY, { by: 'major', from: '2020-01-01', to: '2024-12-31' });
    expect(window.rows[0]).toMatchObject({
      creditsWithdrawnForImpactsHere: 4,
      withdrawals: 2,
      from: '2020-01-01',
      to: '2024-12-31',
    });
    expect(window.outsideWindow).toBe(2);
  });

  it('gives a flow line per impact major and bank, width by credits', () => {
    const report = ledgerFlows(
      [t({ siteId: 'b2' }), t({ siteId: 'b2', credits: 1 }), t({ siteId: 'b3' })],
      GEOGRAPHY,
      {
        by: 'major',
      },
    );
    expect(report.lines).toEqual([
      { impactUnit: 1, siteId: 'b2', bankUnit: 2, jurisdiction: 'State', credits: 3, withdrawals: 2 },
      { impactUnit: 1, siteId: 'b3', bankUnit: 3, jurisdiction: 'State', credits: 2, withdrawals: 1 },
    ]);
  });
});

describe('ledgerFlows by BSA', () => {
  it.each<[string, Partial<FlowTransaction>, object[]]>([
    [
      'a bank in another major of the same BSA is in this BSA',
      { siteId: 'b2' },
      [{ unit: 1, fromBanksInThisUnit: 2, fromBanksElsewhereInThisBsa: null }],
    ],
    [
      'a bank in another BSA is from other BSAs, and sold elsewhere by its BSA',
      { siteId: 'b3' },
      [
        { unit: 1, creditsWithdrawnForImpactsHere: 2, fromBanksInOtherBsas: 2 },
        { unit: 2, creditsSoldHereForImpactsElsewhere: 2 },
      ],
    ],
    [
      'impact HUCs in two majors of one BSA are one impact',
      { impactHucs: ['07010101', '07010102'] },
      [{ unit: 1, fromBanksInThisUnit: 2 }],
    ],
  ])('%s', (_rule, over, expected) => {
    const report = ledgerFlows([t(over)], GEOGRAPHY, { by: 'bsa' });
    expect(figures(report.rows)).toMatchObject(expected);
    expect(report.rows).toHaveLength(expected.length);
    expect(report.rows[0]!.name).toBe('BSA one');
  });
});
