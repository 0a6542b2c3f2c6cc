import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { CREDIT_COLUMNS, creditCells } from '../exports/creditCells.ts';
import { UNKNOWN_UNIT_BITS } from '../siting/computePriority.ts';
import {
  AVAILABILITY_CODES,
  BASIS_CODES,
  type Candidate,
  type CompactRanking,
  LADDER_CODES,
  rankCompact,
  rulesetNotice,
  STATUS_CODES,
  type WetlandType,
} from '../siting/index.ts';
import { createUnitResolver } from '../siting/resolveUnits.ts';
import { banksForImpact, builtBanks } from './builtBanks.ts';
import { ChunkWriter } from './chunkWriter.ts';
import { UsageError } from './cliErrors.ts';
import { csvCell, csvRecords } from './csv.ts';
import { CANDIDATE_COLUMNS, candidateFromRow, IMPACT_COLUMNS, impactFromRow, readHeader } from './csvRows.ts';
import { loadOverrides } from './dataDir.ts';
import { isSitesFile } from './isSitesFile.ts';
import { locateImpactOutline } from './locateImpactOutline.ts';
import { parseArgs } from './parseArgs.ts';
import { lazyData, readToday } from './rankCommand.ts';
import { completeCandidates, completeImpact, pickRuleset } from './rankWithData.ts';
import { ReasonCells } from './reasonCells.ts';
import { writeOutFile } from './writeOutFile.ts';

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
  // Empty for the enacted text; for a bill, that it is not law and its status (issue 38 item 3).
  'rulesetNotice',
  'demonstration',
  'reasons',
  'ladder',
  'ladderRank',
  'basis',
  'priorityRange',
  'availability',
  'replacedBy',
  'ratioRange',
  'boundaryUnits',
  // The site's or bank's name, and the units the impact was ranked in, so the file reads alone (issue 33).
  'candidateName',
  'impactMinorWatershed',
  'impactMajorWatershed',
  'impactBankServiceArea',
  'impactCounty',
  'impactAreaClass',
] as const;

/** Index of 'eligible' in STATUS_CODES: the rows `--eligible-only` keeps. */
const ELIGIBLE = STATUS_CODES.indexOf('eligible');

const COMMA = 0x2c;
/** Beside UNKNOWN_UNIT_BITS in a row's boundary mask: a county line leaves the area class open. */
const COUNTY_LINE_BIT = 8;
const DASH = 0x2d;

function utf8(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}

// Cells of the coded columns with the commas around them, quoted and encoded once (csvCell of
// each code's value): `status,eligible,`, `,ladder,`, `,basis,`, and the availability cell.
const STATUS_CELLS = STATUS_CODES.map((status) =>
  utf8(
    `${csvCell(status)},${csvCell(status === 'eligible' ? true : status === 'ineligible' ? false : null)},`,
  ),
);
const LADDER_CELLS = LADDER_CODES.map((ladder) => utf8(`,${csvCell(ladder)},`));
const BASIS_CELLS = BASIS_CODES.map((basis) => utf8(`,${csvCell(basis)},`));
const AVAILABILITY_CELLS = AVAILABILITY_CODES.map(csvCell);
/**
 * The `boundaryUnits` cell of each boundary mask (UNKNOWN_UNIT_BITS), with its newline: the units
 * whose boundary leaves the row's level open, in the order the priority levels name them.
 */
const BOUNDARY_CELLS = Array.from({ length: 16 }, (_, mask) =>
  utf8(
    [
      ...(['minorWatershed', 'majorWatershed', 'bankServiceArea'] as const).filter(
        (unit) => (mask & UNKNOWN_UNIT_BITS[unit]) !== 0,
      ),
      // The site or the impact on a county line that leaves its area class open (issue 31 item 2).
      ...((mask & COUNTY_LINE_BIT) !== 0 ? ['county'] : []),
    ].join(';'),
  ),
);

/**
 * Whether a distance is a whole number of tenths of a km (the ranking rounds to 0.1 km) that
 * putTenths prints as csvCell does (String of a non-negative number: no sign, no quotes).
 */
function isTenths(km: number): boolean {
  const tenths = Math.round(km * 10);
  return tenths / 10 === km && tenths >= 0 && tenths < 1e15;
}

