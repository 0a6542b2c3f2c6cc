/**
 * Odd places, odd input and faults through the real `siting` command (node): a shared boundary,
 * open water beyond the state, (0,0), the antimeridian, NaN, a site with no geometry, a missing or
 * corrupted data directory, formula-looking CSV cells, and random scenario files / CSV rows.
 * The fixture layers (test/fixtures/siting/layers) are a 2°×1.5° Minnesota; Lake Superior lies
 * outside it to the north-east, as it lies outside the Census county shoreline.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/cliErrors.ts';
import { csvCell, csvRecords } from '../../../src/cli/csv.ts';
import { CANDIDATE_COLUMNS, candidateFromRow, readHeader } from '../../../src/cli/csvRows.ts';
import { parseScenario, rankScenario } from '../../../src/siting/index.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';
import { runCli } from '../cli/runCli.ts';
import { FUZZ_SEEDS, FUZZ_TIMEOUT_MS, fuzzParameters } from '../fuzz/fuzzSettings.ts';

let data: string;
let work: string;

beforeAll(async () => {
  data = await buildDataDir({ indexed: true });
  work = await mkdtemp(path.join(tmpdir(), 'siting-odd-'));
});
afterAll(async () => {
  await rm(data, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

/** Exit status 2 or 3 with exactly one stderr line and no stack trace. */
function expectRefused(run: { status: number | null; stdout: string; stderr: string }, status: 2 | 3) {
  expect(run.status).toBe(status);
  expect(run.stdout).toBe('');
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/^siting: /);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('odd places: siting locate', { timeout: 30_000 }, () => {
  it('a point exactly on a shared boundary: one deterministic answer, flagged onBoundary', async () => {
    const runs = await Promise.all([
      runCli(['locate', '-92', '44', '--data', data]),
      runCli(['locate', '-92', '44', '--data', data]),
    ]);
    expect(runs[0]?.stdout).toBe(runs[1]?.stdout);
    const found = JSON.parse(runs[0]?.stdout ?? '');
    expect(found.county).toMatchObject({ id: '27109', onBoundary: true });
    expect(found.bankServiceArea).toMatchObject({ id: 1, onBoundary: true });
  });

  it.each([
    ['in Lake Superior', '-90.5', '47.2'],
    ['just outside the state', '-90.9999', '44'],
    ['at (0,0)', '0', '0'],
    ['on the antimeridian', '180', '44'],
  ])('%s: a plain answer, not in Minnesota, exit 0', async (_label, lon, lat) => {
    const run = await runCli(['locate', lon, lat, '--data', data]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      inMinnesota: false,
      county: null,
      areaClass: null,
      majorWatershed: null,
      minorWatershed: null,
      bankServiceArea: null,
    });
  });

  it.each([
    ['NaN', 'NaN', '44', /lon: "NaN" is not a number/],
    ['a longitude past the antimeridian', '180.5', '44', /lon: 180\.5 is outside -180 to 180/],
    ['a wrapped longitude', '-200', '44', /lon: -200 is outside -180 to 180/],
    ['Infinity', '-92', 'Infinity', /lat: "Infinity" is not a number/],
    ['a latitude past the pole', '-92', '91', /lat: 91 is outside -90 to 90/],
  ])('%s is refused clearly with exit 2', async (_label, lon, lat, message) => {
    const run = await runCli(['locate', lon, lat, '--data', data]);
    expectRefused(run, 2);
    expect(run.stderr).toMatch(message);
  });
});

describe('faults: siting exit codes', { timeout: 30_000 }, () => {
  it('a missing data directory is exit 3, naming it', async () => {
    const run = await runCli(['locate', '-92.5', '44', '--data', path.join(work, 'no-such-dir')]);
    expectRefused(run, 3);
    expect(run.stderr).toContain('no-such-dir');
  });

  it('a truncated layer file is exit 3, naming the file, not an internal error or a hang', async () => {
    const broken = await buildDataDir({ indexed: true });
    const file = path.join(broken, 'counties.fgb');
    await writeFile(file, (await readFile(file)).subarray(0, 20));
    const run = await runCli(['locate', '-92.5', '44', '--data', broken]);
    await rm(broken, { recursive: true, force: true });
    expectRefused(run, 3);
    expect(run.stderr).toContain('counties.fgb');
  });

  it('a candidate with no geometry and no units is listed as unlocated, not dropped', async () => {
    const scenario = path.join(work, 'unlocated.json');
    await writeFile(
      scenario,
      JSON.stringify({
        impact: { location: [-92.7, 44], acres: 1, land: 'nonagricultural' },
        candidates: [
          { id: 'nowhere', kind: 'project-specific', action: 'restoration' },
          { id: 'here', kind: 'project-specific', action: 'restoration', location: [-92.8, 44.1] },
        ],
      }),
    );
    const run = await runCli(['rank', scenario, '--data', data]);
    expect(run.status).toBe(0);
    const nowhere = JSON.parse(run.stdout).candidates.find((c: { id: string }) => c.id === 'nowhere');
    expect(nowhere).toMatchObject({ unlocated: true, priority: null });
  });
});

