import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { applicationCsv, applicationJson } from '../exports/applicationOutput.ts';
import { type PlaceName, parsePlaceNames } from '../formats/placeNames/placeNames.ts';
import { type BankEntry, parseBanksFile } from '../formats/ribits/banksFile.ts';
import { type LguPlace, lguPlaceAt } from '../geo/lguPlaceAt.ts';
import { countyName } from '../siting/index.ts';
import { type AccountRecord, withdrawalApplication } from '../siting/withdrawalApplication.ts';
import {
  PLAN_APPROVALS,
  type PlanApproval,
  type PoolChoice,
  type PoolUse,
  poolUses,
} from '../siting/withdrawalPools.ts';
import { banksForImpact, builtBanks } from './builtBanks.ts';
import { DataError, UsageError } from './cliErrors.ts';
import type { DataDir } from './dataDir.ts';
import { loadOverrides } from './dataDir.ts';
import { parseArgs } from './parseArgs.ts';
import { lazyData, readToday } from './rankCommand.ts';
import { pickRuleset, rankWithData } from './rankWithData.ts';
import { readScenarioFile } from './readScenarioFile.ts';

/** A refusal of the application (exit 2, like bad input): the reason and the rule it rests on. */
export class ApplicationRefused extends UsageError {
  override name = 'ApplicationRefused';
}

const USAGE =
  'usage: application <scenario.json> --bank ACCOUNT_OR_ID [--data DIR] [--format json|csv] [--plan wca|wca-and-404] [--withdraw SUBGROUP=CREDITS,…]';

