/**
 * The transactions the losses-and-replacements accounting reads (ledgerFlows), from the two
 * places ledgers come from: RIBITS ledger CSV exports joined to the build's banks
 * (ledger-exports.json, or a file given now) and the live refresh's `LEDGER` of each bank
 * (ribits-ledgers.json). A transaction that is in two of them — the same bank and transaction id —
 * is taken once, and counted as a duplicate; one without a transaction id cannot be told apart
 * and is always taken.
 */

import { parseImpactHucs } from '../formats/ledgers/ledgerCells.ts';
import type { JoinedLedgerRow } from '../formats/ledgers/ledgerExportsFile.ts';
import type { RibitsLedgerEntry } from '../formats/ribits/readBankSiteData.ts';
import type { FlowTransaction } from './ledgerFlows.ts';

/** A ledger export's row as a transaction. */
export function flowTransactionOfRow(row: JoinedLedgerRow): FlowTransaction {
  return {
    source: `${row.file}, row ${row.row}`,
    siteId: row.siteId,
    bank:
      row.bankName || (row.ribitsBankId === null ? '(no bank named)' : `RIBITS bank id ${row.ribitsBankId}`),
    unmatchedReason: row.unmatchedReason,
    transactionType: row.transactionType,
    jurisdiction: row.jurisdiction,
    date: row.transactionDate,
    credits: row.credits,
    impactHucs: row.impactHucs,
  };
}

/** A live `LEDGER` entry of a bank of the build as a transaction. */
export function flowTransactionOfEntry(
  siteId: string,
  entry: RibitsLedgerEntry,
  index: number,
): FlowTransaction {
  const hucs = entry.impactHuc === null ? { ok: true as const, value: [] } : parseImpactHucs(entry.impactHuc);
  return {
    source: `RIBITS ledger of ${siteId}, ${entry.transactionId === null ? `entry ${index + 1}` : `transaction ${entry.transactionId}`}`,
    siteId,
    bank: siteId,
    transactionType: entry.transactionType,
    jurisdiction: entry.jurisdiction,
    date: entry.transactionDate,
    credits: entry.credits,
    impactHucs: hucs.ok ? hucs.value : [],
    impactHucUnreadable: hucs.ok ? null : entry.impactHuc,
  };
}

/**
 * Every transaction of the exports and the live ledgers, a transaction id of a bank taken once
 * (the first seen: exports before the live ledger, in the order given).
 */
export function flowTransactions(
  exportRows: readonly JoinedLedgerRow[],
  liveLedgers: Readonly<Record<string, readonly RibitsLedgerEntry[]>>,
): { transactions: FlowTransaction[]; duplicates: number } {
  const seen = new Set<string>();
  let duplicates = 0;
  const transactions: FlowTransaction[] = [];
  const add = (key: string | null, transaction: FlowTransaction) => {
    if (key !== null && seen.has(key)) {
      duplicates += 1;
      return;
    }
    if (key !== null) seen.add(key);
    transactions.push(transaction);
  };
  // A row that matched no bank is known by the bank it names: the same export given twice is still taken once.
  const bankKey = (row: JoinedLedgerRow) =>
    row.siteId ?? `unmatched:${row.ribitsBankId ?? ''}:${row.bankName.trim().toLowerCase()}`;
  for (const row of exportRows)
    add(
      row.transactionId === null ? null : `${bankKey(row)}|${row.transactionId}`,
      flowTransactionOfRow(row),
    );
  for (const [siteId, entries] of Object.entries(liveLedgers))
    entries.forEach((entry, index) => {
      add(
        entry.transactionId === null ? null : `${siteId}|${entry.transactionId}`,
        flowTransactionOfEntry(siteId, entry, index),
      );
    });
  return { transactions, duplicates };
}
