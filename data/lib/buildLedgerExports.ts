import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { BankIdentity } from '../../src/formats/credits/joinCreditRows.ts';
import { joinLedgerExports, type LedgerExportsFile } from '../../src/formats/ledgers/ledgerExportsFile.ts';
import { type LedgerExport, LedgerFileError } from '../../src/formats/ledgers/ledgerTypes.ts';
import { readLedgerExport } from '../../src/formats/ledgers/readLedgerExport.ts';
import { printable } from '../../src/formats/text/printable.ts';
import { CreditInputError } from './buildCreditListings.ts';
import { logAtMost } from './logAtMost.ts';
import type { CreditSpec } from './storedCredits.ts';

/** The ledger exports of a build (`--ledger`, `--skip-bad-rows`): recorded as credit listings are (no `asOf`). */
export type LedgerSpec = CreditSpec;

/** At most this many bad rows are spelled out in the message; the rest are counted. */
const SHOWN_BAD_ROWS = 20;

/**
 * Reads the RIBITS ledger exports given with `--ledger` — first thing in a build, as credit
 * listings are, so a bad file is refused at once (exit 2). Bad rows refuse the build, each named
 * by file, row and column, unless `--skip-bad-rows`: then the good rows are kept and the skipped
 * ones printed (and recorded in ledger-exports.json). An export states no as-of date: the file's
 * own date stands for it.
 * @throws CreditInputError (exit 2)
 */
export function readLedgerExportFiles(
  spec: LedgerSpec,
  log: (line: string) => void,
): { ledger: LedgerExport; asOf: string }[] {
  const exports = spec.files.map((f) => {
    let text: string;
    try {
      text = readFileSync(f.path, 'utf8');
    } catch (error) {
      throw new CreditInputError(`--ledger ${f.path}: cannot read the file (${(error as Error).message})`);
    }
    try {
      return { ledger: readLedgerExport(text, basename(f.path)), asOf: f.mtime.slice(0, 10) };
    } catch (error) {
      if (error instanceof LedgerFileError) throw new CreditInputError(`--ledger: ${error.message}`);
      throw error;
    }
  });
  const bad = exports.flatMap((e) => e.ledger.bad);
  if (bad.length > 0) {
    const lines = bad.slice(0, SHOWN_BAD_ROWS).map((b) => `  ${printable(b.message)}`);
    if (bad.length > SHOWN_BAD_ROWS) lines.push(`  … and ${bad.length - SHOWN_BAD_ROWS} more`);
    const rows = new Set(bad.map((b) => `${b.file}:${b.row}`)).size;
    if (!spec.skipBadRows)
      throw new CreditInputError(
        `Ledger exports: ${rows} bad row${rows === 1 ? '' : 's'}; nothing was built. Correct the file, or run again with --skip-bad-rows to build from the good rows only.\n${lines.join('\n')}`,
      );
    log(`ledgers: skipping ${rows} bad row${rows === 1 ? '' : 's'} (--skip-bad-rows):`);
    for (const line of lines) log(line);
  }
  for (const e of exports) for (const note of e.ledger.notes) log(`ledgers: ${printable(note)}`);
  return exports;
}

/** Joins the exports to the built banks into ledger-exports.json's shape, printing what matched and each row that did not. */
export function joinLedgerExportFiles(
  exports: readonly { ledger: LedgerExport; asOf: string }[],
  banks: readonly BankIdentity[],
  generatedAt: string,
  log: (line: string) => void,
): LedgerExportsFile {
  const file = joinLedgerExports(exports, banks, generatedAt);
  for (const e of file.exports)
    log(
      `ledgers: ${e.file} (RIBITS ledger export, file dated ${e.asOf}): ${e.matchedRows} of ${e.goodRows} rows matched to banks, transactions ${e.firstTransaction ?? '—'} to ${e.lastTransaction ?? '—'}`,
    );
  logAtMost(
    log,
    file.transactions
      .filter((t) => t.siteId === null)
      .map(
        (t) =>
          `ledgers: bank not in the build — ${printable(t.file)}, row ${t.row}: ${printable(t.unmatchedReason ?? '')}`,
      ),
    (n) =>
      `ledgers: … and ${n} more row${n === 1 ? '' : 's'} of banks not in the build, all kept in ledger-exports.json`,
  );
  return file;
}