/** A distance of whole tenths as String prints it (`12`, `12.3`), from integers (see isTenths). */
function putTenths(writer: ChunkWriter, km: number): void {
  const tenths = Math.round(km * 10);
  const rest = tenths % 10;
  writer.putInt((tenths - rest) / 10);
  if (rest !== 0) {
    writer.putByte(0x2e);
    writer.putByte(48 + rest);
  }
}

/** Cells of one impact's rows, quoted and encoded once (see batchCommand). */
interface ImpactCells {
  /** `,credits…\n` of each site: its credit cells and the row's end. */
  creditCells: Buffer[];
  idCell: Buffer;
  middle: Buffer;
  tails: Buffer[];
  /** Bytes a row needs besides its site, reasons, distance and tail. */
  fixed: number;
  siteCells: Buffer[];
  /** COUNTY_LINE_BIT for each site on a county line that leaves its class open, else 0. */
  siteLine: Uint8Array;
  /** COUNTY_LINE_BIT when the impact is on such a line, else 0. */
  impactLine: number;
  /** `,name` of each site. */
  nameCells: Buffer[];
  /** `,minor,major,bsa,county,class` of the impact. */
  impactUnits: Buffer;
  /** `--eligible-only`: rows of other statuses are not written. */
  eligibleOnly: boolean;
  /** Rows still to write for this impact (`--top N`; Infinity without it), counted down. */
  left: { rows: number };
}

/**
 * Writes the rows of `ranking` from `position` until the ranking ends or a flush is due, and
 * returns the position after the last row written. The columns decide the row; only the reasons
 * need the row expanded (texts and citations), once per distinct reasons key (ReasonCells).
 */
function writeRows(
  writer: ChunkWriter,
  ranking: CompactRanking,
  reasonCells: ReasonCells,
  cells: ImpactCells,
  from: number,
): number {
  const {
    idCell,
    middle,
    tails,
    fixed,
    siteCells,
    creditCells,
    siteLine,
    impactLine,
    nameCells,
    impactUnits,
  } = cells;
  let position = from;
  while (position < ranking.count) {
    if (cells.left.rows <= 0) return ranking.count;
    const index = ranking.order[position] as number;
    const status = ranking.status[position] as number;
    if (cells.eligibleOnly && status !== ELIGIBLE) {
      position++;
      continue;
    }
    cells.left.rows--;
    const name = nameCells[index] as Buffer;
    const priority = ranking.priority[position] as number;
    const ladderRank = ranking.ladderRank[position] as number;
    const distance = ranking.distanceKm[position] as number;
    const reasonsLength = reasonCells.pick(position);
    const site = siteCells[index] as Buffer;
    const tail = tails[ranking.availability[position] as number] as Buffer;
    const mask = (ranking.boundaryUnits[position] as number) | (siteLine[index] as number) | impactLine;
    const boundary = BOUNDARY_CELLS[mask] as Buffer;
    const credits = creditCells[index] as Buffer;
    const distanceText = Number.isNaN(distance) || isTenths(distance) ? null : utf8(csvCell(distance));
    writer.room(
      fixed +
        site.length +
        reasonsLength +
        (distanceText?.length ?? 0) +
        tail.length +
        boundary.length +
        name.length +
        impactUnits.length +
        credits.length,
    );
    // impactId,rank,candidateId,kind,status,eligible,priority,distanceKm,<middle>,reasons,
    // ladder,ladderRank,basis,priorityRange,availability,replacedBy,ratioRange,boundaryUnits
    writer.put(idCell);
    writer.putInt(position + 1);
    writer.put(site);
    writer.put(STATUS_CELLS[status] as Buffer);
    if (priority !== 0) writer.putInt(priority);
    writer.putByte(COMMA);
    if (distanceText !== null) writer.put(distanceText);
    else if (!Number.isNaN(distance)) putTenths(writer, distance);
    writer.put(middle);
    reasonCells.putPicked(writer);
    writer.put(LADDER_CELLS[ranking.ladder[position] as number] as Buffer);
    if (ladderRank !== 0) writer.putInt(ladderRank);
    writer.put(BASIS_CELLS[ranking.basis[position] as number] as Buffer);
    if (priority !== 0) {
      writer.putInt(ranking.rangeLow[position] as number);
      writer.putByte(DASH);
      writer.putInt(priority);
    }
    writer.put(tail);
    writer.put(boundary);
    writer.put(name);
    writer.put(impactUnits);
    writer.put(credits);
    position++;
    if (writer.due) break;
  }
  return position;
}

