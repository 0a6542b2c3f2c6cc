import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCreditsFile } from '../../../src/formats/credits/creditsFile.ts';
import { parseBanksFile } from '../../../src/formats/ribits/banksFile.ts';

const REPO = new URL('../../../', import.meta.url).pathname;
const SNAPSHOT = join(REPO, '..', 'shared', 'data', 'banks', 'mn_wetland_banks_ribits_2020snapshot.geojson');
const HEADER =
  'Account Number,RIBITS Bank ID,Bank Name,County,Credit Type,Credit Subgroup,Plant Community,Circular 39 Type,Approval,Credits Available,Unit,Price per Credit,Contact,As Of Date';

let work: string;
let out: string;

/** `npm run <script> -- args` as a planner types it, offline, with the mirror's 2020 snapshot, writing into `out`. */
function npmRun(
  script: string,
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Run from the work folder, as a planner would from theirs: a relative --credits is taken from there.
    const child = spawn('npm', ['--prefix', REPO, 'run', '--silent', script, '--', ...args], {
      cwd: work,
      env: { ...process.env, SITING_DATA_OFFLINE: '1', SITING_DATA_OUT: out },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A listing file in the work folder, with a fixed modification time (its "own date"). */
function listing(name: string, rows: string[], header = HEADER): string {
  const path = join(work, name);
  writeFileSync(path, `${[header, ...rows].join('\r\n')}\r\n`);
  utimesSync(path, new Date('2026-05-09T10:00:00Z'), new Date('2026-05-09T10:00:00Z'));
  return path;
}

// Invented figures, for these tests only; the accounts and names are the snapshot's.
const GOOD = [
  '1545,,EIP Mississippi I Mitigation Bank,Aitkin,Standard,A,,,WCA only,"12,500",sq ft,1.25,,',
  '1545,,EIP Mississippi I Mitigation Bank,Aitkin,Standard,A,,,404 only,3000,sq ft,,,',
  'T1631,,EIP Mississippi 1,Aitkin,Standard,,,,both,0.25,acres,,,2026-04-15',
  '1443,,Brink Farm Bank (Phase I),Itasca,Standard,,,,WCA only,40,sq ft,,,',
  '1999,,Nowhere Wetland Bank,Hennepin,Standard,,,,WCA only,10,sq ft,,,',
];
const BAD = '1443,,Brink Farms Bank (Phase II),Itasca,Standard,,,,WCA only,-5,sq ft,,,';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'siting-credits-cli-'));
  out = join(work, 'data');
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.runIf(existsSync(SNAPSHOT))('npm run data -- --credits (offline, the 2020 snapshot)', () => {
  it('refuses bad rows with exit 2, naming file, row and column, before building anything', async () => {
    const run = await npmRun('data', ['--credits', listing('bwsr.csv', [...GOOD, BAD])]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Credit listings: 1 bad row; nothing was built.');
    expect(run.stderr).toContain('bwsr.csv, row 7, column "Credits Available": "-5" is negative');
    expect(run.stderr).toContain('--skip-bad-rows');
    expect(existsSync(join(out, 'manifest.json'))).toBe(false);
  }, 60_000);

  it('refuses a listing without a required column with exit 2, naming file, row and column', async () => {
    const run = await npmRun('data', [
      '--credits',
      listing(
        'short.csv',
        ['1545,EIP,Standard,WCA only,sq ft'],
        'Account Number,Bank Name,Credit Type,Approval,Unit',
      ),
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('short.csv, row 1: no "Credits Available" column');
  }, 60_000);

  it('with --skip-bad-rows and --as-of: builds credits.json for the snapshot banks, names unmatched and skipped rows', async () => {
    const run = await npmRun('data', ['--credits', 'bwsr.csv', '--as-of', '2026-05-01', '--skip-bad-rows']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('credits: skipping 1 bad row (--skip-bad-rows):');
    expect(run.stdout).toContain(
      'credits: unmatched — bwsr.csv, row 6: no bank has account 1999, the name "Nowhere Wetland Bank"',
    );
    expect(run.stdout).toMatch(
      /credits\.json: 4 credit pools for 3 banks from 1 listing; 1 rows matched no bank \(named above\); 1 bad rows skipped/,
    );
    const credits = parseCreditsFile(JSON.parse(readFileSync(join(out, 'credits.json'), 'utf8')));
    expect(Object.keys(credits.banks).sort()).toEqual(['ribits-10', 'ribits-11', 'ribits-124']);
    expect(
      credits.banks['ribits-10']!.pools.map((p) => [
        p.approval,
        p.available,
        p.unit,
        p.source,
        p.asOf,
        p.asOfFrom,
      ]),
    ).toEqual([
      ['wca-only', 12500, 'square-feet', 'bwsr.csv', '2026-05-01', 'user'],
      ['404-only', 3000, 'square-feet', 'bwsr.csv', '2026-05-01', 'user'],
    ]);
    expect(credits.banks['ribits-11']!.pools[0]).toMatchObject({
      approval: 'wca-and-404',
      unit: 'acres',
      asOf: '2026-04-15',
      asOfFrom: 'file',
    });
    expect(credits.skippedBadRows).toEqual([
      expect.objectContaining({ file: 'bwsr.csv', row: 7, column: 'Credits Available' }),
    ]);
    const banks = parseBanksFile(JSON.parse(readFileSync(join(out, 'banks.json'), 'utf8')));
    expect(banks).toMatchObject({ source: 'ribits-2020-snapshot', retrieved: null });
    expect(banks.banks).toHaveLength(293);
    expect(banks.banks.find((b) => b.siteId === 'ribits-11')).toMatchObject({
      bwsrAccount: 'T1631',
      bwsrSite: 'S5616',
      locationFrom: 'snapshot',
      ribitsBankId: null,
    });
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.credits.inputs).toEqual({
      files: [{ path: join(work, 'bwsr.csv'), bytes: expect.any(Number), mtime: '2026-05-09T10:00:00.000Z' }],
      asOf: '2026-05-01',
      skipBadRows: true,
    });
  }, 180_000);

  it('data:ensure remembers the listings (same inputs: up to date) and keeps the build when a listing changed', async () => {
    // Up to date means the stored --credits, --as-of and --skip-bad-rows hash exactly as they did
    // when typed: data:ensure rebuilds from them (resolveBuildOptions with storedCredits) when the code changes.
    const same = await npmRun('data:ensure', []);
    expect(same.stdout).toContain('Data layers are up to date');
    utimesSync(join(work, 'bwsr.csv'), new Date(), new Date());
    const changed = await npmRun('data:ensure', []);
    expect(changed.stdout).toContain(
      `Data layers were built with credit listings that are gone or changed (${join(work, 'bwsr.csv')}); keeping that build`,
    );
    expect(
      parseCreditsFile(JSON.parse(readFileSync(join(out, 'credits.json'), 'utf8'))).banks['ribits-10'],
    ).toBeDefined();
  }, 60_000);
});
