import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildGaps, gapLine } from '../formats/buildGaps.ts';
import type { CreditsFile } from '../formats/credits/creditsFile.ts';
import { parseCreditsFile } from '../formats/credits/creditsFile.ts';
import type { LedgersFile } from '../formats/ribits/banksFile.ts';
import { parseLedgersFile } from '../formats/ribits/parseLedgersFile.ts';
import { bankUnitsCurrent, unitsOfBankColumns } from '../geo/bankUnits.ts';
import { unitsOfLocation } from '../geo/locatePoint.ts';
import { LOOKUP_LAYERS } from '../geo/location.ts';
import {
  type Candidate,
  CONFIRM_WITH_BWSR,
  CREDITS_NOT_LOADED,
  mergeUnits,
  type Units,
  type WetlandType,
  withBankCredits,
} from '../siting/index.ts';
import { type BankLedgerSupply, bankLedgerSupply, ledgerLabel } from '../siting/ledgerSupply.ts';
import { DataError } from './cliErrors.ts';
import type { DataDir } from './dataDir.ts';

/** The built banks as candidates, and the credit listing joined to them when the build has one. */
export interface BuiltBanks {
  /** Every bank of the `sites` layer, units as the build stored them; `creditPools` set when credits.json exists. */
  candidates: Candidate[];
  /** credits.json of the build, or null when it was built without `--credits`. */
  credits: CreditsFile | null;
  /** Whether the banks' stored units were read (true) or the banks were located here (false: other layers). */
  unitsStored: boolean;
  demonstration: boolean;
}

const WORLD = { minX: -180, minY: -90, maxX: 180, maxY: 90 };

/** credits.json as the manifest names it (`credits.file`), or null when the build has none. @throws DataError */
async function readCredits(dir: string): Promise<CreditsFile | null> {
  const manifestPath = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { credits?: { file?: unknown } };
  const file = typeof manifest.credits?.file === 'string' ? manifest.credits.file : null;
  if (file === null) return null;
  const creditsPath = path.join(dir, path.basename(file));
  let text: string;
  try {
    text = await readFile(creditsPath, 'utf8');
  } catch {
    throw new DataError(`${creditsPath}: named by the manifest but not found (run "npm run data:ensure")`);
  }
  try {
    return parseCreditsFile(JSON.parse(text));
  } catch (error) {
    throw new DataError(`${creditsPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The banks the build knows (`sites.fgb`) as candidates: their units as the build stored them when
 * the manifest says they were found in the lookup layers in use (bankUnitsCurrent), else located
 * here; their credit pools from the build's credits.json (none loaded: `creditPools` left unset,
 * so every row says credits are not loaded — no figure is made up). @throws DataError
 */
export async function builtBanks(data: DataDir): Promise<BuiltBanks> {
  const entry = data.manifest.layers.sites;
  if (!entry)
    throw new DataError(
      `${path.join(data.dir, 'manifest.json')}: no "sites" layer. ${buildGaps(data.manifest)
        .filter((gap) => gap.id === 'banks')
        .map(gapLine)
        .join(' ')} Or rank against your own sites with --candidates.`,
    );
  const unitsStored = bankUnitsCurrent(data.manifest);
  const credits = await readCredits(data.dir);
  let demonstration =
    entry.demonstration ||
    (unitsStored && LOOKUP_LAYERS.some((layer) => data.manifest.layers[layer]?.demonstration));
  const candidates: Candidate[] = [];
  for await (const feature of data.source.features(entry.file, WORLD)) {
    const properties = feature.properties ?? {};
    const id = String(properties.id ?? '');
    if (!id || properties.kind !== 'bank') continue;
    const point = feature.geometry?.type === 'Point' ? feature.geometry.coordinates : null;
    const location = point ? ([point[0] ?? 0, point[1] ?? 0] as [number, number]) : null;
    let units: Units = {};
    if (location !== null && unitsStored) units = unitsOfBankColumns(properties) ?? {};
    else if (location !== null) {
      const found = await data.locate(location);
      demonstration ||= found.demonstration;
      units = mergeUnits(undefined, unitsOfLocation(found));
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const candidate: Candidate = {
      id,
      kind: 'bank',
      name: text(properties.name) ?? id,
      location,
      units,
      bankApplicationDate: text(properties.bankApplicationDate),
      bankStatus: text(properties.status),
    };
    candidates.push(
      credits === null ? candidate : { ...candidate, creditPools: credits.banks[id]?.pools ?? [] },
    );
  }
  return { candidates, credits, unitsStored, demonstration };
}

/**
 * The banks for one impact's wetland type: pools worked into `availableCredits` (the acres its
 * WCA-usable pools cover, pools of one approval and kind added; 404-only credit never counts) and in-kind order (withBankCredits). Banks without pools are returned as they are.
 */
export function banksForImpact(
  candidates: readonly Candidate[],
  impactType: WetlandType | null | undefined,
): Candidate[] {
  return candidates.map((candidate) =>
    candidate.creditPools ? withBankCredits(candidate, candidate.creditPools, impactType) : candidate,
  );
}

/** What a ranking of the built banks says of its credits: the listings and their dates, or how to load one. */
export function creditsSummary(credits: CreditsFile | null): Record<string, unknown> {
  if (credits === null) return { loaded: false, message: CREDITS_NOT_LOADED };
  return {
    loaded: true,
    notice: CONFIRM_WITH_BWSR.text,
    cite: CONFIRM_WITH_BWSR.cite,
    listings: credits.listings,
    unmatchedRows: credits.unmatched.length,
  };
}

/** `rank`'s per-bank withdrawals per year and years of supply, or why there are none. */
export type LedgerSupplyOutput =
  | { derivedFrom: string; asOf: string; banks: BankLedgerSupply[] }
  | { none: string };

/**
 * Withdrawals per year and years of supply of the built banks (issue 21, item 4), from the
 * build's ribits-ledgers.json (named by the manifest's `banks.ledgers`, as of `banks.retrieved`)
 * and each bank's credit pools; only banks with a ledger are listed. @throws DataError
 */
export async function ledgerSupplyOf(
  dir: string,
  candidates: readonly Candidate[],
): Promise<LedgerSupplyOutput> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
    banks?: { retrieved?: unknown; ledgers?: { file?: unknown } | null };
  };
  const file = manifest.banks?.ledgers?.file;
  const retrieved = manifest.banks?.retrieved;
  if (typeof file !== 'string' || typeof retrieved !== 'string')
    return {
      none: 'No RIBITS ledger in this build (only a live RIBITS refresh that sends ledgers writes one): no withdrawals per year or years of supply.',
    };
  const ledgersPath = path.join(dir, path.basename(file));
  let ledgers: LedgersFile['ledgers'];
  try {
    ledgers = parseLedgersFile(JSON.parse(await readFile(ledgersPath, 'utf8'))).ledgers;
  } catch (error) {
    throw new DataError(`${ledgersPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const asOf = retrieved.slice(0, 10);
  return {
    derivedFrom: ledgerLabel(asOf),
    asOf,
    banks: candidates
      .filter((candidate) => ledgers[candidate.id])
      .map((candidate) =>
        bankLedgerSupply(candidate.id, ledgers[candidate.id], candidate.creditPools ?? undefined, asOf),
      ),
  };
}