/** `--top N`: a whole number of rows per impact, at least 1; Infinity without it. */
function readTop(value: string | undefined): number {
  if (value === undefined) return Number.POSITIVE_INFINITY;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--top: must be a whole number of rows, at least 1 (got "${value}")`);
  return n;
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
 * `batch <impacts.csv> [--candidates <sites.csv>] [--data DIR] [--overrides FILE] [--ruleset ID] [--today D]`:
 * ranks every impact against all sites (without --candidates, the built banks with their credits), streaming impacts row by row and writing CSV to `out`.
 * Each impact is ranked compactly (rankCompact) and each row expanded only for its reasons.
 * Returns whether demonstration geography was read, and the rule set's not-law notice (null for the enacted text).
 */
export async function batchCommand(
  args: readonly string[],
  out: Writable,
  { reuseChunks = false }: { reuseChunks?: boolean } = {},
): Promise<{ demonstration: boolean; rulesetNotice: string | null }> {
  const { positional, options } = parseArgs(
    args,
    ['candidates', 'columns', 'data', 'overrides', 'ruleset', 'today', 'out', 'top'],
    ['eligible-only'],
  );
  const impactsFile = positional[0];
  if (impactsFile === undefined) {
    throw new UsageError('impacts: file is missing (usage: batch <impacts.csv> --candidates <sites.csv>)');
  }
  if (positional.length > 1) throw new UsageError(`${positional[1]}: unexpected argument`);
  const outFile = options.get('out');
  if (outFile !== undefined)
    return writeOutFile(outFile, (file) => rankBatch(impactsFile, options, file, { reuseChunks: true }));
  return rankBatch(impactsFile, options, out, { reuseChunks });
}

/** The batch itself, once the command line is read: see batchCommand. */
async function rankBatch(
  impactsFile: string,
  options: ReadonlyMap<string, string>,
  out: Writable,
  { reuseChunks }: { reuseChunks: boolean },
): Promise<{ demonstration: boolean; rulesetNotice: string | null }> {
  const candidatesFile = options.get('candidates');
  const today = readToday(options.get('today'));
  const ruleset = pickRuleset(options.get('ruleset'));
  const notLaw = rulesetNotice(ruleset);
  const overrides = await loadOverrides(options.get('overrides'), options.get('data') ?? 'public/data');
  const openData = lazyData(options.get('data') ?? 'public/data');
  const dataDir = options.get('data') ?? 'public/data';
  // A GeoJSON, zipped shapefile, GeoPackage or FlatGeobuf of sites (outlines located by area),
  // else the CLI's sites CSV.
  // The readers of those formats (proj4 and the shapefile and GeoPackage readers among them) are
  // loaded only for such a file: a CSV batch starts without them.
  // Without --candidates: the banks the build knows, their units as stored, with their credits.
  const sites =
    candidatesFile === undefined
      ? await builtBanks(await openData())
      : await completeCandidates(
          isSitesFile(candidatesFile)
            ? await import('./siteFileCandidates.ts').then(({ siteFileCandidates, parseColumns }) =>
                siteFileCandidates(candidatesFile, dataDir, parseColumns(options.get('columns'))),
              )
            : await readCandidates(candidatesFile),
          openData,
        );
  let demonstration = sites.demonstration;
  // The banks as each impact's wetland type orders them (in-kind pools first), made once per type.
  const byType = new Map<string, Candidate[]>();
  const sitesFor = (type: string | null | undefined): Candidate[] => {
    const key = type ?? '';
    let found = byType.get(key);
    if (found === undefined) {
      found = banksForImpact(sites.candidates, (type ?? null) as WetlandType | null);
      byType.set(key, found);
    }
    return found;
  };

  // `,id,kind,` of each site, quoted and encoded once for all impacts.
  const siteCells = sites.candidates.map((site) => utf8(`,${csvCell(site.id)},${csvCell(site.kind)},`));
  const nameCells = sites.candidates.map((site) => utf8(`,${csvCell(site.name ?? site.id)}`));
  const top = readTop(options.get('top'));
  const eligibleOnly = options.get('eligible-only') === 'true';
  // The built banks' rows end with their credit cells (CREDIT_COLUMNS), once per site; a sites
  // file's rows end where they did.
  const withCredits = candidatesFile === undefined;
  const rowEnd = utf8('\n');
  const creditCellsOf = sites.candidates.map((site) =>
    withCredits
      ? utf8(`,${Object.values(creditCells(site.kind, site.creditPools)).map(csvCell).join(',')}\n`)
      : rowEnd,
  );

  const resolve = createUnitResolver(ruleset, overrides);
  const siteLine = Uint8Array.from(sites.candidates, (site) =>
    resolve(site.units).areaClassSource === 'county-line' ? COUNTY_LINE_BIT : 0,
  );

  const records = csvRecords(fileLines(impactsFile), impactsFile);
  const header = readHeader((await records.next()).value || undefined, IMPACT_COLUMNS, impactsFile);
  const writer = new ChunkWriter(out, { reuseChunks });
  const reasonCells = new ReasonCells(sites.candidates, ruleset, overrides);
  const headerRow = utf8(`${[...OUTPUT_COLUMNS, ...(withCredits ? CREDIT_COLUMNS : [])].join(',')}\n`);
  writer.room(headerRow.length);
  writer.put(headerRow);
  const seen = new Set<string>();
  try {
    for await (const record of records) {
      const row = impactFromRow(record, header, impactsFile);
      const { id } = row;
      const impact = row.outline ? await locateImpactOutline(row.impact, row.outline, dataDir) : row.impact;
      if (seen.has(id)) throw new UsageError(`${impactsFile} line ${record.line}: id: duplicate id "${id}"`);
      seen.add(id);
      const completed = await completeImpact(impact, openData);
      demonstration ||= completed.demonstration;
      const ranking = rankCompact(
        { impact: completed.impact, candidates: sitesFor(completed.impact.wetlandType) },
        { ruleset, overrides, today },
      );
      const { requirement } = ranking;
      // Cells that are the same on every row of this impact, quoted and encoded once.
      const idCell = utf8(`${csvCell(id)},`);
      const middle = utf8(
        `,${[
          requirement.ratio,
          requirement.maxRatio,
          requirement.replacementAcres,
          requirement.restorationOnly,
          requirement.replacementPlanRequired,
          ranking.ruleset,
          notLaw,
          demonstration,
        ]
          .map(csvCell)
          .join(',')},`,
      );
      const [lowRatio, highRatio] = requirement.ratioRange;
      const ratioRange = csvCell(`${lowRatio}-${highRatio}`);
      const tails = AVAILABILITY_CELLS.map((cell) =>
        utf8(`,${cell},${csvCell(requirement.replacedBy)},${ratioRange},`),
      );
      const fixed = idCell.length + middle.length + (tails[0] as Buffer).length + 64;
      reasonCells.begin(ranking);
      const impactLine = ranking.impact.units.areaClassSource === 'county-line' ? COUNTY_LINE_BIT : 0;
      const cells: ImpactCells = {
        idCell,
        middle,
        tails,
        fixed,
        siteCells,
        creditCells: creditCellsOf,
        siteLine,
        impactLine,
        nameCells,
        impactUnits: utf8(
          `,${(['minorWatershed', 'majorWatershed', 'bankServiceArea', 'county', 'areaClass'] as const)
            .map((unit) => csvCell(ranking.impact.units[unit] ?? null))
            .join(',')}`,
        ),
        eligibleOnly,
        left: { rows: top },
      };
      // Rows in runs that end when a flush is due: the loop over rows is a plain function, which
      // V8 optimises after a few impacts (a loop inside this async function would stay unoptimised
      // for the whole batch, as the function runs once).
      for (let position = 0; position < ranking.count; ) {
        position = writeRows(writer, ranking, reasonCells, cells, position);
        if (writer.due) await writer.flush();
      }
    }
  } finally {
    // Rows before a bad line are written, as they were when each impact was written at once.
    await writer.flush();
  }
  return { demonstration, rulesetNotice: notLaw };
}
