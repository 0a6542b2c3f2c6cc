/**
 * The bench's realistic-density build, run in its own node process so its time and peak memory
 * are its own: the same pipeline as `npm run data` (offline, with the mirror), the demonstration
 * geography densified `argv[3]` times, written to `argv[2]`. Prints one JSON line of figures.
 */
import { resolveBuildOptions } from '../data/lib/resolveBuildOptions.ts';
import { runPipeline } from '../data/lib/runPipeline.ts';

const [outDir, factor] = [process.argv[2], Number(process.argv[3] ?? 10)];
if (!outDir) throw new Error('usage: realisticBuildChild.ts OUT_DIR [FACTOR]');
const started = performance.now();
const options = resolveBuildOptions(
  { ...process.env, SITING_DATA_OFFLINE: '1', SITING_DATA_OUT: outDir },
  () => {},
);
await runPipeline({ ...options, demo: { densify: factor } });
const seconds = (performance.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
