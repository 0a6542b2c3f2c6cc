import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import {
  AVAILABILITY_CODES,
  BASIS_CODES,
  type Candidate,
  LADDER_CODES,
  rankCompact,
  STATUS_CODES,
} from '../siting/index.ts';
import { byteString, ChunkWriter } from './chunkWriter.ts';
import { UsageError } from './cliErrors.ts';
import { csvCell, csvRecords } from './csv.ts';
import { CANDIDATE_COLUMNS, candidateFromRow, IMPACT_COLUMNS, impactFromRow, readHeader } from './csvRows.ts';
import { loadOverrides } from './dataDir.ts';
import { parseArgs } from './parseArgs.ts';
import { lazyData } from './rankCommand.ts';
import { completeCandidates, completeImpact, pickRuleset } from './rankWithData.ts';
import { ReasonCells } from './reasonCells.ts';

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

// Cells of the coded columns, quoted once (csvCell of each code's value).
const STATUS_CELLS = STATUS_CODES.map(csvCell);
const ELIGIBLE_CELLS = STATUS_CODES.map((status) =>
  csvCell(status === 'eligible' ? true : status === 'ineligible' ? false : null),
);
const LADDER_CELLS = LADDER_CODES.map(csvCell);
const BASIS_CELLS = BASIS_CODES.map(csvCell);
const AVAILABILITY_CELLS = AVAILABILITY_CODES.map(csvCell);

/**
 * csvCell of a distance, which the ranking rounds to 0.1 km: tenths k give `k/10` printed as
 * String prints it, from integers (number to shortest decimal is the slow part of a row).
 */
function distanceCell(km: number): string {
  const tenths = Math.round(km * 10);
  if (!(tenths / 10 === km && tenths >= 0 && tenths < 1e15)) return csvCell(km);
  const rest = tenths % 10;
  return rest === 0 ? String(tenths / 10) : `${(tenths - rest) / 10}.${rest}`;
}

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

/**
 * `batch <impacts.csv> --candidates <sites.csv> [--data DIR] [--overrides FILE] [--ruleset ID]`:
 * ranks every impact against all sites, streaming impacts row by row and writing CSV to `out`.
 * Each impact is ranked compactly (rankCompact) and each row expanded only for its reasons.
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

  // Id and kind of each site, quoted once for all impacts. Rows are built of byte strings (the
  // UTF-8 bytes as characters, see ChunkWriter), so an id in any script is written as UTF-8.
  const siteCells = sites.candidates.map((site) => byteString(`${csvCell(site.id)},${csvCell(site.kind)}`));

  const records = csvRecords(fileLines(impactsFile), impactsFile);
  const header = readHeader((await records.next()).value || undefined, IMPACT_COLUMNS, impactsFile);
  const writer = new ChunkWriter(out);
  const reasonCells = new ReasonCells(sites.candidates, ruleset, overrides);
  writer.add(`${OUTPUT_COLUMNS.join(',')}\n`);
  const seen = new Set<string>();
  try {
    for await (const record of records) {
      const { id, impact } = impactFromRow(record, header, impactsFile);
      if (seen.has(id)) throw new UsageError(`${impactsFile} line ${record.line}: id: duplicate id "${id}"`);
      seen.add(id);
      const completed = await completeImpact(impact, openData);
      demonstration ||= completed.demonstration;
      const ranking = rankCompact(
        { impact: completed.impact, candidates: sites.candidates },
        { ruleset, overrides },
      );
      const { requirement } = ranking;
      // Cells that are the same on every row of this impact, quoted once.
      const middle = byteString(
        [
          requirement.ratio,
          requirement.maxRatio,
          requirement.replacementAcres,
          requirement.restorationOnly,
          requirement.replacementPlanRequired,
          ranking.ruleset,
          demonstration,
        ]
          .map(csvCell)
          .join(','),
      );
      const last = byteString(csvCell(requirement.replacedBy));
      const idCell = byteString(csvCell(id));
      reasonCells.begin(ranking);
      const startCell = `${idCell},`;
      for (let position = 0; position < ranking.count; position++) {
        // The columns decide the row; only the reasons need the row expanded (texts and citations),
        // once per distinct reasons key of this impact (ReasonCells).
        const index = ranking.order[position] as number;
        const status = ranking.status[position] as number;
        const priority = ranking.priority[position] as number;
        const rangeLow = ranking.rangeLow[position] as number;
        const ladderRank = ranking.ladderRank[position] as number;
        const distance = ranking.distanceKm[position] as number;
        const reasons = reasonCells.cell(position);
        const full = writer.addRow(
          `${startCell}${position + 1},${siteCells[index] as string},${STATUS_CELLS[status]},${ELIGIBLE_CELLS[status]},${priority === 0 ? '' : priority},${Number.isNaN(distance) ? '' : distanceCell(distance)},${middle},`,
          reasons,
          `,${LADDER_CELLS[ranking.ladder[position] as number]},${ladderRank === 0 ? '' : ladderRank},${BASIS_CELLS[ranking.basis[position] as number]},${priority === 0 ? '' : `${rangeLow}-${priority}`},${AVAILABILITY_CELLS[ranking.availability[position] as number]},${last}\n`,
        );
        if (full) await writer.flush();
      }
    }
  } finally {
    // Rows before a bad line are written, as they were when each impact was written at once.
    await writer.flush();
  }
  if (process.env.SITING_BATCH_STATS)
    process.stderr.write(`siting: reasons expanded ${reasonCells.expanded}, reused ${reasonCells.reused}\n`);
  return { demonstration };
}