describe('injection: batch CSV output', { timeout: 30_000 }, () => {
  it('neutralises formula-looking cells and leaves plain numbers alone', async () => {
    const impacts = path.join(work, 'impacts.csv');
    const sites = path.join(work, 'sites.csv');
    await writeFile(
      impacts,
      'id,acres,land,bankServiceArea,areaClass\n=HYPERLINK("http://x"),1,nonagricultural,10,less-than-50\n',
    );
    await writeFile(
      sites,
      'id,kind,bankServiceArea,areaClass\n@SUM(A1),bank,10,less-than-50\n+1+1,bank,10,less-than-50\n-2+3,bank,10,less-than-50\n-92.47,bank,10,less-than-50\n',
    );
    const run = await runCli(['batch', impacts, '--candidates', sites, '--data', data]);
    expect(run.status).toBe(0);
    const rows = run.stdout.trimEnd().split('\n').slice(1);
    expect(rows.every((row) => row.startsWith(`"'=HYPERLINK(""http://x"")"`))).toBe(true);
    const ids = rows.map((row) => row.split(',')[2]);
    expect(ids.sort()).toEqual(["'+1+1", "'-2+3", "'@SUM(A1)", '-92.47']);
  });

  it('no cell the writer emits starts with = + - @ tab or CR unless it is a plain number', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null)), (value) => {
        const cell = csvCell(value);
        const text = cell.startsWith('"') ? cell.slice(1) : cell;
        if (/^[=+\-@\t\r]/.test(text)) expect(Number.isFinite(Number(text))).toBe(true);
      }),
      fuzzParameters('csvCell'),
    );
  });
});

/** Lines of a text, as the CLI's readline stream gives them. */
async function* linesOf(text: string): AsyncGenerator<string> {
  yield* text.split(/\r?\n/);
}

describe('fuzz: CLI input', { timeout: 30_000 }, () => {
  it('random sites.csv rows: a candidate or a UsageError naming the file and line (10,000 in process)', {
    timeout: FUZZ_TIMEOUT_MS,
  }, async () => {
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '',
        'bank',
        'project-specific',
        'true',
        'nope',
        '-92.4',
        '44.1',
        'NaN',
        '1e999',
        '"',
        '27109',
        'less-than-50',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(Object.keys(CANDIDATE_COLUMNS), { minLength: 1 }),
        fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 4 }),
        async (header, rows) => {
          const text = [
            header.join(','),
            ...rows.map((cells) =>
              cells.map((c) => (/[",\n\r]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(','),
            ),
          ].join('\n');
          try {
            const records = csvRecords(linesOf(text), 'sites.csv');
            const first = await records.next();
            const columns = readHeader(first.value || undefined, CANDIDATE_COLUMNS, 'sites.csv');
            for await (const record of records) candidateFromRow(record, columns, 'sites.csv');
          } catch (error) {
            expect(error).toBeInstanceOf(UsageError);
            expect((error as Error).message).toMatch(/^sites\.csv( line \d+)?: .+/s);
          }
        },
      ),
      fuzzParameters('cliCsv'),
    );
  });

  it('random scenario files through the real command: exit 0 or 2, one stderr line, no stack', {
    timeout: 120_000,
  }, async () => {
    const samples = fc.sample(
      fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
        fc.string(),
        fc.constant('{"impact":{"units":{"bankServiceArea":10},"acres":1,"land":"urban"},"candidates":[]}'),
      ),
      { seed: FUZZ_SEEDS.cliScenario, numRuns: 12 },
    );
    for (const [index, text] of samples.entries()) {
      const file = path.join(work, `scenario-${index}.json`);
      await writeFile(file, text);
      const run = await runCli(['rank', file, '--data', data]);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const accepted = parsed !== undefined && parseScenario(parsed).ok;
      if (accepted) expect(run.status).toBe(0);
      else {
        expectRefused(run, 2);
        expect(run.stderr).toContain(file);
      }
    }
    // The in-process half (10,000 cases of parseScenario) is test/unit/fuzz/scenarioJson.test.ts.
    expect(rankScenario).toBeTypeOf('function');
  });
});
