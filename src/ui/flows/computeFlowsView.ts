/**
 * The page's losses-and-replacements accounting (issue 34, item 4), in a chunk of its own: reads
 * flow-geography.json, the build's ledgers (ledger-exports.json, ribits-ledgers.json) and the
 * exports the user loaded (read with the build's reader and joined to banks.json the same way),
 * and runs the same pure accounting as `siting flows` (ledgerFlows) by major and by BSA.
 */
import { type FlowGeographyFile, parseFlowGeographyFile } from '../../formats/ledgers/flowGeographyFile';
import {
  type JoinedLedgerRow,
  joinLedgerExports,
  parseLedgerExportsFile,
} from '../../formats/ledgers/ledgerExportsFile';
import { readLedgerExport } from '../../formats/ledgers/readLedgerExport';
import type { Manifest } from '../../formats/manifest';
import { parseBanksFile } from '../../formats/ribits/banksFile';
import { parseLedgersFile } from '../../formats/ribits/parseLedgersFile';
import type { RibitsLedgerEntry } from '../../formats/ribits/readBankSiteData';
import { flowTransactions } from '../../siting/flowTransactions';
import { ledgerFlows } from '../../siting/ledgerFlows';
import { fetchJson } from '../fetchJson';
import type { FlowsAnswer, FlowsView } from './flowsView';
import { NO_LEDGER_WHY } from './noLedgerWords';
import type { PageLedger } from './pageLedgersDb';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export async function computeFlowsView(
  manifest: Manifest,
  baseUrl: string,
  pageLedgers: readonly PageLedger[],
): Promise<FlowsAnswer> {
  const exportsFile = manifest.ledgerExportsFile ?? null;
  const liveFile = manifest.bankRecords?.ledgersFile ?? null;
  if (!exportsFile && !liveFile && pageLedgers.length === 0) return { kind: 'none', why: NO_LEDGER_WHY };
  if (!manifest.flowGeographyFile)
    return {
      kind: 'error',
      message:
        'This build has no flow-geography.json (it was built before losses and replacements were added): run "npm run data:ensure" again to account the ledgers by watershed.',
    };
  const geography: FlowGeographyFile = parseFlowGeographyFile(
    await fetchJson(`${baseUrl}${manifest.flowGeographyFile}`),
  );
  const sources: string[] = [];
  const dates: string[] = [];
  const rows: JoinedLedgerRow[] = [];
  if (exportsFile) {
    const file = parseLedgerExportsFile(await fetchJson(`${baseUrl}${exportsFile}`));
    rows.push(...file.transactions);
    for (const e of file.exports) {
      sources.push(`RIBITS ledger export ${e.file}${e.asOf ? `, file dated ${e.asOf}` : ''}, in this build`);
      if (e.asOf) dates.push(e.asOf);
    }
  }
  const notices: string[] = [];
  if (pageLedgers.length > 0) {
    const banks = manifest.bankRecords ? parseBanksFile(await fetchJson(`${baseUrl}banks.json`)).banks : [];
    const read = pageLedgers.map((l) => ({ ledger: readLedgerExport(l.text, l.name), asOf: l.asOf }));
    rows.push(...joinLedgerExports(read, banks, new Date().toISOString()).transactions);
    for (const { ledger, asOf } of read) {
      sources.push(`RIBITS ledger export ${ledger.file}, file dated ${asOf}, loaded on this page`);
      dates.push(asOf);
      if (ledger.bad.length > 0)
        notices.push(
          `${ledger.file}: ${plural(new Set(ledger.bad.map((b) => b.row)).size, 'bad row')} left out, as you agreed.`,
        );
    }
  }
  let live: Record<string, RibitsLedgerEntry[]> = {};
  if (liveFile) {
    live = parseLedgersFile(await fetchJson(`${baseUrl}${liveFile}`)).ledgers;
    const read = manifest.bankRecords?.retrieved?.slice(0, 10) ?? null;
    sources.push(`RIBITS bank ledgers${read ? `, read ${read}` : ''}, in this build`);
    if (read) dates.push(read);
  }
  const { transactions, duplicates } = flowTransactions(rows, live);
  const flowGeography = {
    majors: geography.majors,
    bankServiceAreas: geography.bankServiceAreas,
    banks: geography.banks,
  };
  const byMajor = ledgerFlows(transactions, flowGeography, { by: 'major' });
  const byBsa = ledgerFlows(transactions, flowGeography, { by: 'bsa' });
  const credits = new Map<string, number>();
  for (const row of byMajor.rows)
    credits.set(row.jurisdiction, (credits.get(row.jurisdiction) ?? 0) + row.creditsWithdrawnForImpactsHere);
  const unmatched = rows.filter((r) => r.siteId === null).length;
  if (unmatched > 0)
    notices.push(
      `${plural(unmatched, 'row')} ${unmatched === 1 ? 'names' : 'name'} a bank that is not in this build: counted as “a bank that could not be located”.`,
    );
  if (byMajor.noImpactHuc.length > 0)
    notices.push(
      `${plural(byMajor.noImpactHuc.length, 'withdrawal')} without an impact HUC counted nowhere.`,
    );
  if (byMajor.impactInSeveralUnits.length > 0)
    notices.push(
      `${plural(byMajor.impactInSeveralUnits.length, 'withdrawal')} with impact HUCs in several majors not split (counted nowhere).`,
    );
  if (byMajor.undated.length + byMajor.noAmount.length > 0)
    notices.push(
      `${plural(byMajor.undated.length + byMajor.noAmount.length, 'withdrawal')} without a date or an amount not counted.`,
    );
  const skipped = byMajor.skippedTypes.reduce((n, t) => n + t.count, 0);
  if (skipped > 0)
    notices.push(
      `${plural(skipped, 'transaction')} that ${skipped === 1 ? 'is' : 'are'} not withdrawals skipped (${byMajor.skippedTypes.map((t) => `${t.type}: ${t.count}`).join(', ')}).`,
    );
  if (duplicates > 0) notices.push(`${plural(duplicates, 'transaction')} given twice taken once.`);
  const view: FlowsView = {
    geography,
    byMajor,
    byBsa,
    sources,
    asOf: dates.sort().at(-1) ?? null,
    jurisdictions: [...credits].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([j]) => j),
    notices,
  };
  return { kind: 'ready', view };
}
