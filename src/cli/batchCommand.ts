import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { type Candidate, rankScenario } from '../siting/index.ts';
import { UsageError } from './cliErrors.ts';
import { csvCell, csvRecords } from './csv.ts';
import { CANDIDATE_COLUMNS, candidateFromRow, IMPACT_COLUMNS, impactFromRow, readHeader } from './csvRows.ts';
import { loadOverrides } from './dataDir.ts';
import { parseArgs } from './parseArgs.ts';
import { lazyData } from './rankCommand.ts';
import { completeCandidates, completeImpact, pickRuleset } from './rankWithData.ts';

/** Columns of the output, one row per impact × candidate in ranked order. */
export const OUTPUT_COLUMNS = [
  'impactId',
  'rank',
  'candidateId',
  'kind',
  'status',
  'eligible',
  'priority',
  'distanceKm',
  'ratio',
  'maxRatio',
  'replacementAcres',
  'restorationOnly',
  'replacementPlanRequired',
  'ruleset',
  'demonstration',
  'reasons',
  'ladder',
  'ladderRank',
  'basis',
  'priorityRange',
  'availability',
  'replacedBy',
] as const;

/** Lines of a file, streamed; a missing file is a usage error naming it. */
async function* fileLines(file: string): AsyncGenerator<string> {
  const stream = createReadStream(file, { encoding: 'utf8' });
  try {
    await once(stream, 'open');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UsageError(`${file}: ${code === 'ENOENT' ? 'not found' : 'cannot be read'}`);
  }
  yield* createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
}

async function readCandidates(file: string): Promise<Candidate[]> {
  const records = csvRecords(fileLines(file), file);
  const header = readHeader((await records.next()).value || undefined, CANDIDATE_COLUMNS, file);
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for await (const record of records) {
    const candidate = candidateFromRow(record, header, file);
    if (seen.has(candidate.id))
      throw new UsageError(`${file} line ${record.line}: id: duplicate id "${candidate.id}"`);
    seen.add(candidate.id);
    candidates.push(candidate);
  }
  return candidates;
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * `batch <impacts.csv> --candidates <sites.csv> [--data DIR] [--overrides FILE] [--ruleset ID]`:
 * ranks every impact against all sites, streaming impacts row by row and writing CSV to `out`.
 * Returns whether demonstration geography was read.
 */
export async function batchCommand(
  args: readonly string[],
  out: Writable,
): Promise<{ demonstration: boolean }> {
  const { positional, options } = parseArgs(args, ['candidates', 'data', 'overrides', 'ruleset']);
  const impactsFile = positional[0];
  if (impactsFile === undefined) {
    throw new UsageError('impacts: file is missing (usage: batch <impacts.csv> --candidates <sites.csv>)');
  }
  if (positional.length > 1) throw new UsageError(`${positional[1]}: unexpected argument`);
  const candidatesFile = options.get('candidates');
  if (candidatesFile === undefined) throw new UsageError('--candidates: is missing (a sites CSV file)');
  const ruleset = pickRuleset(options.get('ruleset'));
  const overrides = await loadOverrides(options.get('overrides'), options.get('data') ?? 'public/data');
  const openData = lazyData(options.get('data') ?? 'public/data');
  const sites = await completeCandidates(await readCandidates(candidatesFile), openData);
  let demonstration = sites.demonstration;

  const records = csvRecords(fileLines(impactsFile), impactsFile);
  const header = readHeader((await records.next()).value || undefined, IMPACT_COLUMNS, impactsFile);
  await write(out, `${OUTPUT_COLUMNS.join(',')}\n`);
  const seen = new Set<string>();
  for await (const record of records) {
    const { id, impact } = impactFromRow(record, header, impactsFile);
    if (seen.has(id)) throw new UsageError(`${impactsFile} line ${record.line}: id: duplicate id "${id}"`);
    seen.add(id);
    const completed = await completeImpact(impact, openData);
    demonstration ||= completed.demonstration;
    const result = rankScenario(
      { impact: completed.impact, candidates: sites.candidates },
      { ruleset, overrides },
    );
    const { requirement } = result;
    let rows = '';
    result.candidates.forEach((candidate, index) => {
      const cells = [
        id,
        index + 1,
        candidate.id,
        candidate.kind,
        candidate.status,
        candidate.eligible,
        candidate.priority,
        candidate.distanceKm,
        requirement.ratio,
        requirement.maxRatio,
        requirement.replacementAcres,
        requirement.restorationOnly,
        requirement.replacementPlanRequired,
        result.ruleset,
        demonstration,
        candidate.reasons.map((reason) => `${reason.text} [${reason.cite}]`).join(' | '),
        candidate.ladder,
        candidate.ladderRank,
        candidate.basis,
        candidate.priorityRange === null ? null : candidate.priorityRange.join('-'),
        candidate.availability,
        requirement.replacedBy,
      ];
      rows += `${cells.map(csvCell).join(',')}\n`;
    });
    await write(out, rows);
  }
  return { demonstration };
}
