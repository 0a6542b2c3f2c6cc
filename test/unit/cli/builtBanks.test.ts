import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditPool, CreditsFile } from '../../../src/formats/credits/creditsFile.ts';
import { writeFlatGeobuf } from '../../../src/formats/flatgeobuf/writeFlatGeobuf.ts';
import { LAYER_SCHEMAS } from '../../../src/formats/layers/layerSchemas.ts';
import type { LayerFeature } from '../../../src/formats/layers/layerTypes.ts';
import { readBankSiteData } from '../../../src/formats/ribits/readBankSiteData.ts';
import { LOOKUP_LAYERS } from '../../../src/geo/location.ts';
import { bwsrPool } from '../../fixtures/credits/creditPools.ts';
import { bankSiteDataAnswer } from '../../fixtures/ribits/ribitsFixtures.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';
import { runCli } from './runCli.ts';

/**
 * Issue 21, item 5: `rank` with no `candidates` and `batch` without `--candidates` rank the banks
 * of the build (sites.fgb, their units as stored) with their credits from credits.json. Invented
 * banks and figures (test fixtures only). The fixture layers put [-92.7, 44] in minor watershed
 * 41001, BSA 10.
 */
let current: string; // units stored in the layers in use, credits.json present
let stale: string; // the lookup layers changed since the banks were located; no credits.json
let work: string;

const stored = (minor: string) => ({
  minorWatershed: minor,
  majorWatershed: 41,
  bankServiceArea: 10,
  county: '27109',
  countyAreaClass: 'less-than-50',
  boundary: null,
});
const bank = (id: string, at: [number, number], minor = '41001'): LayerFeature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: at },
  properties: {
    id,
    name: `${id} (fixture)`,
    kind: 'bank',
    status: 'Approved',
    bankType: null,
    countyName: 'Olmsted',
    availableCredits: null,
    bankApplicationDate: null,
    demonstration: true,
    ...stored(minor),
  },
});
// bank-none lies in 41001 but its stored units say 41002: read as stored only while current.
const BANKS = [
  bank('bank-a', [-92.7, 44]),
  bank('bank-zero', [-92.8, 44.1]),
  bank('bank-short', [-92.6, 44.2]),
  bank('bank-none', [-92.65, 44.3], '41002'),
];

const pool = bwsrPool;
const CREDITS: CreditsFile = {
  schema: 1,
  generatedAt: '2026-11-02T00:00:00.000Z',
  notice: 'test',
  listings: [],
  banks: {
    'bank-a': { pools: [pool({}), pool({ approval: 'wca-only', available: 4, row: 3 })] },
    'bank-zero': { pools: [pool({ available: 0, row: 4 })] },
    'bank-short': { pools: [pool({ available: 21780, unit: 'square-feet', row: 5, asOf: '2026-01-05' })] },
  },
  unmatched: [],
  skippedBadRows: [],
};

async function withBanks(dir: string, located: 'current' | 'stale', credits: boolean): Promise<void> {
  const bytes = writeFlatGeobuf(BANKS, LAYER_SCHEMAS.sites.columns, 'sites');
  await writeFile(path.join(dir, 'sites.fgb'), bytes);
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  manifest.layers.sites = {
    file: 'sites.fgb',
    title: 'banks (test fixture)',
    featureCount: BANKS.length,
    bounds: [-93, 43.5, -91, 45],
    bytes: bytes.byteLength,
    source: 'test',
    sourceUrl: null,
    asOf: '2026-11-01',
    retrieved: '2026-11-01T00:00:00.000Z',
    licence: 'CC0',
    official: false,
    demonstration: true,
    unitsLocatedIn: Object.fromEntries(
      LOOKUP_LAYERS.map((layer) => [layer, located === 'current' ? null : 'another-build']),
    ),
  };
  if (credits) {
    // A live refresh's ledger for bank-a: LEDGER entries in RIBITSr's documented shape, read by the real reader.
    const ledger = readBankSiteData(
      bankSiteDataAnswer(
        {
          id: 1,
          name: 'MN - Olmsted - S1-1 Fixture Bank',
          ledger: [
            {
              TRANSACTION_ID: 1,
              TRANSACTION_TYPE: 'Release',
              JURISDICTION: 'State',
              TRANSACTION_DATE: '01/10/2015',
              CREDITS: 40,
            },
            {
              TRANSACTION_ID: 2,
              TRANSACTION_TYPE: 'Withdrawal',
              JURISDICTION: 'State',
              TRANSACTION_DATE: '03/15/2024',
              CREDITS: 5,
            },
          ],
        },
        { serviceArea: false, footprint: false, contacts: false, ledger: true },
      ),
      1,
      'fixture',
    ).ledger;
    manifest.banks = { retrieved: '2026-12-01T00:00:00.000Z', ledgers: { file: 'ribits-ledgers.json' } };
    await writeFile(
      path.join(dir, 'ribits-ledgers.json'),
      JSON.stringify({ schema: 1, ledgers: { 'bank-a': ledger } }),
    );
    manifest.credits = { file: 'credits.json' };
    await writeFile(path.join(dir, 'credits.json'), JSON.stringify(CREDITS));
  }
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}

