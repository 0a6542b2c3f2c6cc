import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveBuildOptions } from '../../../data/lib/resolveBuildOptions.ts';
import { storedCredits } from '../../../data/lib/storedCredits.ts';

const work = mkdtempSync(join(tmpdir(), 'siting-stored-credits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('storedCredits (what data:ensure rebuilds from)', () => {
  it('gives back the listings, --as-of and --skip-bad-rows a manifest records, and the same inputs hash', () => {
    const path = join(work, 'listing.csv');
    writeFileSync(path, 'x');
    utimesSync(path, new Date('2026-05-09T10:00:00Z'), new Date('2026-05-09T10:00:00Z'));
    const inputs = {
      files: [{ path, bytes: 1, mtime: '2026-05-09T10:00:00.000Z' }],
      asOf: '2026-05-01',
      skipBadRows: true,
    };
    const stored = storedCredits(JSON.parse(JSON.stringify(inputs)));
    expect(stored).toEqual({ spec: inputs, gone: [] });
    const env = { SITING_DATA_OFFLINE: '1' };
    const typed = resolveBuildOptions(env, () => {}, undefined, inputs);
    expect(resolveBuildOptions(env, () => {}, undefined, stored!.spec).inputsHash).toBe(typed.inputsHash);
    expect(typed.credits).toEqual(inputs);
    // without the listings, or with another --as-of, the inputs differ: data:ensure would rebuild
    expect(resolveBuildOptions(env, () => {}).inputsHash).not.toBe(typed.inputsHash);
    expect(
      resolveBuildOptions(env, () => {}, undefined, { ...inputs, asOf: '2026-05-02' }).inputsHash,
    ).not.toBe(typed.inputsHash);
  });

  it('names a listing that is gone or changed, and reads nothing from a manifest without listings', () => {
    const gone = storedCredits({
      files: [{ path: join(work, 'missing.csv'), bytes: 1, mtime: '2026-05-09T10:00:00.000Z' }],
    });
    expect(gone?.gone).toEqual([join(work, 'missing.csv')]);
    expect(storedCredits(undefined)).toBeNull();
    expect(storedCredits({ files: [] })).toBeNull();
  });
});
