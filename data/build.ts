/**
 * `npm run data`: turns the sources in data/sources.json into public/data/*.fgb and
 * manifest.json (see data/README.md). Exits 1 with a message naming the source, feature and
 * problem when a source is bad; the previous build is then left as it was.
 */
import { formatBuildReport } from './lib/formatBuildReport.ts';
import { PipelineError } from './lib/PipelineError.ts';
import { resolveBuildOptions } from './lib/resolveBuildOptions.ts';
import { runPipeline } from './lib/runPipeline.ts';

const started = performance.now();
try {
  const options = resolveBuildOptions();
  const manifest = await runPipeline(options);
  for (const line of formatBuildReport(manifest, options.outDir, (performance.now() - started) / 1000))
    console.log(line);
} catch (error) {
  if (error instanceof PipelineError) {
    console.error(`Data build failed; the previous build (if any) is unchanged.\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
