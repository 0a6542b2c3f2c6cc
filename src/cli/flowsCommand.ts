/**
 * `flows [--ledger FILE]… [--by major|bsa] [--from DATE] [--to DATE] [--data DIR] [--skip-bad-rows]`:
 * where wetlands are lost and where they are replaced, by watershed (issue 34), as CSV — one
 * row per unit and jurisdiction — from the build's ledgers and any RIBITS ledger export given.
 * Notices (banks not in the build, withdrawals without an impact HUC, skipped types, …) are
 * lines for standard error.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { flowsCsv } from '../exports/flowsCsv.ts';
import { parseListingDate } from '../formats/credits/creditCells.ts';
import { type JoinedLedgerRow, joinLedgerExports } from '../formats/ledgers/ledgerExportsFile.ts';
import { LedgerFileError } from '../formats/ledgers/ledgerTypes.ts';
import { readLedgerExport } from '../formats/ledgers/readLedgerExport.ts';
import { flowTransactions } from '../siting/flowTransactions.ts';
import { type FlowReport, ledgerFlows } from '../siting/ledgerFlows.ts';
import { UsageError } from './cliErrors.ts';
import { openDataDir } from './dataDir.ts';
import { readBuildLedgers, readFlowGeography } from './flowsData.ts';
import { parseArgs } from './parseArgs.ts';

const USAGE =
  'usage: siting flows [--ledger FILE]… [--by major|bsa] [--from DATE] [--to DATE] [--data DIR] [--skip-bad-rows]';
const SHOWN_BAD_ROWS = 20;

/** Said when no ledger is in the build and none is given. */
export const NO_LEDGER =
  'no RIBITS ledger: this build has none (the default build has no real ledger). Export "Ledger Transactions" or "Transactions by Watershed" from RIBITS (https://ribits.ops.usace.army.mil, Reports) and pass it with --ledger FILE, or store it in the build with npm run data -- --ledger FILE.';

function dateOption(value: string | undefined, name: string): string | null {
  if (value === undefined) return null;
  const cell = parseListingDate(value);
  if (!cell.ok || cell.value === null)
    throw new UsageError(`--${name} ${value}: expected a date (YYYY-MM-DD or MM/DD/YYYY)`);
  return cell.value;
}

