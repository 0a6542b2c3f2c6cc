import { PipelineError } from '../../src/formats/PipelineError.ts';
import { RibitsShapeError } from '../../src/formats/ribits/RibitsShapeError.ts';
import { type RibitsBankRecord, readBankSiteData } from '../../src/formats/ribits/readBankSiteData.ts';
import {
  minnesotaBanks,
  readBankSiteList,
  unreadMinnesotaNames,
} from '../../src/formats/ribits/readBankSiteList.ts';
import { bankSiteDataUrl, bankSiteListUrl } from '../../src/formats/ribits/ribitsRequests.ts';
import { CrossHostRedirectError, fetchSameHost } from './fetchSameHost.ts';
import { listNames } from './listNames.ts';

/** Why a refresh failed; every kind keeps the last good snapshot (acquireRibitsSites). */
export type RibitsFailureKind =
  | 'network'
  | 'timeout'
  | 'http'
  | 'html'
  | 'json'
  | 'size'
  | 'schema'
  | 'redirect';

/** A failed RIBITS refresh: names the request (and the bank, for a detail) and what was wrong. */
export class RibitsRefreshError extends PipelineError {
  override name = 'RibitsRefreshError';
  constructor(
    readonly kind: RibitsFailureKind,
    readonly request: string,
    message: string,
    readonly bankId: number | null = null,
    /** The HTTP status, when RIBITS answered. */
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** How a refresh talks to RIBITS. */
export interface RibitsRefreshOptions {
  /** `.../ords/RI/public/` (SITING_RIBITS_URL, else data/sources.json). */
  baseUrl: string;
  /** Per request (default 20 s: a detail with service-area outlines can be a few MB). */
  timeoutMs?: number;
  /** Detail requests in flight at once (default 4: polite to a public government service). */
  concurrency?: number;
  /** Further attempts after a network error, timeout, 5xx, 429 or HTML page (default 2). */
  retries?: number;
  /** First wait before a retry, doubled each time (default 500 ms). */
  retryDelayMs?: number;
  /** Largest list answer (default 64 MB; the real national list is 1.1 MB). */
  maxListBytes?: number;
  /** Largest detail answer (default 32 MB). */
  maxDetailBytes?: number;
  /** Most Minnesota banks (default 2,000; sources.json expects at most 2,000 sites). */
  maxBanks?: number;
  /** Progress lines ("RIBITS: 120/293 Minnesota banks read …"). */
  log?: (line: string) => void;
}

/** A finished refresh. */
export interface RibitsRefresh {
  records: RibitsBankRecord[];
  /** Banks in the national list. */
  listed: number;
  requests: number;
  retries: number;
  concurrency: number;
  retrieved: string;
  baseUrl: string;
  seconds: number;
}

/** Worth another try: no answer, or a server-side error or maintenance page, not a wrong request or a changed schema. */
const retryable = (error: unknown): boolean =>
  error instanceof RibitsRefreshError &&
  (error.kind === 'network' ||
    error.kind === 'timeout' ||
    ((error.kind === 'http' || error.kind === 'html') &&
      error.status !== null &&
      (error.status >= 500 ||
        error.status === 429 ||
        error.status === 408 ||
        (error.kind === 'html' && error.status === 200))));

/** What the start of an unexpected body says, cut to one short printable line. */
function firstWords(bytes: Uint8Array): string {
  const text = new TextDecoder().decode(bytes.subarray(0, 600));
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  const line = (title ?? text)
    .replace(/<[^>]*>/g, ' ')
    .replace(/[^\x20-\x7E]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}

async function readCapped(
  response: Response,
  max: number,
  label: string,
  request: string,
  bankId: number | null,
) {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max)
    throw new RibitsRefreshError(
      'size',
      request,
      `${label}: the answer is ${declared} bytes, more than ${max}`,
      bankId,
    );
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel();
      throw new RibitsRefreshError('size', request, `${label}: the answer passed ${max} bytes`, bankId);
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/**
 * One GET of a RIBITS answer as parsed JSON. An HTML page (ORDS and proxies answer errors and
 * maintenance with HTML, sometimes with status 200), a non-2xx status, a timeout, a body past
 * `max` bytes or text that is not JSON is a RibitsRefreshError naming the request.
 */
async function getJson(
  url: string,
  label: string,
  bankId: number | null,
  timeoutMs: number,
  max: number,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchSameHost(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    if (error instanceof CrossHostRedirectError)
      throw new RibitsRefreshError('redirect', url, `${label}: ${error.message}`, bankId);
    if ((error as Error).name === 'TimeoutError')
      throw new RibitsRefreshError(
        'timeout',
        url,
        `${label}: no answer within ${timeoutMs / 1000} s`,
        bankId,
      );
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    throw new RibitsRefreshError(
      'network',
      url,
      `${label}: cannot reach ${new URL(url).host} (${cause?.code ?? cause?.message ?? (error as Error).message})`,
      bankId,
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(response, max, label, url, bankId);
  } catch (error) {
    if (error instanceof RibitsRefreshError) throw error;
    if ((error as Error).name === 'TimeoutError')
      throw new RibitsRefreshError(
        'timeout',
        url,
        `${label}: the answer did not finish within ${timeoutMs / 1000} s`,
        bankId,
      );
    throw new RibitsRefreshError(
      'network',
      url,
      `${label}: the answer broke off (${(error as Error).message})`,
      bankId,
    );
  }
  const type = response.headers.get('content-type') ?? '';
  const start = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart().toLowerCase();
  if (/html/i.test(type) || start.startsWith('<'))
    throw new RibitsRefreshError(
      'html',
      url,
      `${label}: answered an HTML page (HTTP ${response.status}: "${firstWords(bytes)}"), not JSON`,
      bankId,
      response.status,
    );
  if (!response.ok)
    throw new RibitsRefreshError(
      'http',
      url,
      `${label}: answered HTTP ${response.status} (${firstWords(bytes)})`,
      bankId,
      response.status,
    );
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new RibitsRefreshError(
      'json',
      url,
      `${label}: the answer is not JSON ("${firstWords(bytes)}")`,
      bankId,
    );
  }
}

/**
 * Reads the Minnesota banks from the RIBITS public ORDS service as it really answers: the
 * national `bank_site_list/` in one answer, then each Minnesota bank's `bank_site_data/?q=
 * {"bank_id":N,"show_service_area":"Yes","show_footprint":"Yes","show_contacts":"Yes",
 * "show_ledger":"Yes"}`, a few at a time, each with a timeout and retries (with doubling waits)
 * on network errors, timeouts, 5xx/429 answers and HTML pages. One progress line per tenth.
 * All or nothing: the first failure that survives its retries ends the refresh.
 * @throws RibitsRefreshError naming the request, the bank and the problem
 */
export async function fetchRibitsBanks(options: RibitsRefreshOptions): Promise<RibitsRefresh> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 20_000;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const retries = Math.max(0, options.retries ?? 2);
  const retryDelayMs = options.retryDelayMs ?? 500;
  const log = options.log ?? (() => {});
  let requests = 0;
  let retried = 0;
  const attempt = async <T>(run: () => Promise<T>): Promise<T> => {
    for (let i = 0; ; i++) {
      requests++;
      try {
        return await run();
      } catch (error) {
        if (!retryable(error) || i >= retries) throw error;
        retried++;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** i));
      }
    }
  };
  const reshape = (error: unknown, url: string, bankId: number | null): never => {
    if (error instanceof RibitsShapeError) throw new RibitsRefreshError('schema', url, error.message, bankId);
    throw error;
  };

