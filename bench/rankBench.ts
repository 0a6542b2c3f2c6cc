import { spawn } from 'node:child_process';
import path from 'node:path';
import { expandRanked, rankCompact } from '../src/siting/index.ts';
import { BENCH_IMPACT, generateCandidates } from './generateScenario.ts';
import { median } from './stats.ts';

/** Ranking figures: median milliseconds, and the allocation floor measured beside them. */
export interface RankResultFigures {
  tenThousandMs: number;
  millionMs: number;
  /**
   * The first ranking of 10,000 in a fresh process, and the median of the 5 after it: what the
   * 10,000 figure was before the warm-up ran until V8 had compiled the ranking (see WARM_UP_RUNS).
   */
  tenThousandFirstMs?: number;
  tenThousandEarlyMs?: number;
  /** Building just the output objects (no rules) for the same counts: what no ranking beats. */
  tenThousandFloorMs: number;
  millionFloorMs: number;
  runs: { tenThousand: number; million: number };
  /** The same rankings in a child node with a 64 MB young generation (the collector's diagnosis). */
  largeYoungGeneration?: { tenThousandMs: number; millionMs: number };
}

/**
 * The cost of allocating a result shaped like rankScenario's (a candidate object with units and
 * one reason each) and sorting it by a number: the floor of any ranking that returns every row.
 */
function outputFloor(count: number): number {
  const start = performance.now();
  const rows: { id: string; units: object; reasons: object[]; distance: number }[] = [];
  for (let i = 0; i < count; i++) {
    rows.push({
      id: `S${i}`,
      units: { minorWatershed: null, majorWatershed: 41, bankServiceArea: 9, county: null, areaClass: null },
      reasons: [
        { text: `In the same major watershed as the impact (${i % 84}).`, cite: '103G.222 subd. 3(a)(2)' },
      ],
      distance: (i * 7919) % count,
    });
  }
  rows.sort((a, b) => a.distance - b.distance);
  return performance.now() - start;
}

/**
 * Untimed rankings before the 15 timed ones. V8 takes 15-20 rankings of 10,000 to finish
 * optimising the ranking (measured: 90, 63, 14, 25, 19 ms ... then 3.3-3.7 ms from about the 20th,
 * at load 6); the figure is the ranking, not the compiler, so the timed runs start after 30.
 * The cold rankings are kept beside it (tenThousandFirstMs, tenThousandEarlyMs).
 */
const WARM_UP_RUNS = 30;

/** Rows a ranked table shows at once: expanded, reasons and all, inside the timed ranking. */
const SHOWN_ROWS = 50;

/**
 * One ranking as the page and the batch use it: compact columns for every candidate, and the
 * first rows a table shows expanded into full RankedCandidates with their cited reasons.
 */
function timeRank(candidates: ReturnType<typeof generateCandidates>): number {
  const start = performance.now();
  const ranking = rankCompact({ impact: BENCH_IMPACT, candidates });
  for (let position = 0; position < Math.min(SHOWN_ROWS, ranking.count); position++)
    expandRanked(ranking, position);
  return performance.now() - start;
}

/**
 * rankScenario over 10,000 (15 runs after WARM_UP_RUNS warm-up) and 1,000,000 (3 runs) seeded candidates,
 * and the output floor beside them unless `withFloor` is false (NaN then).
 */
export function rankBench(log: (line: string) => void, withFloor = true): RankResultFigures {
  const tenThousand = generateCandidates(10_000, 1);
  const warmUp = Array.from({ length: WARM_UP_RUNS }, () => timeRank(tenThousand));
  const tenThousandRuns = Array.from({ length: 15 }, () => timeRank(tenThousand));
  const tenThousandFloor = withFloor ? Array.from({ length: 15 }, () => outputFloor(10_000)) : [];
  log(
    `rank: 10,000 median ${median(tenThousandRuns).toFixed(2)} ms (first ranking ${warmUp[0]?.toFixed(1)} ms, 2nd-6th median ${median(warmUp.slice(1, 6)).toFixed(2)} ms)`,
  );
  const million = generateCandidates(1_000_000, 2);
  const millionRuns = Array.from({ length: 3 }, () => timeRank(million));
  const millionFloor = withFloor ? Array.from({ length: 3 }, () => outputFloor(1_000_000)) : [];
  log(`rank: 1,000,000 median ${median(millionRuns).toFixed(0)} ms`);
  return {
    tenThousandMs: median(tenThousandRuns),
    tenThousandFirstMs: warmUp[0] ?? Number.NaN,
    tenThousandEarlyMs: median(warmUp.slice(1, 6)),
    millionMs: median(millionRuns),
    tenThousandFloorMs: median(tenThousandFloor),
    millionFloorMs: median(millionFloor),
    runs: { tenThousand: tenThousandRuns.length, million: millionRuns.length },
  };
}

/**
 * Runs the same ranking measure in a child node whose young generation is 64 MB instead of the
 * default 16 MB: if the time drops, the collector copying the growing result is what bounds it.
 */
export function rankInLargeYoungGeneration(): Promise<{ tenThousandMs: number; millionMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--max-semi-space-size=64', '--import', 'tsx', path.join(import.meta.dirname, 'rankChild.ts')],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0) reject(new Error(`rankChild exited ${status}`));
      else resolve(JSON.parse(output) as { tenThousandMs: number; millionMs: number });
    });
  });
}
