/**
 * The build's RIBITS ledgers for the supply panel: the manifest says whether a live refresh got any
 * and when RIBITS was read; only then is `ribits-ledgers.json` fetched. Plain
 * fetch (no store), so the lazy panel's chunk shares no module with the page's first load.
 */

import type { BankRecordsEntry } from '../../formats/manifest';
import { parseLedgersFile } from '../../formats/ribits/parseLedgersFile';
import type { LoadedLedgers } from './ledgerSupplyView';

export type LedgersAnswer = { kind: 'loaded'; loaded: LoadedLedgers } | { kind: 'none'; why: string };

async function json(url: string): Promise<unknown> {
  const response = await fetch(url);
  return response.ok ? response.json() : null;
}

/**
 * Decided from the manifest's `banks` entry (source, when RIBITS was read, the ledgers file), so
 * the page never fetches the whole of banks.json (174 kB) to learn that there is no ledger.
 */
export async function loadLedgers(baseUrl: string, banks: BankRecordsEntry | null): Promise<LedgersAnswer> {
  if (banks?.source !== 'ribits-refresh' || banks.retrieved === null)
    return {
      kind: 'none',
      why: 'No RIBITS ledger loaded: the bank records are not from a live RIBITS refresh, so withdrawals per year and years of supply cannot be derived.',
    };
  if (banks.ledgersFile === null)
    return {
      kind: 'none',
      why: 'No RIBITS ledger loaded: the last RIBITS refresh sent no ledger entries, so withdrawals per year and years of supply cannot be derived.',
    };
  try {
    const file = parseLedgersFile(await json(`${baseUrl}${banks.ledgersFile}`));
    return { kind: 'loaded', loaded: { ledgers: file.ledgers, asOf: banks.retrieved.slice(0, 10) } };
  } catch (error) {
    return {
      kind: 'none',
      why: `No RIBITS ledger loaded: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
}
