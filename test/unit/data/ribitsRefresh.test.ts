import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acquireRibitsSites } from '../../../data/lib/acquireRibitsSites.ts';
import { fetchRibitsBanks, RibitsRefreshError } from '../../../data/lib/fetchRibitsBanks.ts';
import { loadSources, type SourcesFile } from '../../../data/lib/loadSources.ts';
import { readRibitsSnapshot } from '../../../data/lib/ribitsSnapshotStore.ts';
import { runPipeline } from '../../../data/lib/runPipeline.ts';
import { parseCreditsFile } from '../../../src/formats/credits/creditsFile.ts';
import { PipelineError } from '../../../src/formats/PipelineError.ts';
import { parseBanksFile } from '../../../src/formats/ribits/banksFile.ts';
import { makeShapefileZip } from '../../fixtures/data/makeShapefileZip.ts';
import { type LoopbackServer, square, startLoopbackServer } from '../../fixtures/data/startLoopbackServer.ts';
import { MINNESOTA_FIXTURE_BANKS, OTHER_FIXTURE_BANKS } from '../../fixtures/ribits/ribitsFixtures.ts';
import {
  type RibitsFault,
  type RibitsStandIn,
  startRibitsStandIn,
} from '../../fixtures/ribits/startRibitsStandIn.ts';

const REPO = new URL('../../../', import.meta.url).pathname;
const FAST = { timeoutMs: 1500, retries: 1, retryDelayMs: 10 };
let ribits: RibitsStandIn;
let work: string;

beforeAll(async () => {
  ribits = await startRibitsStandIn([...OTHER_FIXTURE_BANKS, ...MINNESOTA_FIXTURE_BANKS], { delayMs: 20 });
  work = mkdtempSync(join(tmpdir(), 'siting-ribits-'));
});
afterAll(async () => {
  await ribits.close();
  rmSync(work, { recursive: true, force: true });
});
afterEach(() => {
  ribits.faults.clear();
  ribits.requests.length = 0;
});

describe('fetchRibitsBanks against the loopback stand-in', () => {
  it('reads the list once, then each Minnesota bank with one q= value asking for service area, footprint, contacts and ledger', async () => {
    const lines: string[] = [];
    const refresh = await fetchRibitsBanks({
      baseUrl: ribits.baseUrl,
      concurrency: 2,
      log: (l) => lines.push(l),
    });
    expect(refresh.records.map((r) => r.bankId)).toEqual([2002, 6076, 5329, 6981, 1172, 3565, 1664]);
    expect(refresh).toMatchObject({ listed: 11, requests: 8, retries: 0, concurrency: 2 });
    expect(ribits.requests[0]).toEqual({ path: '/ords/RI/public/bank_site_list/', q: null });
    expect(ribits.requests.slice(1).map((r) => r.q)).toEqual(
      MINNESOTA_FIXTURE_BANKS.map((b) => ({
        bank_id: b.id,
        show_service_area: 'Yes',
        show_footprint: 'Yes',
        show_contacts: 'Yes',
        show_ledger: 'Yes',
      })),
    );
    expect(ribits.maxInFlight).toBe(2);
    expect(lines[0]).toBe('RIBITS: 11 banks listed, 7 named "MN - …"; reading their details 2 at a time');
    expect(lines.at(-1)).toMatch(/^RIBITS: 7\/7 Minnesota banks read \(8 requests, 0 retried, \d+\.\d s\)$/);
  });

  it('retries a 503 and goes on', async () => {
    ribits.faults.set(1172, 'once-503');
    const refresh = await fetchRibitsBanks({ baseUrl: ribits.baseUrl, ...FAST });
    expect(refresh.records).toHaveLength(7);
    expect(refresh.retries).toBe(1);
  });

  it.each<[RibitsFault, 'list' | number, RibitsRefreshError['kind'], RegExp]>([
    [
      'html',
      'list',
      'html',
      /^RIBITS bank_site_list \(http:.*\): answered an HTML page \(HTTP 200: "RIBITS is down for maintenance"\), not JSON$/,
    ],
    [
      'html-503',
      5329,
      'html',
      /^RIBITS bank 5329 "MN - Wright - 1800 - Engstrom Crow River Corridor Wetland Bank" \(bank_site_data\): answered an HTML page \(HTTP 503/,
    ],
    [
      'http-500',
      6076,
      'http',
      /^RIBITS bank 6076 "MN - {2}Aitkin - S5616-T1729 .*" \(bank_site_data\): answered HTTP 500/,
    ],
    [
      'timeout',
      1664,
      'timeout',
      /^RIBITS bank 1664 "MN - Scott - S1786-1090T \^ {2}Mdew\. Sx" \(bank_site_data\): no answer within 1\.5 s$/,
    ],
    [
      'schema',
      2002,
      'schema',
      /^bank 2002 \(bank_site_data for "MN - Aitkin - S5616-1545 .*"\): no "ITEMS" array$/,
    ],
    [
      'schema',
      'list',
      'schema',
      /^RIBITS bank_site_list \(.*\): none of its 0 banks is named "MN - <county> - …"/,
    ],
    ['not-json', 3565, 'json', /^RIBITS bank 3565 .*: the answer is not JSON \("this is not JSON"\)$/],
  ])('fails with %s at %s, naming the bank or request (%#)', async (fault, target, kind, message) => {
    ribits.faults.set(target, fault);
    const failure = await fetchRibitsBanks({ baseUrl: ribits.baseUrl, ...FAST }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RibitsRefreshError);
    expect(failure).toMatchObject({ kind, bankId: target === 'list' ? null : target });
    expect((failure as Error).message).toMatch(message);
  });

  it('refuses an answer past its size bound', async () => {
    const failure = await fetchRibitsBanks({ baseUrl: ribits.baseUrl, maxDetailBytes: 500, ...FAST }).catch(
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ kind: 'size', bankId: 2002 });
  });
});

