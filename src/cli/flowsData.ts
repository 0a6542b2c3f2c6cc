/**
 * What `siting flows` reads from a build: the majors with their HUC8 and BSA, the BSAs, each
 * bank's units, the banks it joins ledger rows to (banks.json), the ledger exports stored with
 * `npm run data -- --ledger` (ledger-exports.json) and the live refresh's ledgers
 * (ribits-ledgers.json).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pointOnSurface } from '../formats/geometry/pointOnSurface.ts';
import { polygonParts } from '../formats/geometry/polygonParts.ts';
import { type LedgerExportsFile, parseLedgerExportsFile } from '../formats/ledgers/ledgerExportsFile.ts';
import { type BankEntry, type LedgersFile, parseBanksFile } from '../formats/ribits/banksFile.ts';
import { parseLedgersFile } from '../formats/ribits/parseLedgersFile.ts';
import type { FlowGeography } from '../siting/ledgerFlows.ts';
import { builtBanks } from './builtBanks.ts';
import { DataError } from './cliErrors.ts';
import type { DataDir } from './dataDir.ts';

const WORLD = { minX: -180, minY: -90, maxX: 180, maxY: 90 };

/** What the manifest says of the build's banks and ledgers (data/SCHEMA.md). */
interface FlowsManifest {
  banks?: { file?: unknown; retrieved?: unknown; ledgers?: { file?: unknown } | null };
  ledgerExports?: { file?: unknown };
}

async function readJson<T>(dir: string, file: unknown, parse: (value: unknown) => T): Promise<T | null> {
  if (typeof file !== 'string') return null;
  const at = path.join(dir, path.basename(file));
  let text: string;
  try {
    text = await readFile(at, 'utf8');
  } catch {
    throw new DataError(`${at}: named by the manifest but not found (run "npm run data:ensure")`);
  }
  try {
    return parse(JSON.parse(text));
  } catch (error) {
    throw new DataError(`${at}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The build's ledgers and the banks to join new rows to. @throws DataError */
export interface BuildLedgers {
  banks: BankEntry[];
  exports: LedgerExportsFile | null;
  live: LedgersFile['ledgers'] | null;
  /** When the live ledgers were read from RIBITS (ISO date). */
  liveAsOf: string | null;
}

/** Reads banks.json, ledger-exports.json and ribits-ledgers.json as the manifest names them. @throws DataError */
export async function readBuildLedgers(dir: string): Promise<BuildLedgers> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as FlowsManifest;
  const banks = await readJson(dir, manifest.banks?.file, parseBanksFile);
  const exports = await readJson(dir, manifest.ledgerExports?.file, parseLedgerExportsFile);
  const live = await readJson(dir, manifest.banks?.ledgers?.file, parseLedgersFile);
  const retrieved = manifest.banks?.retrieved;
  return {
    banks: banks?.banks ?? [],
    exports,
    live: live?.ledgers ?? null,
    liveAsOf: live && typeof retrieved === 'string' ? retrieved.slice(0, 10) : null,
  };
}

/**
 * The build's majors (id, name, HUC8) each with the BSA found at a point inside it (BSAs are
 * unions of whole majors), the BSAs, and each bank's major and BSA as the build stored them.
 * @throws DataError when the build has no major watersheds or bank service areas
 */
export async function readFlowGeography(
  data: DataDir,
): Promise<{ geography: FlowGeography; demonstration: boolean }> {
  const { majorWatersheds, bankServiceAreas } = data.manifest.layers;
  if (!majorWatersheds || !bankServiceAreas)
    throw new DataError(
      `${path.join(data.dir, 'manifest.json')}: no major watersheds or bank service areas built`,
    );
  const majors: FlowGeography['majors'][number][] = [];
  for await (const feature of data.source.features(majorWatersheds.file, WORLD)) {
    const p = feature.properties ?? {};
    const point = pointOnSurface(polygonParts(feature.geometry ?? null));
    const found = point ? await data.locate([point[0]!, point[1]!]) : null;
    majors.push({
      id: Number(p.id),
      name: typeof p.name === 'string' ? p.name : '',
      huc8: typeof p.huc8 === 'string' ? p.huc8 : '',
      bankServiceArea: found?.bankServiceArea?.id ?? null,
    });
  }
  const areas: FlowGeography['bankServiceAreas'][number][] = [];
  for await (const feature of data.source.features(bankServiceAreas.file, WORLD)) {
    const p = feature.properties ?? {};
    areas.push({ id: Number(p.id), name: typeof p.name === 'string' ? p.name : '' });
  }
  const built = await builtBanks(data);
  const banks: FlowGeography['banks'] = Object.fromEntries(
    built.candidates
      .filter((c) => c.location !== null)
      .map((c) => [
        c.id,
        {
          majorWatershed: c.units?.majorWatershed ?? null,
          bankServiceArea: c.units?.bankServiceArea ?? null,
        },
      ]),
  );
  return {
    geography: {
      majors: majors.sort((a, b) => a.id - b.id),
      bankServiceAreas: areas.sort((a, b) => a.id - b.id),
      banks,
    },
    demonstration: built.demonstration || majorWatersheds.demonstration || bankServiceAreas.demonstration,
  };
}