beforeAll(async () => {
  current = await buildDataDir();
  await withBanks(current, 'current', true);
  stale = await buildDataDir();
  await withBanks(stale, 'stale', false);
  work = await mkdtemp(path.join(tmpdir(), 'siting-banks-'));
});
afterAll(async () => {
  for (const dir of [current, stale, work]) await rm(dir, { recursive: true, force: true });
});

// 1 acre on nonagricultural land, type 3: 2 acres at 2:1 (subd. 1(f)).
const IMPACT = {
  location: [-92.7, 44.05],
  acres: 1,
  land: 'nonagricultural',
  cultivatedField: false,
  project: 'general',
  afterTheFact: false,
  wetlandType: '3',
};

async function rank(data: string) {
  const scenario = path.join(work, 'scenario.json');
  await writeFile(scenario, JSON.stringify({ impact: IMPACT }));
  const { status, stdout, stderr } = await runCli([
    'rank',
    scenario,
    '--data',
    data,
    '--today',
    '2026-12-02',
  ]);
  expect(stderr).not.toMatch(/error/i);
  expect(status).toBe(0);
  return JSON.parse(stdout);
}

describe('rank with a scenario that has no candidates: the built banks with their credits', () => {
  it("carries withdrawals per year and years of supply per bank, derived from the build's ledger (#21 item 4)", async () => {
    const out = await rank(current);
    expect(out.ledgerSupply.derivedFrom).toBe(
      'Derived from the RIBITS ledger, withdrawals 2021-12-01 to 2026-12-01 (5 years, or since a bank’s first ledger entry when later), as of 2026-12-01',
    );
    expect(out.ledgerSupply.banks).toHaveLength(1);
    const [row] = out.ledgerSupply.banks[0].rows;
    expect(out.ledgerSupply.banks[0].siteId).toBe('bank-a');
    expect(Math.round(row.perYear * 100) / 100).toBe(1);
    // bank-a's pools are BWSR acres, not RIBITS credits: no years of supply, and the reason.
    expect(row.yearsOfSupply).toBeNull();
    expect(row.reason).toMatch(/no available figure for State credits/);
    expect((await rank(stale)).ledgerSupply.none).toMatch(/^No RIBITS ledger in this build/);
  });

  it('ranks every built bank, units as stored (not located again) while the manifest says they are current', async () => {
    const out = await rank(current);
    expect(out.candidatesFrom).toBe('built banks (sites.fgb)');
    const byId = new Map(out.candidates.map((c: { id: string }) => [c.id, c]));
    expect([...byId.keys()].sort()).toEqual(['bank-a', 'bank-none', 'bank-short', 'bank-zero']);
    expect((byId.get('bank-none') as { units: { minorWatershed: string } }).units.minorWatershed).toBe(
      '41002',
    );
  });

  it('carries each pool apart with available credits, unit, approval, source and as-of; stale past 90 days', async () => {
    const out = await rank(current);
    const a = out.candidates.find((c: { id: string }) => c.id === 'bank-a');
    expect(
      a.credits.pools.map((p: CreditPool) => [p.available, p.unit, p.approval, p.source, p.row, p.asOf]),
    ).toEqual([
      [5, 'acres', 'wca-and-404', 'listing.csv', 2, '2026-11-01'],
      [4, 'acres', 'wca-only', 'listing.csv', 3, '2026-11-01'],
    ]);
    expect(a.credits.stale).toBe(false);
    const short = out.candidates.find((c: { id: string }) => c.id === 'bank-short');
    expect(short.credits.pools[0].stale).toBe(true);
    expect(short.reasons.map((r: { text: string }) => r.text).join(' ')).toContain(
      'covers 0.5 of the 2 acres required',
    );
    expect(out.credits.loaded).toBe(true);
    expect(out.credits.notice).toContain('conditional upon withdrawal of the credits by the board');
  });

  it('lists the zero-balance bank apart (Minn. R. 8420.0745) and a bank no listing names as not known', async () => {
    const out = await rank(current);
    const zero = out.candidates.find((c: { id: string }) => c.id === 'bank-zero');
    expect(zero.status).toBe('ineligible');
    expect(zero.ladderRank).toBeNull();
    expect(out.candidates.at(-1).id).toBe('bank-zero');
    const none = out.candidates.find((c: { id: string }) => c.id === 'bank-none');
    expect(none.status).toBe('eligible');
    expect(none.credits).toMatchObject({ loaded: true, pools: [] });
  });

  it('locates the banks itself over other layers; with no credits.json every bank says credits are not loaded', async () => {
    const out = await rank(stale);
    const none = out.candidates.find((c: { id: string }) => c.id === 'bank-none');
    expect(none.units.minorWatershed).toBe('41001');
    expect(out.credits.loaded).toBe(false);
    expect(out.credits.message).toMatch(/^Credits not loaded/);
    for (const c of out.candidates) expect(c.credits).toMatchObject({ loaded: false, pools: [] });
  });
});

