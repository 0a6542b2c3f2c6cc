import { rankScenario } from '../src/siting/index.ts';
import { BENCH_IMPACT, generateCandidates } from './generateScenario.ts';
import { median } from './stats.ts';

/** Ranking figures: median milliseconds, and the allocation floor measured beside them. */
export interface RankResultFigures {
  tenThousandMs: number;
  millionMs: number;
  /** Building just the output objects (no rules) for the same counts: what no ranking beats. */
  tenThousandFloorMs: number;
  millionFloorMs: number;
  runs: { tenThousand: number; million: number };
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

function timeRank(candidates: ReturnType<typeof generateCandidates>): number {
  const start = performance.now();
  rankScenario({ impact: BENCH_IMPACT, candidates });
  return performance.now() - start;
}

/** rankScenario over 10,000 (15 runs after 5 warm-up) and 1,000,000 (3 runs) seeded candidates. */
export function rankBench(log: (line: string) => void): RankResultFigures {
  const tenThousand = generateCandidates(10_000, 1);
  for (let i = 0; i < 5; i++) timeRank(tenThousand);
  const tenThousandRuns = Array.from({ length: 15 }, () => timeRank(tenThousand));
  const tenThousandFloor = Array.from({ length: 15 }, () => outputFloor(10_000));
  log(`rank: 10,000 median ${median(tenThousandRuns).toFixed(2)} ms`);
  const million = generateCandidates(1_000_000, 2);
  const millionRuns = Array.from({ length: 3 }, () => timeRank(million));
  const millionFloor = Array.from({ length: 3 }, () => outputFloor(1_000_000));
  log(`rank: 1,000,000 median ${median(millionRuns).toFixed(0)} ms`);
  return {
    tenThousandMs: median(tenThousandRuns),
    millionMs: median(millionRuns),
    tenThousandFloorMs: median(tenThousandFloor),
    millionFloorMs: median(millionFloor),
    runs: { tenThousand: tenThousandRuns.length, million: millionRuns.length },
  };
}
