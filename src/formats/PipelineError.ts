/**
 * A failure of the data pipeline that names what failed: the source, the feature and the
 * problem. The build prints its message and exits non-zero; the previous good build stays.
 */
export class PipelineError extends Error {
  override name = 'PipelineError';
}

/** A source could not be reached or read (network down, timeout, HTTP error, unreadable file). */
export class SourceUnavailableError extends PipelineError {
  override name = 'SourceUnavailableError';
}