describe('acquireRibitsSites keeps the last good snapshot on every kind of failure', () => {
  const cachePath = () => join(work, 'cache', 'ribits-banks.json');

  it('writes the snapshot after a good refresh', async () => {
    const lines: string[] = [];
    const got = await acquireRibitsSites({
      baseUrl: ribits.baseUrl,
      cachePath: cachePath(),
      log: (l) => lines.push(l),
      ...FAST,
    });
    expect(got).toMatchObject({ refreshFailure: null });
    expect(got!.records).toHaveLength(7);
    expect(readRibitsSnapshot(cachePath()).snapshot?.records.map((r) => r.bankId)).toEqual([
      2002, 6076, 5329, 6981, 1172, 3565, 1664,
    ]);
    expect(lines.at(-1)).toMatch(
      /^sites: RIBITS refreshed — 7 Minnesota banks in \d+\.\d s \(8 requests, 0 retried\)$/,
    );
  });

  it.each<[RibitsFault, 'list' | number]>([
    ['html', 'list'],
    ['http-500', 2002],
    ['timeout', 6076],
    ['schema', 1172],
    ['not-json', 'list'],
  ])(
    'after %s at %s: the last good refresh, labelled with its date and today’s error',
    async (fault, target) => {
      const before = readFileSync(cachePath(), 'utf8');
      const retrieved = JSON.parse(before).retrieved as string;
      ribits.faults.set(target, fault);
      const lines: string[] = [];
      const now = new Date('2030-01-02T03:04:05Z');
      const got = await acquireRibitsSites({
        baseUrl: ribits.baseUrl,
        cachePath: cachePath(),
        log: (l) => lines.push(l),
        now,
        ...FAST,
      });
      expect(got!.records).toHaveLength(7);
      expect(got!.retrieved).toBe(retrieved);
      expect(got!.refreshFailure).toEqual({
        at: '2030-01-02T03:04:05.000Z',
        error: expect.stringContaining(target === 'list' ? 'bank_site_list' : `bank ${target}`),
      });
      expect(lines.filter((l) => l.startsWith('sites:'))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^sites: RIBITS refresh failed — .*; keeping the last good refresh of ${retrieved.slice(0, 10)} \\(7 Minnesota banks\\)$`,
          ),
        ),
      ]);
      expect(readFileSync(cachePath(), 'utf8')).toBe(before); // the failed refresh wrote nothing
    },
  );

  it('treats a bank status the sites schema does not know as a changed schema, keeping the last good refresh', async () => {
    const odd = await startRibitsStandIn([{ ...MINNESOTA_FIXTURE_BANKS[0]!, status: 'Closed' }]);
    try {
      const lines: string[] = [];
      const got = await acquireRibitsSites({
        baseUrl: odd.baseUrl,
        cachePath: cachePath(),
        log: (l) => lines.push(l),
        ...FAST,
      });
      expect(got!.refreshFailure?.error).toBe(
        'RIBITS bank 2002 "MN - Aitkin - S5616-1545 * EIP Mississippi I Mitigation Bank (previously Gilbertson/Haywire Pt Palisade Miss II)(includes Ag credits for T1738)": BANK_STATUS "Closed" is not one of Approved, Sold-Out, Pending, Terminated, Withdrawn, Suspended',
      );
      expect(got!.records).toHaveLength(7);
    } finally {
      await odd.close();
    }
  });

  it('with no snapshot: an unreachable service leaves the layer out in one line; a changed schema fails the build', async () => {
    const lines: string[] = [];
    ribits.faults.set('list', 'http-500');
    expect(
      await acquireRibitsSites({
        baseUrl: ribits.baseUrl,
        cachePath: join(work, 'none.json'),
        log: (l) => lines.push(l),
        ...FAST,
      }),
    ).toBeNull();
    expect(lines).toEqual([
      expect.stringMatching(
        /^sites: official source unavailable — RIBITS bank_site_list .*answered HTTP 500.*; no earlier RIBITS refresh is kept, so the sites layer is left out$/,
      ),
    ]);
    ribits.faults.set('list', 'schema');
    await expect(
      acquireRibitsSites({
        baseUrl: ribits.baseUrl,
        cachePath: join(work, 'none.json'),
        log: () => {},
        ...FAST,
      }),
    ).rejects.toThrow(PipelineError);
  });

  it('never builds from a list with no Minnesota bank', async () => {
    const empty = await startRibitsStandIn(OTHER_FIXTURE_BANKS);
    try {
      const failure = await fetchRibitsBanks({ baseUrl: empty.baseUrl, ...FAST }).catch((e: unknown) => e);
      expect(failure).toMatchObject({ kind: 'schema' });
      expect((failure as Error).message).toMatch(/none of its 4 banks is named "MN - <county> - …"/);
    } finally {
      await empty.close();
    }
  });
});

// --- the whole build, online, against loopback services ---------------------------------------
const MAJORS = [
  {
    properties: {
      MAJOR: 20,
      MAJOR_NAME: 'Fixture major 20',
      HUC8: '07010206',
      BASIN_NAME: 'Upper Mississippi',
    },
    rings: [square(460000, 4970000, 480000, 4990000)],
  },
  {
    properties: {
      MAJOR: 33,
      MAJOR_NAME: 'Fixture major 33',
      HUC8: '07020012',
      BASIN_NAME: 'Minnesota River',
    },
    rings: [square(440000, 4970000, 460000, 4990000)],
  },
];
const MINORS = [20001, 20002, 33001, 33002].map((id, i) => ({
  properties: { MINOR: id, MINOR_NAME: `Fixture minor ${id}`, MAJOR: Math.floor(id / 1000) },
  rings: [
    square([460000, 470000, 440000, 450000][i]!, 4970000, [470000, 480000, 450000, 460000][i]!, 4990000),
  ],
}));
const BSAS = [
  { rings: [square(440000, 4970000, 480000, 4990000)], attributes: { BSA: 7, BSA_NAME: 'Fixture BSA 7' } },
  { rings: [square(420000, 4970000, 440000, 4990000)], attributes: { BSA: 8, BSA_NAME: 'Fixture BSA 8' } },
];

describe('runPipeline online: sites from RIBITS, banks.json, and credit listings', () => {
  let arcgis: LoopbackServer;
  beforeAll(async () => {
    arcgis = await startLoopbackServer(
      [
        { name: 'Level 04 HUC 08 majors', features: MAJORS },
        { name: 'Level 07 minors', features: MINORS },
      ],
      { '/bsa.zip': makeShapefileZip('bsa', BSAS) },
    );
  });
  afterAll(() => arcgis.close());

  const sources = (): SourcesFile => {
    const s = loadSources(join(REPO, 'data', 'sources.json'), {});
    const l = s.layers;
    l.majorWatersheds.official = { ...l.majorWatersheds.official!, url: arcgis.featureServer };
    l.minorWatersheds.official = { ...l.minorWatersheds.official!, url: arcgis.featureServer };
    l.bankServiceAreas.official = { ...l.bankServiceAreas.official!, url: `${arcgis.origin}/bsa.zip` };
    l.state.official = { ...l.state.official!, url: `${arcgis.origin}/state.zip` };
    l.counties.official = { ...l.counties.official!, url: `${arcgis.origin}/counties.zip` };
    // The civil divisions' download too: never the real host (answers 404, so the gazetteer alone).
    const civil = s.placeNames!.civilDivisions!;
    civil.official = { ...civil.official!, url: `${arcgis.origin}/civil-divisions.zip` };
    l.majorWatersheds.expect = { min: 2, max: 2 };
    l.minorWatersheds.expect = { min: 4, max: 4 };
    l.bankServiceAreas.expect = { min: 2, max: 2 };
    return s;
  };
  const outDir = () => join(work, 'online');
  const build = (log: (l: string) => void, credits?: string[], asOf: string | null = null) =>
    runPipeline({
      sources: sources(),
      overridesPath: join(REPO, 'data', 'area-class-overrides.json'),
      outDir: outDir(),
      mirrorDir: null,
      offline: false,
      inputsHash: 'test',
      log,
      timeoutMs: 2000,
      ribits: {
        url: ribits.baseUrl,
        cachePath: join(work, 'pipeline-cache.json'),
        retries: 1,
        retryDelayMs: 10,
        timeoutMs: 1500,
      },
      ...(credits
        ? {
            credits: {
              files: credits.map((path) => ({ path, bytes: 0, mtime: '2026-05-09T10:00:00.000Z' })),
              asOf,
              skipBadRows: false,
            },
          }
        : {}),
    });
  const read = (file: string) => JSON.parse(readFileSync(join(outDir(), file), 'utf8'));

  it('builds sites from the refresh, describes every bank in banks.json, each service area once, and the ledgers', async () => {
    const lines: string[] = [];
    const manifest = await build((l) => lines.push(l));
    expect(manifest.layers.sites).toMatchObject({
      featureCount: 6,
      official: true,
      sourceUrl: ribits.baseUrl,
    });
    expect(manifest.layers.sites?.source).toMatch(
      /^USACE RIBITS public ORDS service: 7 Minnesota banks read \d{4}-\d\d-\d\d$/,
    );
    expect(lines).toContain(
      'sites: 1 of 7 RIBITS banks are not on the map (kept in banks.json): bank 6981 "MN - Wright - Buffalo Ridge" — RIBITS gives no point, footprint or service area',
    );
    const banks = parseBanksFile(read('banks.json'));
    expect(banks).toMatchObject({ source: 'ribits-refresh', refreshFailure: null });
    expect(banks.banks.map((b) => [b.siteId, b.bwsrAccount, b.locationFrom, b.onMap])).toEqual([
      ['ribits-2002', '1545', 'point', true],
      ['ribits-6076', 'T1729', 'footprint', true],
      ['ribits-5329', null, 'service-area', true],
      ['ribits-6981', null, null, false],
      ['ribits-1172', '1443', 'point', true],
      ['ribits-3565', '1443', 'point', true],
      ['ribits-1664', 'T1090', 'point', true],
    ]);
    expect(banks.banks[2]).toMatchObject({
      unlabelledNumber: '1800',
      statusDate: '2021-06-01',
      status: 'Pending',
      serviceAreaNames: ['BSA 7'],
    });
    const areas = read('ribits-service-areas.json');
    expect(areas.features.map((f: { properties: unknown }) => f.properties)).toEqual([
      { name: 'BSA 1', siteIds: ['ribits-2002'] },
      { name: 'BSA 7', siteIds: ['ribits-5329', 'ribits-1664'] },
    ]);
    expect(Object.keys(read('ribits-ledgers.json').ledgers)).toEqual(['ribits-2002']);
    expect(manifest.banks).toMatchObject({
      file: 'banks.json',
      count: 7,
      onMap: 6,
      serviceAreas: { count: 2 },
      ledgers: { banks: 1, entries: 1 },
    });
    expect(manifest.credits).toBeUndefined();
  });

  it('a refresh that lost banks fails the build: banks.json, the sites layer and the snapshot keep their bytes (issue 32 item 1)', async () => {
    const kept = ['banks.json', 'manifest.json', 'sites.fgb'].map((file) =>
      readFileSync(join(outDir(), file)),
    );
    const snapshot = readFileSync(join(work, 'pipeline-cache.json'));
    const drifted = await startRibitsStandIn([
      ...OTHER_FIXTURE_BANKS,
      ...MINNESOTA_FIXTURE_BANKS.map((bank, i) =>
        i === 0 ? bank : { ...bank, name: bank.name.replace(/^MN\s*-/, 'Minnesota:') },
      ),
    ]);
    try {
      const failure = await runPipeline({
        sources: sources(),
        overridesPath: join(REPO, 'data', 'area-class-overrides.json'),
        outDir: outDir(),
        mirrorDir: null,
        offline: false,
        inputsHash: 'test',
        log: () => {},
        timeoutMs: 2000,
        ribits: { url: drifted.baseUrl, cachePath: join(work, 'pipeline-cache.json'), ...FAST },
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PipelineError);
      expect((failure as Error).message).toContain('--accept-bank-drop');
    } finally {
      await drifted.close();
    }
    ['banks.json', 'manifest.json', 'sites.fgb'].forEach((file, i) => {
      expect(readFileSync(join(outDir(), file)).equals(kept[i] as Buffer), file).toBe(true);
    });
    expect(readFileSync(join(work, 'pipeline-cache.json')).equals(snapshot)).toBe(true);
  });

  it('joins a listing to the refreshed banks into credits.json; unmatched rows are named, not dropped', async () => {
    const listing = join(work, 'bwsr-listing.csv');
    // Invented figures, for this test only.
    writeFileSync(
      listing,
      [
        'Account Number,RIBITS Bank ID,Bank Name,Credit Type,Approval,Credits Available,Unit,As Of Date',
        'T1729,,EIP Mississippi I (MnDOT),Standard,both,0.5,acres,2026-04-15',
        '1545,,EIP Mississippi I Mitigation Bank,Standard,WCA only,"12,500",sq ft,',
        '1545,,EIP Mississippi I Mitigation Bank,Standard,404 only,3000,sq ft,',
        ',5329,Engstrom,Standard,WCA only,0,sq ft,',
        '1999,,Nowhere Wetland Bank,Standard,WCA only,10,sq ft,',
      ].join('\n'),
    );
    utimesSync(listing, new Date('2026-05-09T10:00:00Z'), new Date('2026-05-09T10:00:00Z'));
    const lines: string[] = [];
    const manifest = await build((l) => lines.push(l), [listing], '2026-05-01');
    const credits = parseCreditsFile(read('credits.json'));
    expect(Object.keys(credits.banks).sort()).toEqual(['ribits-2002', 'ribits-5329', 'ribits-6076']);
    expect(
      credits.banks['ribits-2002']!.pools.map((p) => [p.approval, p.available, p.unit, p.asOf, p.asOfFrom]),
    ).toEqual([
      ['wca-only', 12500, 'square-feet', '2026-05-01', 'user'],
      ['404-only', 3000, 'square-feet', '2026-05-01', 'user'],
    ]);
    expect(credits.banks['ribits-6076']!.pools[0]).toMatchObject({
      approval: 'wca-and-404',
      asOf: '2026-04-15',
      asOfFrom: 'file',
      matchedBy: 'bwsr-account',
    });
    expect(credits.banks['ribits-5329']!.pools[0]).toMatchObject({
      available: 0,
      matchedBy: 'ribits-bank-id',
    });
    expect(credits.unmatched).toEqual([
      expect.objectContaining({ row: 6, bankName: 'Nowhere Wetland Bank' }),
    ]);
    expect(lines).toContain(
      'credits: unmatched — bwsr-listing.csv, row 6: no bank has account 1999, the name "Nowhere Wetland Bank"',
    );
    expect(lines).toContain(
      'credits: bwsr-listing.csv (BWSR listing): 4 of 5 rows matched to banks, as of 2026-04-15 (stated in the file), 2026-05-01 (given with --as-of)',
    );
    expect(manifest.credits).toMatchObject({
      file: 'credits.json',
      banks: 3,
      pools: 4,
      unmatchedRows: 1,
      skippedBadRows: 0,
    });
    expect(manifest.credits?.inputs).toMatchObject({ asOf: '2026-05-01', skipBadRows: false });
  });

  it('keeps the last good refresh when RIBITS answers an HTML page, and says so in the manifest and banks.json', async () => {
    ribits.faults.set('list', 'html');
    const lines: string[] = [];
    const manifest = await build((l) => lines.push(l));
    expect(manifest.layers.sites?.featureCount).toBe(6);
    expect(manifest.layers.sites?.source).toMatch(
      /7 Minnesota banks read \d{4}-\d\d-\d\d \(the last good refresh, kept because the refresh of \d{4}-\d\d-\d\d failed: RIBITS bank_site_list .*answered an HTML page/,
    );
    expect(parseBanksFile(read('banks.json')).refreshFailure?.error).toMatch(/answered an HTML page/);
    expect(manifest.banks?.refreshFailure).not.toBeNull();
  });
});