describe('batch without --candidates: the built banks, their credit columns', () => {
  it('writes available credits, unit, approval, source and as-of per bank, pools apart', async () => {
    const impacts = path.join(work, 'impacts.csv');
    await writeFile(
      impacts,
      'id,lon,lat,acres,land,cultivatedField,project,afterTheFact,wetlandType\ni1,-92.7,44.05,1,nonagricultural,false,general,false,3\n',
    );
    const { status, stdout, stderr } = await runCli([
      'batch',
      impacts,
      '--data',
      current,
      '--today',
      '2026-12-02',
    ]);
    expect(stderr).not.toMatch(/error/i);
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(-5)).toEqual([
      'creditsAvailable',
      'creditUnit',
      'creditApproval',
      'creditSource',
      'creditsAsOf',
    ]);
    const row = (id: string) => lines.find((line) => line.includes(`,${id},bank,`)) ?? '';
    expect(row('bank-a')).toMatch(
      /,5; 4,acres; acres,wca-and-404; wca-only,listing\.csv row 2; listing\.csv row 3,2026-11-01; 2026-11-01$/,
    );
    expect(row('bank-short')).toMatch(/,21780,square-feet,wca-and-404,listing\.csv row 5,2026-01-05$/);
    expect(row('bank-none')).toMatch(/,,,,no listing row,$/);
    expect(lines.at(-1)).toContain(',bank-zero,bank,ineligible,');
    expect(row('bank-short')).toContain('stale: 331 days');
  });

  it('with no credits.json: "credits not loaded", no figure', async () => {
    const impacts = path.join(work, 'impacts.csv');
    const { status, stdout } = await runCli(['batch', impacts, '--data', stale, '--today', '2026-12-02']);
    expect(status).toBe(0);
    const bankRows = stdout.trim().split('\n').slice(1);
    expect(bankRows).toHaveLength(4);
    for (const line of bankRows) expect(line).toMatch(/,,,,credits not loaded,$/);
  });
});
