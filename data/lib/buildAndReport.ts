import { PipelineError } from '../../src/formats/PipelineError.ts';
import { printableLines } from '../../src/formats/text/printable.ts';
import { formatBuildReport } from './formatBuildReport.ts';
import { type PipelineOptions, runPipeline } from './runPipeline.ts';

/** Runs the pipeline and prints its report, timed from `started` (performance.now()). */
export async function buildAndReport(options: PipelineOptions, started: number): Promise<void> {
  const manifest = await runPipeline(options);
  for (const line of formatBuildReport(manifest, options.outDir, (performance.now() - started) / 1000))
    console.log(line);
}

/**
 * Runs a data command's body; a bad source or setting (PipelineError) ends the process with
 * status 1 and its message, the previous build unchanged — status 2 when the fault is in what
 * the user gave (a credit listing's bad rows or missing column). Shared by `npm run data` and
 * `npm run data:ensure`.
 */
export async function exitOnPipelineError(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (error instanceof PipelineError) {
      // The message may quote a file or a service: its control characters are shown, never obeyed.
      console.error(
        printableLines(`Data build failed; the previous build (if any) is unchanged.\n${error.message}`),
      );
      process.exit((error as PipelineError & { exitCode?: number }).exitCode ?? 1);
    }
    throw error;
  }
}
