import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataDir } from '../../../src/cli/dataDir.ts';
import { normaliseBankName } from '../../../src/formats/credits/normaliseBankName.ts';
import { parseCsv } from '../../../src/formats/csv/parseCsv.ts';
import { parseLedgerExportsFile } from '../../../src/formats/ledgers/ledgerExportsFile.ts';
import { type BankEntry, parseBanksFile } from '../../../src/formats/ribits/banksFile.ts';
import { runCli } from './runCli.ts';

/**
 * Issue 34's held-out check, done here: a ledger export in RIBITS's "Transactions by Watershed"
 * shape with withdrawals, a release, a HUC12, a blank HUC and a bank not in the build, stored in
 * a build with `npm run data -- --ledger` and given to `siting flows --ledger`; the figures of
 * three majors are worked out below from each bank's location, located here. Invented
 * transactions (the bank names are the 2020 snapshot's; no figure is RIBITS's).
 */
const REPO = new URL('../../../', import.meta.url).pathname;
let work: string;
let stored: string; // built with --ledger
let plain: string; // the same build without its stored ledger
let ledgerFile: string;
let banks: { a: BankEntry; b: BankEntry; c: BankEntry };
let units: Record<'a' | 'b' | 'c', { major: number; bsa: number; huc8: string }>;

