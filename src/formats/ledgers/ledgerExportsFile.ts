import { type BankIdentity, joinCreditRows, type MatchedBy } from '../credits/joinCreditRows.ts';
import type { BadLedgerRow, LedgerExport, LedgerRow } from './ledgerTypes.ts';

/** A ledger export's row joined to the build's banks: `siteId` null (with the reason) when no bank, or several, matched. */
export interface JoinedLedgerRow extends LedgerRow {
  siteId: string | null;
  matchedBy: MatchedBy | null;
  unmatchedReason: string | null;
}

/** One export that went in. */
export interface LedgerExportSummary {
  file: string;
  goodRows: number;
  badRows: number;
  matchedRows: number;
  unmatchedRows: number;
  /** The file's own date (ISO): an export states no as-of date, so the file's date stands for it. */
  asOf: string | null;
  /** The first and last transaction dates it holds. */
  firstTransaction: string | null;
  lastTransaction: string | null;
  notes: string[];
}

/** `public/data/ledger-exports.json` (data/SCHEMA.md): the ledger exports given with `npm run data -- --ledger`. */
export interface LedgerExportsFile {
  schema: 1;
  generatedAt: string;
  exports: LedgerExportSummary[];
  /** Every good row, joined or not (an unmatched row is kept and reported, never dropped). */
  transactions: JoinedLedgerRow[];
  /** Rows refused but skipped with the user's consent (`--skip-bad-rows`); empty otherwise. */
  skippedBadRows: BadLedgerRow[];
}

/** Joins exports' rows to banks exactly as credit listings are joined (joinCreditRows: id, account, exact name, normalised name). */
export function joinLedgerExports(
  exports: readonly { ledger: LedgerExport; asOf: string | null }[],
  banks: readonly BankIdentity[],
  generatedAt: string,
): LedgerExportsFile {
  const rows = exports.flatMap((e) => e.ledger.rows);
  const joined = joinCreditRows(rows, banks);
  const matched = new Map(joined.matched.map((m) => [m.row, m]));
  const unmatched = new Map(joined.unmatched.map((u) => [u.row, u.reason]));
  const transactions = rows.map((row) => ({
    ...row,
    siteId: matched.get(row)?.siteId ?? null,
    matchedBy: matched.get(row)?.matchedBy ?? null,
    unmatchedReason: matched.has(row) ? null : (unmatched.get(row) ?? 'no bank matched'),
  }));
  return {
    schema: 1,
    generatedAt,
    exports: exports.map(({ ledger, asOf }) => {
      const dates = ledger.rows.flatMap((r) => (r.transactionDate ? [r.transactionDate] : [])).sort();
      return {
        file: ledger.file,
        goodRows: ledger.rows.length,
        badRows: new Set(ledger.bad.map((b) => b.row)).size,
        matchedRows: ledger.rows.filter((r) => matched.has(r)).length,
        unmatchedRows: ledger.rows.filter((r) => !matched.has(r)).length,
        asOf,
        firstTransaction: dates[0] ?? null,
        lastTransaction: dates.at(-1) ?? null,
        notes: ledger.notes,
      };
    }),
    transactions,
    skippedBadRows: exports.flatMap((e) => e.ledger.bad),
  };
}

/** ledger-exports.json that is not in the documented shape; names the field. */
export class LedgerExportsFileError extends Error {
  override name = 'LedgerExportsFileError';
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalText = (v: unknown) => v === null || typeof v === 'string';

/**
 * Checks a parsed `ledger-exports.json` and returns it typed.
 * @throws LedgerExportsFileError naming the first field that is wrong
 */
export function parseLedgerExportsFile(value: unknown): LedgerExportsFile {
  if (!isRecord(value) || value.schema !== 1)
    throw new LedgerExportsFileError('ledger-exports.json: expected schema 1');
  if (!Array.isArray(value.exports))
    throw new LedgerExportsFileError('ledger-exports.json: "exports" must be a list');
  if (!Array.isArray(value.transactions))
    throw new LedgerExportsFileError('ledger-exports.json: "transactions" must be a list');
  for (const [i, t] of value.transactions.entries()) {
    const where = `ledger-exports.json: transaction ${i + 1}`;
    if (!isRecord(t)) throw new LedgerExportsFileError(`${where} is not an object`);
    if (typeof t.file !== 'string' || typeof t.row !== 'number')
      throw new LedgerExportsFileError(`${where} has no "file" and "row"`);
    if (typeof t.transactionType !== 'string' || typeof t.jurisdiction !== 'string')
      throw new LedgerExportsFileError(`${where}: "transactionType" and "jurisdiction" must be text`);
    if (typeof t.credits !== 'number' || !Number.isFinite(t.credits))
      throw new LedgerExportsFileError(`${where}: "credits" must be a number`);
    if (!optionalText(t.transactionDate) || !optionalText(t.siteId))
      throw new LedgerExportsFileError(`${where}: "transactionDate" and "siteId" must be text or null`);
    if (
      !Array.isArray(t.impactHucs) ||
      t.impactHucs.some((h) => typeof h !== 'string' || !/^\d{8}(\d{4})?$/.test(h))
    )
      throw new LedgerExportsFileError(`${where}: "impactHucs" must be a list of 8- or 12-digit HUCs`);
  }
  return value as unknown as LedgerExportsFile;
}
