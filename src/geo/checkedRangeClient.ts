/**
 * HTTP range reads that do not trust the host: FlatGeobuf's own client takes whatever body a
 * range request gets, so a host that ignores ranges (200 with the whole file), compresses its
 * partial responses (issue 15: `vite preview` gzipped 206s; the browser's cache then pieced
 * files together wrongly) or answers 416 yields silently corrupt features. This client checks
 * every answer against the bytes it asked for, retries once, and otherwise falls back to one
 * whole download of the file, answering all further ranges from it, with a one-line notice
 * naming the host.
 *
 * Browsers forbid pages to set Accept-Encoding; Chromium already asks for `identity` on range
 * requests. Range reads use `cache: 'no-store'` so the HTTP cache never stores partial entries
 * that a later whole-file read could be assembled from.
 */

import { HostUnreachableError } from './hostUnreachable.ts';

/** Shared per file: the whole bytes once a fallback downloaded them. */
export interface RangeFileState {
  whole: Promise<Uint8Array> | null;
}

export interface CheckedRangeOptions {
  signal?: AbortSignal | undefined;
  /** Called once per file when its range reads fall back to a whole download. */
  onNotice?: ((message: string) => void) | undefined;
  /** Called with each range answer that checked out, and whether it came from the offline copy. */
  onRange?: ((begin: number, body: ArrayBuffer, fromOfflineCopy: boolean) => void) | undefined;
  fetch?: typeof fetch;
}

/** `bytes a-b/size` (size may be `*`). */
function parseContentRange(
  header: string | null,
): { start: number; end: number; size: number | null } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), size: match[3] === '*' ? null : Number(match[3]) };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

function mb(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

/** Why one range answer cannot be used; null when it is the bytes asked for. */
export function rangeAnswerProblem(
  begin: number,
  length: number,
  status: number,
  contentRange: string | null,
  bodyLength: number,
): string | null {
  if (status === 200) return 'no-ranges';
  if (status !== 206) return `HTTP ${status}`;
  const range = parseContentRange(contentRange);
  if (range) {
    const expectedEnd =
      range.size === null ? begin + length - 1 : Math.min(begin + length - 1, range.size - 1);
    if (range.start !== begin || range.end !== expectedEnd)
      return `Content-Range ${contentRange} for bytes ${begin}-${begin + length - 1}`;
    if (bodyLength !== range.end - range.start + 1)
      return `${bodyLength} bytes for Content-Range ${contentRange}`;
    return null;
  }
  // Content-Range not readable (a cross-origin host that does not expose it): the length must fit.
  if (bodyLength > length || bodyLength === 0) return `${bodyLength} bytes for a range of ${length}`;
  return null;
}

/** A `getRange` source for FlatGeobuf's HttpReader.openSource, checked as described above. */
export class CheckedRangeClient {
  constructor(
    readonly url: string,
    private readonly state: RangeFileState,
    private readonly options: CheckedRangeOptions = {},
  ) {}

  private get fetcher(): typeof fetch {
    return this.options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  async getRange(begin: number, length: number, _purpose?: string): Promise<ArrayBuffer> {
    if (this.state.whole) return slice(await this.state.whole, begin, length);
    let problem = '';
    for (let attempt = 0; attempt < 2; attempt++) {
      this.options.signal?.throwIfAborted();
      let response: Response;
      try {
        response = await this.fetcher(this.url, {
          headers: { Range: `bytes=${begin}-${begin + length - 1}` },
          cache: 'no-store',
          ...(this.options.signal ? { signal: this.options.signal } : {}),
        });
      } catch (error) {
        if (this.options.signal?.aborted) throw error;
        // ERR_CONTENT_DECODING_FAILED and other failed bodies arrive as a TypeError.
        problem = error instanceof Error ? error.message : String(error);
        continue;
      }
      if (response.status === 416) {
        // Past the end of the file is a real 416 (an empty read); anything else is the host's fault.
        const size = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
        if (size && begin >= Number(size[1])) return new ArrayBuffer(0);
        problem = 'HTTP 416';
        continue;
      }
      if (!response.ok && response.status !== 206) {
        throw new Error(`${this.url}: HTTP ${response.status}`);
      }
      let body: ArrayBuffer;
      try {
        body = await response.arrayBuffer();
      } catch (error) {
        if (this.options.signal?.aborted) throw error;
        problem = error instanceof Error ? error.message : String(error);
        continue;
      }
      const why = rangeAnswerProblem(
        begin,
        length,
        response.status,
        response.headers.get('content-range'),
        body.byteLength,
      );
      if (why === null) {
        this.options.onRange?.(begin, body, response.headers.has('X-Offline-Copy'));
        return body;
      }
      if (why === 'no-ranges') {
        // The host sent the whole file: keep it (it is the one download) and slice from it.
        const whole = new Uint8Array(body);
        this.state.whole = Promise.resolve(whole);
        this.options.onNotice?.(
          `${hostOf(this.url)} does not answer range requests, so each map layer is downloaded whole (slower, same data).`,
        );
        return slice(whole, begin, length);
      }
      problem = why;
    }
    return this.fallBackToWhole(begin, length, problem);
  }

  private async fallBackToWhole(begin: number, length: number, problem: string): Promise<ArrayBuffer> {
    if (!this.state.whole) {
      const download = (async () => {
        let response: Response;
        try {
          response = await this.fetcher(this.url, { cache: 'reload' });
        } catch (error) {
          // No answer at all (offline, the host down), and the offline copy had no such range.
          if (this.options.signal?.aborted) throw error;
          throw new HostUnreachableError(this.url, error);
        }
        if (!response.ok) throw new Error(`${this.url}: HTTP ${response.status}`);
        return new Uint8Array(await response.arrayBuffer());
      })();
      this.state.whole = download;
      download.then(
        (whole) => {
          console.warn(
            `${fileName(this.url)}: range answers did not match (${problem}); read whole (${mb(whole.byteLength)}).`,
          );
          this.options.onNotice?.(
            `${hostOf(this.url)} sent partial answers that do not match the bytes asked for, so each map layer is downloaded whole (slower, same data).`,
          );
        },
        () => {
          this.state.whole = null;
        },
      );
    }
    return slice(await this.state.whole, begin, length);
  }
}

function fileName(url: string): string {
  try {
    return new URL(url).pathname.split('/').pop() || url;
  } catch {
    return url;
  }
}

function slice(bytes: Uint8Array, begin: number, length: number): ArrayBuffer {
  const end = Math.min(bytes.byteLength, begin + length);
  if (begin >= end) return new ArrayBuffer(0);
  return bytes.buffer.slice(bytes.byteOffset + begin, bytes.byteOffset + end) as ArrayBuffer;
}
