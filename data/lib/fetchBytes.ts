import { PipelineError, SourceUnavailableError } from '../../src/formats/PipelineError.ts';
import { CrossHostRedirectError, fetchSameHost } from './fetchSameHost.ts';

/** How long one request to an official source may take before the build moves on. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * GETs a URL with a timeout.
 * @param label names the source in error messages
 * @throws SourceUnavailableError on network failure, timeout or a non-2xx status
 */
export async function fetchBytes(
  url: string,
  label: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetchSameHost(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof CrossHostRedirectError) throw new PipelineError(`${label}: ${error.message}`);
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new SourceUnavailableError(`${label}: cannot fetch ${url} (${reason})`);
  }
  if (!response.ok) throw new SourceUnavailableError(`${label}: ${url} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** GETs and parses JSON; an unparseable body is reported like an unreachable source. */
export async function fetchJson(
  url: string,
  label: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<unknown> {
  const bytes = await fetchBytes(url, label, timeoutMs);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new SourceUnavailableError(`${label}: ${url} did not return JSON`);
  }
}