function npmRun(
  args: string[],
  out: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['--prefix', REPO, 'run', '--silent', 'data', '--', ...args], {
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

const HEADER =
  'Name,Bank ID,State List,Impact HUC,Credits,Transaction Date,Permittee,Is ILF,Transaction Type,Jurisdiction,Transaction ID';

/** The fixture ledger: A and B in one BSA but different majors, C in another BSA. */
function ledgerRows(): string[] {
  const { a, b, c } = banks;
  const q = (s: string) => `"${s.replaceAll('"', '""')}"`;
  return [
    `${q(a.name)},,MN,${units.a.huc8},1.5,03/02/2020,Example City,No,Withdrawal,State,101`,
    // B by its name in capitals (joined by the normalised name); the impact as a HUC12 of A's major.
    `${q(b.name.toUpperCase())},,MN,${units.a.huc8}0101,2.25,04/15/2021,,No,Withdrawal,State,102`,
    `${q(c.name)},,MN,${units.a.huc8},-0.5,05/01/2022,,No,Withdrawal,State,103`,
    `${q(a.name)},,MN,${units.c.huc8},2,06/01/2022,,No,Withdrawal,State,104`,
    `${q(a.name)},,MN,${units.a.huc8},4,07/01/2023,,No,Withdrawal,Federal,105`,
    `${q(a.name)},,MN,,10,01/01/2019,,No,Release,State,106`,
    `${q(a.name)},,MN,,0.75,08/01/2023,,No,Withdrawal,State,107`,
    `MN - Nowhere - S1-9999 * Invented Bank Not In Any Build,,MN,${units.b.huc8},3,09/01/2023,,No,Withdrawal,State,108`,
  ];
}

// Worked out from the banks' located units (A and B in one BSA, different majors; C in another BSA).
const expected = () => ({
  [`${units.a.major}|State`]: {
    creditsWithdrawnForImpactsHere: 4.25,
    fromBanksInThisMajor: 1.5,
    fromBanksElsewhereInThisBsa: 2.25,
    fromBanksInOtherBsas: 0.5,
    fromBanksNotLocated: 0,
    creditsSoldHereForImpactsElsewhere: 2,
    withdrawals: 4,
    from: '2020-03-02',
    to: '2022-06-01',
  },
  [`${units.a.major}|Federal`]: {
    creditsWithdrawnForImpactsHere: 4,
    fromBanksInThisMajor: 4,
    fromBanksElsewhereInThisBsa: 0,
    fromBanksInOtherBsas: 0,
    fromBanksNotLocated: 0,
    creditsSoldHereForImpactsElsewhere: 0,
    withdrawals: 1,
    from: '2023-07-01',
    to: '2023-07-01',
  },
  [`${units.b.major}|State`]: {
    creditsWithdrawnForImpactsHere: 3,
    fromBanksInThisMajor: 0,
    fromBanksElsewhereInThisBsa: 0,
    fromBanksInOtherBsas: 0,
    fromBanksNotLocated: 3,
    creditsSoldHereForImpactsElsewhere: 2.25,
    withdrawals: 2,
    from: '2021-04-15',
    to: '2023-09-01',
  },
  [`${units.c.major}|State`]: {
    creditsWithdrawnForImpactsHere: 2,
    fromBanksInThisMajor: 0,
    fromBanksElsewhereInThisBsa: 0,
    fromBanksInOtherBsas: 2,
    fromBanksNotLocated: 0,
    creditsSoldHereForImpactsElsewhere: 0.5,
    withdrawals: 2,
    from: '2022-05-01',
    to: '2022-06-01',
  },
});

/** The CSV as records keyed by `major|jurisdiction`, figures as numbers. */
function byKey(csv: string): Record<string, Record<string, string | number>> {
  const [header, ...rows] = parseCsv(csv);
  return Object.fromEntries(
    rows.map((cells) => {
      const record = Object.fromEntries(
        header!.map((h, i) => [h, /^-?\d+(\.\d+)?$/.test(cells[i]!) ? Number(cells[i]) : cells[i]!]),
      );
      return [`${record.major ?? record.bsa}|${record.jurisdiction}`, record];
    }),
  );
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'siting-flows-'));
  stored = join(work, 'stored');
  plain = join(work, 'plain');
  // A first build without a ledger, to find the banks and where they lie.
  const first = await npmRun([], plain);
  expect(first.status, first.stderr).toBe(0);
  const all = parseBanksFile(JSON.parse(readFileSync(join(plain, 'banks.json'), 'utf8'))).banks;
  const data = await openDataDir(plain);
  const hucOf = new Map<number, string>();
  for await (const f of data.source.features(data.manifest.layers.majorWatersheds!.file, {
    minX: -180,
    minY: -90,
    maxX: 180,
    maxY: 90,
  }))
    hucOf.set(Number(f.properties?.id), String(f.properties?.huc8));
  const names = new Map<string, number>();
  for (const bank of all)
    names.set(normaliseBankName(bank.name), (names.get(normaliseBankName(bank.name)) ?? 0) + 1);
  const located: { bank: BankEntry; major: number; bsa: number; huc8: string }[] = [];
  for (const bank of all) {
    if (!bank.location || names.get(normaliseBankName(bank.name)) !== 1 || bank.bwsrAccount === null)
      continue;
    const found = await data.locate(bank.location);
    if (!found.majorWatershed || !found.bankServiceArea || found.majorWatershed.onBoundary) continue;
    const major = found.majorWatershed.id;
    located.push({ bank, major, bsa: found.bankServiceArea.id, huc8: hucOf.get(major)! });
  }
  const a = located[0]!;
  const b = located.find((l) => l.bsa === a.bsa && l.major !== a.major)!;
  const c = located.find((l) => l.bsa !== a.bsa)!;
  expect([a, b, c].every(Boolean)).toBe(true);
  banks = { a: a.bank, b: b.bank, c: c.bank };
  units = {
    a: { major: a.major, bsa: a.bsa, huc8: a.huc8 },
    b: { major: b.major, bsa: b.bsa, huc8: b.huc8 },
    c: { major: c.major, bsa: c.bsa, huc8: c.huc8 },
  };
  ledgerFile = join(work, 'transactions-by-watershed.csv');
  writeFileSync(ledgerFile, `${[HEADER, ...ledgerRows()].join('\r\n')}\r\n`);
  utimesSync(ledgerFile, new Date('2026-05-09T10:00:00Z'), new Date('2026-05-09T10:00:00Z'));
  const built = await npmRun(['--ledger', ledgerFile], stored);
  expect(built.status, built.stderr).toBe(0);
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('siting flows --ledger FILE (issue 34, the held-out check)', () => {
  it('prints exactly the issue’s header and the figures of three majors worked out from the banks’ locations', async () => {
    const { status, stdout, stderr } = await runCli(['flows', '--ledger', ledgerFile, '--data', plain]);
    expect(status, stderr).toBe(0);
    expect(stdout.split('\r\n')[0]).toBe(
      'major,name,jurisdiction,creditsWithdrawnForImpactsHere,fromBanksInThisMajor,fromBanksElsewhereInThisBsa,fromBanksInOtherBsas,fromBanksNotLocated,creditsSoldHereForImpactsElsewhere,withdrawals,from,to',
    );
    const rows = byKey(stdout);
    expect(Object.keys(rows).sort()).toEqual(Object.keys(expected()).sort());
    for (const [key, figures] of Object.entries(expected())) expect(rows[key], key).toMatchObject(figures);
  });

  it('says on stderr what it could not count: the bank not in the build, the blank HUC, the release', async () => {
    const { stderr } = await runCli(['flows', '--ledger', ledgerFile, '--data', plain]);
    expect(stderr).toContain('siting: demonstration geography — not official');
    expect(stderr).toContain(
      'siting flows: bank not in the build: transactions-by-watershed.csv, row 9: Withdrawal of 3 credits, "MN - Nowhere - S1-9999 * Invented Bank Not In Any Build"',
    );
    expect(stderr).toContain(
      'siting flows: withdrawal without an impact HUC: transactions-by-watershed.csv, row 8',
    );
    expect(stderr).toContain('siting flows: skipped 1 "Release" transaction (only withdrawals count)');
    expect(stderr).toContain('file dated 2026-05-09');
  });

  it('by BSA folds A’s and B’s majors into one BSA', async () => {
    const { status, stdout } = await runCli([
      'flows',
      '--ledger',
      ledgerFile,
      '--data',
      plain,
      '--by',
      'bsa',
    ]);
    expect(status).toBe(0);
    expect(stdout.split('\r\n')[0]).toBe(
      'bsa,name,jurisdiction,creditsWithdrawnForImpactsHere,fromBanksInThisBsa,fromBanksInOtherBsas,fromBanksNotLocated,creditsSoldHereForImpactsElsewhere,withdrawals,from,to',
    );
    // Impacts in A's BSA: 1.5 + 2.25 (A, B) + 0.5 (C) + 3 (not located, in B's major).
    expect(byKey(stdout)[`${units.a.bsa}|State`]).toMatchObject({
      creditsWithdrawnForImpactsHere: 7.25,
      fromBanksInThisBsa: 3.75,
      fromBanksInOtherBsas: 0.5,
      fromBanksNotLocated: 3,
      creditsSoldHereForImpactsElsewhere: 2,
    });
  });

  it('applies --from and --to', async () => {
    const { stdout } = await runCli([
      'flows',
      '--ledger',
      ledgerFile,
      '--data',
      plain,
      '--from',
      '2021-01-01',
      '--to',
      '12/31/2021',
    ]);
    expect(byKey(stdout)[`${units.a.major}|State`]).toMatchObject({
      creditsWithdrawnForImpactsHere: 2.25,
      fromBanksElsewhereInThisBsa: 2.25,
      from: '2021-01-01',
      to: '2021-12-31',
    });
  });

  it('with no ledger prints the header alone and says how to get one', async () => {
    const { status, stdout, stderr } = await runCli(['flows', '--data', plain]);
    expect(status).toBe(0);
    expect(parseCsv(stdout)).toHaveLength(1);
    expect(stderr).toContain('no RIBITS ledger');
    expect(stderr).toContain('--ledger FILE');
  });

  it('refuses bad rows (exit 2) naming file, row and column, and counts the good ones with --skip-bad-rows', async () => {
    const bad = join(work, 'bad.csv');
    writeFileSync(
      bad,
      `${[HEADER, ...ledgerRows(), 'X,,MN,07010101,lots,01/01/2020,,No,Withdrawal,State,200'].join('\n')}\n`,
    );
    const refused = await runCli(['flows', '--ledger', bad, '--data', plain]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('bad.csv, row 10, column "Credits": "lots" is not a number');
    const skipped = await runCli(['flows', '--ledger', bad, '--data', plain, '--skip-bad-rows']);
    expect(skipped.status).toBe(0);
    expect(byKey(skipped.stdout)[`${units.a.major}|State`]).toMatchObject({
      creditsWithdrawnForImpactsHere: 4.25,
    });
  });
});

describe('npm run data -- --ledger FILE stores the ledger in the build', () => {
  it('writes ledger-exports.json and names it in the manifest, and flows reads it with the same figures', async () => {
    const manifest = JSON.parse(readFileSync(join(stored, 'manifest.json'), 'utf8'));
    expect(manifest.ledgerExports).toMatchObject({
      file: 'ledger-exports.json',
      transactions: 8,
      unmatchedRows: 1,
      exports: [{ file: 'transactions-by-watershed.csv', asOf: '2026-05-09' }],
      inputs: { files: [{ path: ledgerFile }], skipBadRows: false },
    });
    const file = parseLedgerExportsFile(
      JSON.parse(readFileSync(join(stored, 'ledger-exports.json'), 'utf8')),
    );
    expect(file.transactions.filter((t) => t.siteId !== null)).toHaveLength(7);
    const { stdout } = await runCli(['flows', '--data', stored]);
    const rows = byKey(stdout);
    for (const [key, figures] of Object.entries(expected())) expect(rows[key], key).toMatchObject(figures);
  });

  it('takes a transaction given again with --ledger once', async () => {
    const { stdout, stderr } = await runCli(['flows', '--data', stored, '--ledger', ledgerFile]);
    expect(stderr).toContain('8 transactions in more than one ledger taken once');
    expect(byKey(stdout)[`${units.b.major}|State`]).toMatchObject({ fromBanksNotLocated: 3 });
  });
});