  const listUrl = bankSiteListUrl(options.baseUrl);
  const listLabel = `RIBITS bank_site_list (${listUrl})`;
  const list = await attempt(async () => {
    const answer = await getJson(listUrl, listLabel, null, timeoutMs, options.maxListBytes ?? 64 * 2 ** 20);
    try {
      return readBankSiteList(answer, listLabel);
    } catch (error) {
      return reshape(error, listUrl, null);
    }
  });
  const chosen = minnesotaBanks(list);
  const unread = unreadMinnesotaNames(list);
  const unreadText =
    unread.length === 0
      ? ''
      : `${unread.length} name${unread.length === 1 ? '' : 's'} speak of Minnesota in a form the name rule does not read, so ${unread.length === 1 ? 'its bank is' : 'their banks are'} not read: ${listNames(unread)}`;
  if (chosen.length === 0)
    throw new RibitsRefreshError(
      'schema',
      listUrl,
      `${listLabel}: none of its ${list.length} banks is named "MN - <county> - …"; RIBITS may have renamed them, so no Minnesota bank is read rather than an empty layer built${unreadText ? `; ${unreadText}` : ''}`,
    );
  if (unread.length > 0) log(`RIBITS: ${unreadText}`);
  const maxBanks = options.maxBanks ?? 2000;
  if (chosen.length > maxBanks)
    throw new RibitsRefreshError(
      'size',
      listUrl,
      `${listLabel}: ${chosen.length} Minnesota banks, more than ${maxBanks}`,
    );
  log(
    `RIBITS: ${list.length} banks listed, ${chosen.length} named "MN - …"; reading their details ${concurrency} at a time`,
  );

  const records: RibitsBankRecord[] = new Array(chosen.length);
  let next = 0;
  let done = 0;
  let failure: unknown = null;
  let lastTenth = 0;
  const worker = async () => {
    while (failure === null && next < chosen.length) {
      const index = next++;
      const entry = chosen[index]!;
      const url = bankSiteDataUrl(options.baseUrl, entry.bankId);
      const label = `RIBITS bank ${entry.bankId} "${entry.name}" (bank_site_data)`;
      try {
        records[index] = await attempt(async () => {
          const answer = await getJson(
            url,
            label,
            entry.bankId,
            timeoutMs,
            options.maxDetailBytes ?? 32 * 2 ** 20,
          );
          try {
            const record = readBankSiteData(answer, entry.bankId, `bank_site_data for "${entry.name}"`);
            if (record.states.length > 0 && !record.states.includes('MN'))
              throw new RibitsShapeError(
                `bank ${entry.bankId} "${entry.name}": named as a Minnesota bank but its STATE_LIST is ${record.states.join(', ')}`,
              );
            return record;
          } catch (error) {
            return reshape(error, url, entry.bankId);
          }
        });
      } catch (error) {
        failure ??= error;
        return;
      }
      done++;
      const tenth = Math.floor((done * 10) / chosen.length);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        log(
          `RIBITS: ${done}/${chosen.length} Minnesota banks read (${requests} requests, ${retried} retried, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chosen.length) }, worker));
  if (failure !== null) throw failure;
  return {
    records,
    listed: list.length,
    requests,
    retries: retried,
    concurrency,
    retrieved: new Date().toISOString(),
    baseUrl: options.baseUrl,
    seconds: (performance.now() - started) / 1000,
  };
}
