/**
 * The build's RIBITS ledgers for the supply panel: banks.json says whether a live refresh got any
 * (`ledgerEntries`) and when RIBITS was read; only then is `ribits-ledgers.json` fetched. Plain
 * fetch (no store), so the lazy panel's chunk shares no module with the page's first load.
 */
import { parseLedgersFile } from '../../formats/ribits/parseLedgersFile';
import type { LoadedLedgers } from './ledgerSupplyView';

export type LedgersAnswer = { kind: 'loaded'; loaded: LoadedLedgers } | { kind: 'none'; why: string };

async function json(url: string): Promise<unknown> {
  const response = await fetch(url);
  return response.ok ? response.json() : null;
}

export async function loadLedgers(baseUrl: string): Promise<LedgersAnswer> {
  try {
    const banks = (await json(`${baseUrl}banks.json`)) as {
      source?: string;
      retrieved?: string | null;
      banks?: { ledgerEntries?: number | null }[];
    } | null;
    if (banks?.source !== 'ribits-refresh' || typeof banks.retrieved !== 'string')
      return {
        kind: 'none',
        why: 'No RIBITS ledger loaded: the bank records are not from a live RIBITS refresh, so withdrawals per year and years of supply cannot be derived.',
      };
    if (!banks.banks?.some((bank) => (bank.ledgerEntries ?? 0) > 0))
      return {
        kind: 'none',
        why: 'No RIBITS ledger loaded: the last RIBITS refresh sent no ledger entries, so withdrawals per year and years of supply cannot be derived.',
      };
    const file = parseLedgersFile(await json(`${baseUrl}ribits-ledgers.json`));
    return { kind: 'loaded', loaded: { ledgers: file.ledgers, asOf: banks.retrieved.slice(0, 10) } };
  } catch (error) {
    return {
      kind: 'none',
      why: `No RIBITS ledger loaded: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
}
