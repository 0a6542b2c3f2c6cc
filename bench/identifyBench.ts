import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createBytesFeatureSource } from '../src/geo/bytesFeatureSource.ts';
import { locatePoint } from '../src/geo/locatePoint.ts';
import { pickContaining } from '../src/geo/pickContaining.ts';
import { UnitIndex } from '../src/geo/unitIndex.ts';
import { loadLookupLayers } from './loadLookupLayers.ts';
import { naiveLocate } from './naiveLocate.ts';
import { IDENTIFY_SEED, randomPoints } from './randomPoints.ts';
import { median, percentile } from './stats.ts';

/** Identify figures: per-point milliseconds, medians over runs. */
export interface IdentifyResult {
  points: number;
  indexedP50Ms: number;
  indexedP99Ms: number;
  /** p99 of each run's raw timings (scheduler and collector pauses included), median of the runs. */
  indexedRawP99Ms: number;
  naiveP50Ms: number;
  naiveP99Ms: number;
  /** The FlatGeobuf-file path (locatePoint over file bytes, the index in the file). */
  fileIndexP50Ms: number;
  fileIndexP99Ms: number;
  speedup: number;
  buildIndexMs: number;
  decodeLayersMs: number;
  /** Points where the indexed and the naive answer differ (must be 0). */
  mismatches: number;
}

function timeEach(points: [number, number][], run: (point: [number, number]) => unknown): number[] {
  return points.map((point) => {
    const start = performance.now();
    run(point);
    return performance.now() - start;
  });
}

/**
 * 1,000 seeded random points inside the state outline; each located with the in-memory index
 * (5 runs), the naive scan (2 runs) and the file-index path of locatePoint (1 run). The
 * answers of the index and the scan are compared on every point.
 */
export async function identifyBench(dataDir: string, log: (line: string) => void): Promise<IdentifyResult> {
  let start = performance.now();
  const { manifest, collections } = await loadLookupLayers(dataDir);
  const decodeLayersMs = performance.now() - start;
  start = performance.now();
  const index = new UnitIndex(manifest, collections);
  const buildIndexMs = performance.now() - start;
  const state = collections.state?.features ?? [];
  const points = randomPoints(
    1000,
    manifest.layers.state?.bounds ?? [-97.24, 43.5, -89.49, 49.38],
    IDENTIFY_SEED,
    (point) => pickContaining(point, state) !== null,
  );

  // Warm the JIT on other points so the first timed run is not the compiler's.
  for (const point of randomPoints(300, [-97, 43.6, -89.6, 49.3], 1)) index.locate(point);
  const indexedRuns = Array.from({ length: 5 }, () => timeEach(points, (point) => index.locate(point)));

  let mismatches = 0;
  const naiveRuns: number[][] = [];
  for (let run = 0; run < 2; run++) {
    naiveRuns.push(
      timeEach(points, (point) => {
        const naive = naiveLocate(point, manifest, collections);
        if (run === 0 && JSON.stringify(naive) !== JSON.stringify(index.locate(point))) mismatches += 1;
      }),
    );
  }
  log(`identify: naive p50 ${median(naiveRuns.map((run) => percentile(run, 0.5))).toFixed(3)} ms`);

  const source = createBytesFeatureSource(
    async (file) => new Uint8Array(await readFile(path.join(dataDir, file))),
  );
  await locatePoint([-93, 45], manifest, source);
  const fileRun: number[] = [];
  for (const point of points) {
    const begin = performance.now();
    await locatePoint(point, manifest, source);
    fileRun.push(performance.now() - begin);
  }

  // Each point's latency is the median of its 5 runs, so a time slice lost to another process on
  // this shared 2-core machine does not count as the lookup's; a point slow every run still does.
  const perPoint = points.map((_, i) => median(indexedRuns.map((run) => run[i] as number)));
  const indexedP50Ms = percentile(perPoint, 0.5);
  log(`identify: indexed p50 ${indexedP50Ms.toFixed(4)} ms, p99 ${percentile(perPoint, 0.99).toFixed(4)} ms`);
  const naiveP50Ms = median(naiveRuns.map((run) => percentile(run, 0.5)));
  return {
    points: points.length,
    indexedP50Ms,
    indexedP99Ms: percentile(perPoint, 0.99),
    indexedRawP99Ms: median(indexedRuns.map((run) => percentile(run, 0.99))),
    naiveP50Ms,
    naiveP99Ms: median(naiveRuns.map((run) => percentile(run, 0.99))),
    fileIndexP50Ms: percentile(fileRun, 0.5),
    fileIndexP99Ms: percentile(fileRun, 0.99),
    speedup: naiveP50Ms / indexedP50Ms,
    buildIndexMs,
    decodeLayersMs,
    mismatches,
  };
}
