import { describe, expect, it } from 'vitest';
import {
  CheckedRangeClient,
  type RangeFileState,
  rangeAnswerProblem,
} from '../../../src/geo/checkedRangeClient';

const FILE = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
const URL_ = 'https://data.example.org/mn/minor.fgb';

type Answer = (range: string | null, init: RequestInit) => Response | Error;

/** A fetch that answers from `answers` in turn (the last one repeats), recording each request. */
function fakeFetch(answers: Answer[]) {
  const calls: { range: string | null; cache: RequestCache | undefined }[] = [];
  const fetcher = (async (_url: string, init: RequestInit = {}) => {
    const range = new Headers(init.headers).get('Range');
    calls.push({ range, cache: init.cache });
    const answer = (answers[calls.length - 1] ?? answers.at(-1)!)(range, init);
    if (answer instanceof Error) throw answer;
    return answer;
  }) as unknown as typeof fetch;
  return { fetcher, calls };
}

function partial(range: string | null): Response {
  const [, a, b] = /bytes=(\d+)-(\d+)/.exec(range ?? '') ?? [];
  const start = Number(a);
  const end = Math.min(Number(b), FILE.length - 1);
  return new Response(FILE.slice(start, end + 1), {
    status: 206,
    headers: { 'Content-Range': `bytes ${start}-${end}/${FILE.length}` },
  });
}
const whole = () => new Response(FILE.slice(), { status: 200 });

function client(answers: Answer[]) {
  const notices: string[] = [];
  const state: RangeFileState = { whole: null };
  const { fetcher, calls } = fakeFetch(answers);
  const reader = new CheckedRangeClient(URL_, state, { fetch: fetcher, onNotice: (m) => notices.push(m) });
  return { reader, calls, notices, state };
}

describe('CheckedRangeClient', () => {
  it('returns a matching 206 as is, asking the HTTP cache not to keep partial entries', async () => {
    const { reader, calls, notices } = client([partial]);
    expect(new Uint8Array(await reader.getRange(10, 5))).toEqual(FILE.slice(10, 15));
    expect(calls).toEqual([{ range: 'bytes=10-14', cache: 'no-store' }]);
    expect(notices).toEqual([]);
  });

  it('accepts a range cut at the end of the file', async () => {
    const { reader } = client([partial]);
    expect(new Uint8Array(await reader.getRange(990, 100))).toEqual(FILE.slice(990));
  });

  it('keeps a whole-file answer (no range support) as the one download, with a notice naming the host', async () => {
    const { reader, calls, notices } = client([whole]);
    expect(new Uint8Array(await reader.getRange(100, 4))).toEqual(FILE.slice(100, 104));
    expect(new Uint8Array(await reader.getRange(500, 8))).toEqual(FILE.slice(500, 508));
    expect(calls).toHaveLength(1);
    expect(notices).toEqual([
      'data.example.org does not answer range requests, so each map layer is downloaded whole (slower, same data).',
    ]);
  });

  it.each<[string, Answer]>([
    [
      'a Content-Range for other bytes',
      () => new Response(FILE.slice(0, 5), { status: 206, headers: { 'Content-Range': 'bytes 0-4/1000' } }),
    ],
    [
      'a body longer than its Content-Range',
      () =>
        new Response(FILE.slice(10, 30), { status: 206, headers: { 'Content-Range': 'bytes 10-14/1000' } }),
    ],
    ['a failed decoding (ERR_CONTENT_DECODING_FAILED)', () => new TypeError('Failed to fetch')],
    [
      'a 416 inside the file',
      () => new Response(null, { status: 416, headers: { 'Content-Range': 'bytes */1000' } }),
    ],
  ])('retries once, then reads the file whole, after %s', async (_, bad) => {
    const { reader, calls, notices } = client([bad, bad, whole]);
    expect(new Uint8Array(await reader.getRange(10, 5))).toEqual(FILE.slice(10, 15));
    expect(calls.map((call) => call.range)).toEqual(['bytes=10-14', 'bytes=10-14', null]);
    expect(calls[2]?.cache).toBe('reload');
    // Later reads come from the whole copy.
    expect(new Uint8Array(await reader.getRange(700, 3))).toEqual(FILE.slice(700, 703));
    expect(calls).toHaveLength(3);
    await Promise.resolve();
    expect(notices[0]).toMatch(/^data\.example\.org sent partial answers that do not match/);
  });

  it('recovers when the retry is right', async () => {
    const bad: Answer = () => new TypeError('Failed to fetch');
    const { reader, calls, notices } = client([bad, partial]);
    expect(new Uint8Array(await reader.getRange(10, 5))).toEqual(FILE.slice(10, 15));
    expect(calls).toHaveLength(2);
    expect(notices).toEqual([]);
  });

  it('reads past the end of the file as empty (a real 416)', async () => {
    const { reader } = client([
      () => new Response(null, { status: 416, headers: { 'Content-Range': 'bytes */1000' } }),
    ]);
    expect((await reader.getRange(1000, 4)).byteLength).toBe(0);
  });

  it('throws on a missing file rather than falling back', async () => {
    const { reader } = client([() => new Response('gone', { status: 404 })]);
    await expect(reader.getRange(0, 8)).rejects.toThrow('HTTP 404');
  });
});

describe('rangeAnswerProblem', () => {
  it.each([
    [0, 8, 206, 'bytes 0-7/100', 8, null],
    [0, 8, 206, null, 8, null],
    [0, 8, 206, null, 9, '9 bytes for a range of 8'],
    [0, 8, 200, null, 100, 'no-ranges'],
    [4, 8, 206, 'bytes 0-7/100', 8, 'Content-Range bytes 0-7/100 for bytes 4-11'],
  ])('begin %d length %d status %d %s body %d: %s', (begin, length, status, range, body, expected) => {
    expect(rangeAnswerProblem(begin, length, status, range, body)).toBe(expected);
  });
});