async function readJson(dir: string, file: string): Promise<unknown> {
  const at = path.join(dir, path.basename(file));
  try {
    return JSON.parse(await readFile(at, 'utf8'));
  } catch (error) {
    throw new DataError(`${at}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The build's bank records (banks.json), or none. @throws DataError */
async function bankRecords(data: DataDir): Promise<BankEntry[]> {
  if (!data.manifest.bankRecords) return [];
  try {
    return parseBanksFile(await readJson(data.dir, 'banks.json')).banks;
  } catch (error) {
    throw new DataError(`banks.json: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The bank `--bank` names: a candidate id, else a BWSR account (the `T` kept, case ignored). @throws UsageError */
function pickBank(wanted: string, records: readonly BankEntry[], ids: ReadonlySet<string>): string {
  if (ids.has(wanted)) return wanted;
  const account = wanted.trim().toUpperCase();
  const matches = records.filter((r) => r.bwsrAccount?.toUpperCase() === account && ids.has(r.siteId));
  if (matches.length === 1) return (matches[0] as BankEntry).siteId;
  if (matches.length > 1)
    throw new ApplicationRefused(
      `--bank: account ${wanted} is on ${matches.length} banks (${matches.map((m) => m.siteId).join(', ')}): name one by its id`,
    );
  throw new ApplicationRefused(
    `--bank: "${wanted}" is no BWSR account or bank id of this build (unknown account)`,
  );
}

/** `--withdraw A=0.5,#12=1`: credits per pool, by subgroup letter or `#` listing row. @throws UsageError */
function readWithdraw(text: string | undefined, uses: readonly PoolUse[]): PoolChoice[] | null {
  if (text === undefined) return null;
  return text.split(',').map((part) => {
    const [name = '', amount = ''] = part.split('=');
    const credits = /^\d+(\.\d+)?$/.test(amount.trim()) ? Number(amount) : Number.NaN;
    if (!Number.isFinite(credits)) throw new UsageError(`--withdraw: "${part}" is not SUBGROUP=CREDITS`);
    const key = name.trim();
    const found = key.startsWith('#')
      ? uses.filter((u) => String(u.pool.row) === key.slice(1))
      : uses.filter((u) => u.pool.creditSubgroup?.toUpperCase() === key.toUpperCase());
    if (found.length !== 1)
      throw new UsageError(
        `--withdraw: "${key}" names ${found.length === 0 ? 'no' : 'more than one'} pool of this bank (pools: ${uses.map((u) => u.pool.creditSubgroup ?? `#${u.pool.row}`).join(', ')})`,
      );
    return { key: (found[0] as PoolUse).key, credits };
  });
}

/** Where the impact lies among the civil divisions, or null when the build has neither list. */
async function lguOf(
  data: DataDir,
  point: readonly [number, number] | null,
  county: string | null,
): Promise<LguPlace | null> {
  const entry = data.manifest.placeNames;
  if (!point || !entry) return null;
  const places: PlaceName[] = parsePlaceNames(await readJson(data.dir, entry.file), entry.file);
  return lguPlaceAt(point, data.source, entry.cityOutlines?.file ?? null, places, countyName(county));
}

/**
 * `application <scenario.json> --bank ACCOUNT_OR_ID`: BWSR's withdrawal application filled in
 * for one of the build's banks, from the same ranking `rank` gives. @throws UsageError (exit 2)
 * for a refusal, DataError (exit 3)
 */
export async function applicationCommand(
  args: readonly string[],
): Promise<{ text: string; demonstration: boolean }> {
  const { positional, options } = parseArgs(args, [
    'data',
    'overrides',
    'ruleset',
    'today',
    'bank',
    'format',
    'plan',
    'withdraw',
  ]);
  const file = positional[0];
  if (file === undefined) throw new UsageError(`scenario: file is missing (${USAGE})`);
  if (positional.length > 1) throw new UsageError(`${positional[1]}: unexpected argument`);
  const wanted = options.get('bank');
  if (wanted === undefined) throw new UsageError(`--bank: is missing (${USAGE})`);
  const format = options.get('format') ?? 'json';
  if (format !== 'json' && format !== 'csv') throw new UsageError(`--format: "${format}" is not json or csv`);
  const plan = (options.get('plan') ?? 'wca') as PlanApproval;
  if (!PLAN_APPROVALS.includes(plan))
    throw new UsageError(`--plan: "${plan}" is not ${PLAN_APPROVALS.join(' or ')}`);
  const { scenario } = await readScenarioFile(file);
  const dir = options.get('data') ?? 'public/data';
  const overrides = await loadOverrides(options.get('overrides'), dir);
  const openData = lazyData(dir);
  const data = await openData();
  const built = await builtBanks(data);
  const candidates = banksForImpact(built.candidates, scenario.impact.wetlandType);
  const records = await bankRecords(data);
  const id = pickBank(wanted, records, new Set(candidates.map((c) => c.id)));
  const candidate = candidates.find((c) => c.id === id)!;
  const ranked = await rankWithData(
    { impact: scenario.impact, candidates },
    { ruleset: pickRuleset(options.get('ruleset')), overrides, today: readToday(options.get('today')) },
    openData,
    { candidatesPlaced: true },
  );
  const rankedBank = ranked.result.candidates.find((c) => c.id === id)!;
  const record = records.find((r) => r.siteId === id);
  const account: AccountRecord = {
    number: record?.bwsrAccount ?? null,
    owner: record?.contacts.find((c) => c.role === 'sponsor')?.name ?? null,
  };
  const demonstration = ranked.demonstration || built.demonstration;
  const outcome = withdrawalApplication({
    result: ranked.result,
    ranked: rankedBank,
    candidate,
    impact: scenario.impact,
    account,
    plan,
    choices: readWithdraw(
      options.get('withdraw'),
      poolUses(candidate.creditPools ?? [], plan, scenario.impact.wetlandType),
    ),
    demonstration,
    sources: applicationSources(data, built.credits?.listings.map((l) => l.file) ?? []),
  });
  if (!outcome.ok)
    throw new ApplicationRefused(`application: ${outcome.reason.text} (${outcome.reason.cite})`);
  const lgu = await lguOf(data, scenario.impact.location ?? null, ranked.result.impact.units.county);
  const text =
    format === 'csv'
      ? applicationCsv(outcome.application)
      : `${JSON.stringify(applicationJson(outcome.application, { lgu, generatedAt: new Date().toISOString() }), null, 2)}\n`;
  return { text, demonstration };
}

/** Where the figures come from, in words: the build's layers and bank records, and the listings. */
function applicationSources(data: DataDir, listings: readonly string[]): string[] {
  const m = data.manifest;
  const layer = (id: 'majorWatersheds' | 'bankServiceAreas' | 'counties') => {
    const entry = m.layers[id];
    return entry ? entry.title : `${id}: not in the build`;
  };
  return [
    `Units: located in the build of ${m.generatedAt.slice(0, 10)}: ${layer('majorWatersheds')}; ${layer('bankServiceAreas')}; ${layer('counties')}`,
    `Bank records: ${m.bankRecords ? `${m.bankRecords.source}, as of ${m.bankRecords.asOf}` : 'none'}`,
    `Credit listings: ${listings.length > 0 ? listings.join(', ') : 'none'}`,
  ];
}