/** Takes every `--name value` (and `--name=value`) of a repeatable option out of the arguments. */
function takeRepeated(args: readonly string[], name: string): { rest: string[]; values: string[] } {
  const rest: string[] = [];
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === `--${name}`) {
      const value = args[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name}: needs a value`);
      values.push(value);
    } else if (arg.startsWith(`--${name}=`)) values.push(arg.slice(name.length + 3));
    else rest.push(arg);
  }
  return { rest, values };
}

/** Reads the --ledger files; bad rows refuse the run (exit 2) unless --skip-bad-rows. */
function readGivenLedgers(files: readonly string[], skipBadRows: boolean, notices: string[]) {
  return files.map((file) => {
    let text: string;
    let asOf: string;
    try {
      text = readFileSync(file, 'utf8');
      asOf = statSync(file).mtime.toISOString().slice(0, 10);
    } catch (error) {
      throw new UsageError(`--ledger ${file}: cannot read the file (${(error as Error).message})`);
    }
    let ledger: ReturnType<typeof readLedgerExport>;
    try {
      ledger = readLedgerExport(text, path.basename(file));
    } catch (error) {
      if (error instanceof LedgerFileError) throw new UsageError(`--ledger: ${error.message}`);
      throw error;
    }
    if (ledger.bad.length > 0) {
      const shown = ledger.bad.slice(0, SHOWN_BAD_ROWS).map((b) => b.message);
      if (ledger.bad.length > SHOWN_BAD_ROWS) shown.push(`… and ${ledger.bad.length - SHOWN_BAD_ROWS} more`);
      const rows = new Set(ledger.bad.map((b) => b.row)).size;
      if (!skipBadRows)
        throw new UsageError(
          `--ledger ${file}: ${rows} bad row${rows === 1 ? '' : 's'}; correct the file, or run again with --skip-bad-rows to count the good rows only: ${shown.join('; ')}`,
        );
      notices.push(
        `skipping ${rows} bad row${rows === 1 ? '' : 's'} of ${ledger.file} (--skip-bad-rows):`,
        ...shown,
      );
    }
    notices.push(...ledger.notes);
    return { ledger, asOf };
  });
}

/** The notices of one report, one line each. */
export function flowsNotices(report: FlowReport, unmatched: readonly JoinedLedgerRow[]): string[] {
  const lines: string[] = [];
  for (const row of unmatched)
    lines.push(
      `bank not in the build: ${row.file}, row ${row.row}: ${row.transactionType} of ${row.credits} credits, "${row.bankName || `bank id ${row.ribitsBankId}`}" (${row.unmatchedReason})`,
    );
  for (const n of report.notLocated.filter((n) => !n.reason.startsWith('the bank is not in the build')))
    lines.push(`bank not located: ${n.source}: ${n.reason}`);
  for (const n of report.noImpactHuc)
    lines.push(`withdrawal without an impact HUC: ${n.source} (${n.bank}): ${n.reason}`);
  for (const n of report.impactInSeveralUnits)
    lines.push(`withdrawal not split: ${n.source} (${n.bank}): ${n.reason}`);
  for (const n of report.impactOutsideUnits)
    lines.push(`impact outside the build: ${n.source} (${n.bank}): ${n.reason}; counted as sold elsewhere`);
  for (const n of report.impactBsaUnknown) lines.push(`BSA not known: ${n.source} (${n.bank}): ${n.reason}`);
  for (const n of report.undated) lines.push(`withdrawal not counted: ${n.source} (${n.bank}): ${n.reason}`);
  for (const n of report.noAmount) lines.push(`withdrawal not counted: ${n.source} (${n.bank}): ${n.reason}`);
  for (const s of report.skippedTypes)
    lines.push(
      `skipped ${s.count} "${s.type}" transaction${s.count === 1 ? '' : 's'} (only withdrawals count)`,
    );
  if (report.outsideWindow > 0)
    lines.push(
      `${report.outsideWindow} withdrawal${report.outsideWindow === 1 ? '' : 's'} outside ${report.window.from ?? 'the start'} to ${report.window.to ?? 'the end'}`,
    );
  return lines;
}

/** Runs `flows`: the CSV text for stdout and the notice lines for stderr. */
export async function flowsCommand(
  args: readonly string[],
): Promise<{ csv: string; notices: string[]; demonstration: boolean }> {
  const taken = takeRepeated(args, 'ledger');
  const skipBadRows = taken.rest.includes('--skip-bad-rows');
  const { positional, options } = parseArgs(
    taken.rest.filter((a) => a !== '--skip-bad-rows'),
    ['by', 'from', 'to', 'data'],
  );
  if (positional.length > 0) throw new UsageError(`${positional[0]}: unexpected argument (${USAGE})`);
  const by = options.get('by') ?? 'major';
  if (by !== 'major' && by !== 'bsa') throw new UsageError(`--by ${by}: expected major or bsa`);
  const from = dateOption(options.get('from'), 'from');
  const to = dateOption(options.get('to'), 'to');
  if (from !== null && to !== null && from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  const dir = options.get('data') ?? 'public/data';
  const notices: string[] = [];
  const given = readGivenLedgers(taken.values, skipBadRows, notices);
  const data = await openDataDir(dir);
  const build = await readBuildLedgers(dir);
  const { geography, demonstration } = await readFlowGeography(data);
  const joined = joinLedgerExports(
    given.map((g) => ({ ledger: g.ledger, asOf: g.asOf })),
    build.banks,
    new Date().toISOString(),
  );
  const rows = [...(build.exports?.transactions ?? []), ...joined.transactions];
  if (rows.length === 0 && build.live === null)
    return { csv: flowsCsv({ by, rows: [] }), notices: [NO_LEDGER], demonstration };
  const { transactions, duplicates } = flowTransactions(rows, build.live ?? {});
  const report = ledgerFlows(transactions, geography, { by, from, to });
  const sources = [
    ...(build.exports?.exports ?? []).map(
      (e) => `${e.file} (stored in the build, file dated ${e.asOf ?? 'unknown'})`,
    ),
    ...joined.exports.map((e) => `${e.file} (file dated ${e.asOf ?? 'unknown'})`),
    ...(build.live ? [`the RIBITS ledgers of the live refresh (as of ${build.liveAsOf ?? 'unknown'})`] : []),
  ];
  notices.unshift(
    `${transactions.length} transactions read from ${sources.join(', ')}; ${report.withdrawalsCounted} withdrawals counted. Credits as the ledgers write them (typically acres, in some cases linear feet); jurisdictions are never added.`,
  );
  if (duplicates > 0)
    notices.push(
      `${duplicates} transaction${duplicates === 1 ? '' : 's'} in more than one ledger taken once`,
    );
  notices.push(
    ...flowsNotices(
      report,
      rows.filter((r) => r.siteId === null),
    ),
  );
  return { csv: flowsCsv(report), notices, demonstration };
}
