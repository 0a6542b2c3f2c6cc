import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditsFile } from '../../../src/formats/credits/creditsFile.ts';
import { countyName } from '../../../src/siting/index.ts';
import { bwsrPool } from '../../fixtures/credits/creditPools.ts';
import { runCli } from './runCli.ts';

/**
 * Issue 37, `siting application`: the default build's real banks (banks.json, their points in
 * sites.fgb) with an invented listing of pools of each approval (test figures only). Every field
 * is checked against what `locate` and `rank` give for the same scenario, and each refusal exits 2.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const IMPACT_AT: [number, number] = [-93.6, 46.2];
let work: string;
let data: string;
let scenario: string;
interface Bank {
  siteId: string;
  bwsrAccount: string | null;
  status: string | null;
  location: [number, number] | null;
}
let approved: Bank[];
let pending: Bank;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'application-cli-'));
  data = path.join(work, 'data');
  await cp(path.join(ROOT, 'public/data'), data, { recursive: true });
  const banks = (JSON.parse(await readFile(path.join(data, 'banks.json'), 'utf8')) as { banks: Bank[] })
    .banks;
  const near = (b: Bank) => Math.hypot(b.location![0] - IMPACT_AT[0], b.location![1] - IMPACT_AT[1]);
  const withAccount = banks
    .filter(
      (b) => b.bwsrAccount && b.location && banks.filter((o) => o.bwsrAccount === b.bwsrAccount).length === 1,
    )
    .sort((a, b) => near(a) - near(b));
  approved = withAccount.filter((b) => b.status === 'Approved').slice(0, 3);
  pending = withAccount.find((b) => b.status === 'Pending')!;
  const [both, short, federal] = approved as [Bank, Bank, Bank];
  const credits: CreditsFile = {
    schema: 1,
    generatedAt: '2026-12-01T00:00:00.000Z',
    notice: 'test',
    listings: [],
    banks: {
      [both.siteId]: {
        pools: [
          bwsrPool({
            creditSubgroup: 'A',
            approval: 'wca-and-404',
            available: 0.6,
            row: 2,
            pricePerCredit: 30000,
          }),
          bwsrPool({
            creditSubgroup: 'B',
            approval: 'wca-only',
            available: 4,
            row: 3,
            plantCommunity: 'Sedge meadow',
          }),
          bwsrPool({ creditSubgroup: 'C', approval: '404-only', available: 9, row: 4 }),
        ],
      },
      [short.siteId]: {
        pools: [bwsrPool({ creditSubgroup: 'A', approval: 'wca-only', available: 0.25, row: 5 })],
      },
      [federal.siteId]: {
        pools: [bwsrPool({ creditSubgroup: 'A', approval: '404-only', available: 7, row: 6 })],
      },
      [pending.siteId]: { pools: [bwsrPool({ row: 7 })] },
    },
    unmatched: [],
    skippedBadRows: [],
  };
  await writeFile(path.join(data, 'credits.json'), JSON.stringify(credits));
  const manifest = JSON.parse(await readFile(path.join(data, 'manifest.json'), 'utf8'));
  manifest.credits = { file: 'credits.json' };
  await writeFile(path.join(data, 'manifest.json'), JSON.stringify(manifest));
  scenario = path.join(work, 'impact.json');
  await writeFile(
    scenario,
    JSON.stringify({
      impact: {
        location: IMPACT_AT,
        acres: 0.8,
        land: 'nonagricultural',
        cultivatedField: false,
        project: 'general',
        afterTheFact: false,
        applicationDate: '2026-12-01',
        wetlandType: '3',
      },
    }),
  );
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const run = (...args: string[]) => runCli(['application', scenario, '--data', data, ...args]);

describe('siting application', () => {
  it('fills every field from the same locate and rank, for several accounts', async () => {
    const rank = JSON.parse((await runCli(['rank', scenario, '--data', data])).stdout);
    const located = JSON.parse((await runCli(['locate', ...IMPACT_AT.map(String), '--data', data])).stdout);
    for (const [bank, withdrawals, shortfall] of [
      // B is in-kind and the largest: it alone covers the 0.8 acres.
      [approved[0]!, [['B', 0.8]], 0],
      [approved[1]!, [['A', 0.25]], 0.55],
    ] as const) {
      const result = await run('--bank', bank.bwsrAccount!);
      expect(result.status, result.stderr).toBe(0);
      const app = JSON.parse(result.stdout);
      expect(app.impact).toMatchObject({
        bankServiceArea: located.bankServiceArea.id,
        majorWatershed: located.majorWatershed.id,
        county: countyName(located.county.id),
        impactAcres: rank.requirement.impactAcres,
        creditsRequired: rank.requirement.replacementAcres,
      });
      const bankLocated = JSON.parse(
        (await runCli(['locate', ...bank.location!.map(String), '--data', data])).stdout,
      );
      expect(app.account).toMatchObject({
        number: bank.bwsrAccount,
        county: countyName(bankLocated.county.id),
        bankServiceArea: bankLocated.bankServiceArea.id,
        majorWatershed: bankLocated.majorWatershed.id,
      });
      expect(
        app.withdrawals.map((w: { subgroup: string; credits: number }) => [w.subgroup, w.credits]),
      ).toEqual(withdrawals);
      expect(app.withdrawals.every((w: { approval: string }) => w.approval !== 'Section 404 only')).toBe(
        true,
      );
      expect(app.shortfall).toBe(shortfall);
      expect(app.demonstration).toBe(true);
      expect(app.localGovernmentUnit.whereToConfirm).toMatch(/not the LGU of record/);
      expect(app.asOf.listings).toEqual(['2026-11-01']);
      for (const key of ['creditsWithdrawn', 'sources', 'warnings']) expect(app).toHaveProperty(key);
    }
    // The ranking's candidate id names the same bank.
    const byId = JSON.parse((await run('--bank', approved[0]!.siteId)).stdout);
    expect(byId.account.number).toBe(approved[0]!.bwsrAccount);
  });

  it('writes the same fields as CSV, one row per withdrawal, and takes the pools given', async () => {
    const result = await run('--bank', approved[0]!.bwsrAccount!, '--format', 'csv', '--withdraw', 'B=1.5');
    expect(result.status, result.stderr).toBe(0);
    const [header, ...rows] = result.stdout.trim().split('\r\n');
    expect(header).toContain(
      'creditSubgroupLetter,plantCommunityType,circular39Type,numberOfCreditsToBeWithdrawn',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(',B,Sedge meadow,Type 3,1.5,,WCA only,listing.csv,3,2026-11-01,1.5,0,yes');
  });

  it.each([
    [
      'a pool that cannot serve the plan',
      () => ['--bank', approved[0]!.bwsrAccount!, '--withdraw', 'C=1'],
      /Section 404 only credit cannot serve/,
    ],
    [
      'an account with no such pool',
      () => ['--bank', approved[2]!.bwsrAccount!],
      /No pool of this account can serve/,
    ],
    ['an unknown account', () => ['--bank', 'T99999'], /unknown account/],
    ['a bank whose status is not Approved', () => ['--bank', pending.bwsrAccount!], /not Approved/],
    [
      'more credits than a pool lists',
      () => ['--bank', approved[0]!.bwsrAccount!, '--withdraw', 'A=0.7'],
      /more than the 0.6/,
    ],
  ])('refuses %s with exit 2', async (_label, args, message) => {
    const result = await run(...args());
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });
});
