/**
 * The supply panel's ledger part (issue 21, item 4), its pure pieces: the build's
 * ribits-ledgers.json checked (parseLedgersFile), the banks of the impact's area and its
 * neighbours given withdrawals per year and years of supply, with the label naming the ledger,
 * the window and the as-of date, and the loader's plain words when there is no ledger. Ledger
 * entries in RIBITSr's documented LEDGER shape, read by the real reader; invented figures.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseLedgersFile } from '../../../src/formats/ribits/parseLedgersFile.ts';
import { readBankSiteData } from '../../../src/formats/ribits/readBankSiteData.ts';
import { ledgerFigure, ledgerSupplyView } from '../../../src/ui/credits/ledgerSupplyView.ts';
import { loadLedgers } from '../../../src/ui/credits/loadLedgers.ts';
import { ribitsPool } from '../../fixtures/credits/creditPools.ts';
import { bankSiteDataAnswer } from '../../fixtures/ribits/ribitsFixtures.ts';
import { makeCandidate, OLMSTED } from '../../fixtures/siting/scenarios.ts';

const ledger = (id: number, rows: [string, string, number][]) =>
  readBankSiteData(
    bankSiteDataAnswer(
      {
        id,
        name: `MN - Hennepin - S${id}-${id} Fixture Bank`,
        ledger: rows.map(([type, date, credits], i) => ({
          TRANSACTION_ID: id * 100 + i,
          TRANSACTION_TYPE: type,
          JURISDICTION: 'State',
          TRANSACTION_DATE: date,
          CREDITS: credits,
          CREDIT_TYPE_LIST: 'Wetland',
        })),
      },
      { serviceArea: false, footprint: false, contacts: false, ledger: true },
    ),
    id,
    'fixture',
  ).ledger ?? [];

const statePool = (available: number) => ribitsPool('State', available);

const bank = (id: string, name: string, bankServiceArea: number) =>
  makeCandidate({ id, name, kind: 'bank', units: { ...OLMSTED, bankServiceArea } });

describe('ledgerSupplyView', () => {
  const candidates = [
    bank('ribits-1', 'Alpha', 7),
    bank('ribits-2', 'Beta', 8),
    bank('ribits-3', 'Gamma (no ledger)', 7),
    bank('ribits-4', 'Far', 9),
    makeCandidate({ id: 'site-1', kind: 'project-specific' }),
  ];
  const ledgers = {
    'ribits-1': ledger(1, [
      ['Release', '01/10/2015', 40],
      ['Withdrawal', '03/15/2024', 10],
    ]),
    'ribits-2': ledger(2, [
      ['Release', '01/10/2015', 40],
      ['Withdrawal', '03/15/2024', 5],
    ]),
    'ribits-4': ledger(4, [['Withdrawal', '03/15/2024', 50]]),
  };
  const view = ledgerSupplyView(
    candidates,
    { 'ribits-1': [statePool(6)], 'ribits-2': [statePool(4)] },
    { ledgers, asOf: '2026-12-01' },
    [7, 8],
  );

  it('labels the figures as derived from the ledger, with the window and the as-of date', () => {
    expect(view.label).toBe(
      'Derived from the RIBITS ledger, withdrawals 2021-12-01 to 2026-12-01 (5 years, or since a bank’s first ledger entry when later), as of 2026-12-01',
    );
  });

  it('gives each bank with a ledger in the areas its rate and years, and no bank outside them', () => {
    expect(
      view.banks.map((b) => [
        b.name,
        b.bankServiceArea,
        ledgerFigure(b.rows[0]?.perYear ?? null),
        ledgerFigure(b.rows[0]?.yearsOfSupply ?? null),
      ]),
    ).toEqual([
      ['Alpha', 7, '2', '3'],
      ['Beta', 8, '1', '4'],
    ]);
  });

  it('adds per bank service area, never across areas', () => {
    expect(
      view.areas.map((a) => [
        a.bankServiceArea,
        a.banks,
        ledgerFigure(a.perYear),
        ledgerFigure(a.yearsOfSupply),
      ]),
    ).toEqual([
      [7, 1, '2', '3'],
      [8, 1, '1', '4'],
    ]);
  });
});

describe('parseLedgersFile', () => {
  it.each([
    [null, /expected schema 1/],
    [{ schema: 2, ledgers: {} }, /expected schema 1/],
    [{ schema: 1, ledgers: [] }, /"ledgers" must be an object/],
    [{ schema: 1, ledgers: { 'ribits-1': {} } }, /"ribits-1" must be a list/],
    [{ schema: 1, ledgers: { 'ribits-1': [null] } }, /"ribits-1" entry 1 is not an object/],
  ])('refuses %j', (value, message) => {
    expect(() => parseLedgersFile(value)).toThrow(message);
  });
});

describe('loadLedgers', () => {
  afterEach(() => vi.unstubAllGlobals());
  const fetched: string[] = [];
  const serve = (files: Record<string, unknown>) =>
    vi.stubGlobal('fetch', async (url: string) => {
      const name = url.split('/').pop() as string;
      fetched.push(name);
      return name in files
        ? { ok: true, json: async () => files[name] }
        : { ok: false, json: async () => null };
    });
  const live = (ledgersFile: string | null) => ({
    source: 'ribits-refresh',
    asOf: '2026-12-01',
    count: 1,
    retrieved: '2026-12-01T10:00:00Z',
    ledgersFile,
  });

  it('says in plain words that there is no ledger for the 2020 snapshot, fetching nothing', async () => {
    fetched.length = 0;
    serve({});
    const snapshot = {
      source: 'ribits-2020-snapshot',
      asOf: '2020',
      count: 293,
      retrieved: null,
      ledgersFile: null,
    };
    expect(await loadLedgers('/data/', snapshot)).toEqual({
      kind: 'none',
      why: expect.stringMatching(
        /^No RIBITS ledger loaded: the bank records are not from a live RIBITS refresh/,
      ),
    });
    // The decision is the manifest's: banks.json (174 kB) is not fetched for it.
    expect(fetched).toEqual([]);
  });

  it('says so when the refresh sent no ledger entries', async () => {
    serve({});
    expect(await loadLedgers('/data/', live(null))).toMatchObject({
      kind: 'none',
      why: expect.stringMatching(/sent no ledger entries/),
    });
  });

  it('reads ribits-ledgers.json as of the refresh date when the build has it', async () => {
    serve({
      'ribits-ledgers.json': {
        schema: 1,
        ledgers: { 'ribits-1': ledger(1, [['Withdrawal', '03/15/2024', 1]]) },
      },
    });
    const answer = await loadLedgers('/data/', live('ribits-ledgers.json'));
    expect(answer.kind === 'loaded' && answer.loaded.asOf).toBe('2026-12-01');
    expect(answer.kind === 'loaded' && answer.loaded.ledgers['ribits-1']?.[0]?.transactionDate).toBe(
      '2024-03-15',
    );
  });

  it('names a broken ledger file instead of showing figures', async () => {
    serve({});
    expect(await loadLedgers('/data/', live('ribits-ledgers.json'))).toMatchObject({
      kind: 'none',
      why: expect.stringMatching(/ribits-ledgers.json: expected schema 1/),
    });
  });
});
