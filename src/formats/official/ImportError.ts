import { PipelineError } from '../PipelineError.ts';

/**
 * An official file that cannot be used. The message names the file, the layer and the problem,
 * and lists what was found (layers, fields) and the `--map` that would settle it. It is a
 * PipelineError, so the CLI reports it like any other bad source and keeps the previous build.
 */
export class ImportError extends PipelineError {
  override name = 'ImportError';
}
