import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditInputError } from '../../../data/lib/buildCreditListings.ts';
import { loadSources } from '../../../data/lib/loadSources.ts';
import { runPipeline } from '../../../data/lib/runPipeline.ts';

const REPO = new URL('../../../', import.meta.url).pathname;
const HEADER = 'Account Number,RIBITS Bank ID,Bank Name,Credit Type,Approval,Credits Available,Unit';
let work: string;
let out: string;
const KEPT = '{"schema":1,"kept":"the earlier good credits"}\n';

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'siting-empty-listing-'));
  out = join(work, 'data');
  mkdirSync(out);
  writeFileSync(join(out, 'credits.json'), KEPT);
  writeFileSync(join(out, 'manifest.json'), '{"kept":true}\n');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function listing(name: string, rows: string[]): string {
  const path = join(work, name);
  writeFileSync(path, `${[HEADER, ...rows].join('\r\n')}\r\n`);
  utimesSync(path, new Date('2026-05-09T10:00:00Z'), new Date('2026-05-09T10:00:00Z'));
  return path;
}

const build = (path: string, skipBadRows: boolean) =>
  runPipeline({
    sources: loadSources(join(REPO, 'data', 'sources.json'), {}),
    overridesPath: join(REPO, 'data', 'area-class-overrides.json'),
    outDir: out,
    mirrorDir: null,
    offline: true,
    inputsHash: 'test',
    log: () => {},
    credits: { files: [{ path, bytes: 0, mtime: '2026-05-09T10:00:00.000Z' }], asOf: null, skipBadRows },
  });

describe('a credit listing with no usable row never empties credits.json', () => {
  it.each([
    ['header only', [] as string[], false, /header-only\.csv has no usable row \(no rows under its header\)/],
    [
      'every row bad, with --skip-bad-rows',
      ['1545,,EIP,Standard,WCA only,-5,sq ft', '1546,,Other,Standard,WCA only,abc,sq ft'],
      true,
      /every-row-bad-with-skip-bad-rows\.csv has no usable row \(all 2 rows are bad\).*--skip-bad-rows never builds from nothing/,
    ],
  ])('%s: refused (exit 2), the earlier files byte-identical', async (what, rows, skip, message) => {
    const before = readFileSync(join(out, 'credits.json'));
    const manifestBefore = readFileSync(join(out, 'manifest.json'));
    const file = listing(`${what.replace(/[^a-z]+/g, '-')}.csv`, rows);
    const failure = await build(file, skip).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CreditInputError);
    expect((failure as CreditInputError).exitCode).toBe(2);
    expect((failure as Error).message).toMatch(message);
    expect(readFileSync(join(out, 'credits.json')).equals(before)).toBe(true);
    expect(readFileSync(join(out, 'manifest.json')).equals(manifestBefore)).toBe(true);
  });
});
