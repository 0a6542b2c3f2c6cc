import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildLockedError, withBuildLock } from '../../../data/lib/buildLock.ts';
import { loadSources } from '../../../data/lib/loadSources.ts';
import { runPipeline } from '../../../data/lib/runPipeline.ts';
import { writeBuildAtomically } from '../../../data/lib/writeBuildAtomically.ts';
import { PipelineError } from '../../../src/formats/PipelineError.ts';

// Issue 32 item 9: a build killed during its write, two builds at once, a full disk, an output
// folder that cannot be written. Each must leave the last good build whole, byte for byte, and say why.
const REPO = new URL('../../../', import.meta.url).pathname;
let work: string;
let out: string;

/** Every file of a folder and its bytes. */
function bytesOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name)).toString('base64')]),
  );
}

const GOOD = new Map<string, string>([
  ['counties.fgb', 'the last good layer\n'],
  ['manifest.json', '{"good":true}\n'],
]);

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'siting-interrupted-'));
  out = join(work, 'data');
  writeBuildAtomically(out, GOOD);
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const full = (after: number) => {
  let n = 0;
  return (path: string, contents: Uint8Array | string) => {
    if (++n > after)
      throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC' });
    writeFileSync(path, contents);
  };
};

describe('the last good build survives', () => {
  it('a build killed (SIGKILL) during its write: the good build is byte-identical, and the next build clears what was left', async () => {
    const before = bytesOf(out);
    // One process (node with tsx's loader), so the kill reaches the writer itself.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO, 'test/fixtures/data/slowBuildWrite.ts'), out],
      {
        cwd: REPO,
      },
    );
    const temp = `${out}.tmp-${child.pid}`;
    // Kill it once its unfinished output holds a few files.
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (existsSync(temp) && readdirSync(temp).length >= 3) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
      child.on('exit', () => {
        clearInterval(timer);
        reject(new Error('the writer ended before it could be killed'));
      });
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    expect(bytesOf(out)).toEqual(before);
    expect(existsSync(`${out}.lock`)).toBe(true);

    const log: string[] = [];
    await withBuildLock(
      out,
      (l) => log.push(l),
      async () =>
        writeBuildAtomically(out, new Map([['manifest.json', '{"next":true}\n']]), (l) => log.push(l)),
    );
    expect(log.join('\n')).toMatch(
      /a build interrupted earlier \(process \d+, started .*\) left .*data\.lock; taken over/,
    );
    expect(log.join('\n')).toMatch(/removed .*data\.tmp-\d+, the unfinished output of an interrupted build/);
    expect(readdirSync(work).sort()).toEqual(['data']);
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).toBe('{"next":true}\n');
  });

  it('a build killed between its two renames: the previous build is put back before anything else', () => {
    const before = bytesOf(out);
    // What the swap leaves when killed after setting the old build aside.
    rmSync(`${out}.old-4242`, { recursive: true, force: true });
    mkdirSync(`${out}.tmp-4242`);
    writeFileSync(join(`${out}.tmp-4242`, 'counties.fgb'), 'half');
    rmSync(`${out}.old-4242`, { force: true, recursive: true });
    writeBuildAtomically(`${out}.old-4242`, GOOD);
    rmSync(out, { recursive: true });
    const log: string[] = [];
    // The next build then fails on a full disk: what is left is the put-back build, whole.
    expect(() =>
      writeBuildAtomically(out, new Map([['manifest.json', 'x']]), (l) => log.push(l), full(0)),
    ).toThrow(/the disk is full/);
    expect(log.join('\n')).toMatch(/put back the previous build from .*data\.old-4242/);
    expect(bytesOf(out)).toEqual(before);
    expect(readdirSync(work).sort()).toEqual(['data']);
  });

  it('two builds at once: the second is refused naming the first, and builds nothing', async () => {
    const before = bytesOf(out);
    let finish!: () => void;
    const first = withBuildLock(
      out,
      () => {},
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    const second = await runPipeline({
      sources: loadSources(join(REPO, 'data', 'sources.json'), {}),
      overridesPath: join(REPO, 'data', 'area-class-overrides.json'),
      outDir: out,
      mirrorDir: null,
      offline: true,
      inputsHash: 'test',
      log: () => {},
    }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(BuildLockedError);
    expect((second as Error).message).toMatch(
      new RegExp(
        `another build \\(process ${process.pid}, started \\d{4}-.*\\) is writing .*data; nothing was built`,
      ),
    );
    expect(bytesOf(out)).toEqual(before);
    finish();
    await first;
    expect(existsSync(`${out}.lock`)).toBe(false);
  });

  it.each([
    ['a full disk', full(1), /the disk is full \(ENOSPC/],
    ['a failing disk', full(0), /the disk is full/],
  ])(
    '%s: refused with the reason, the good build byte-identical, nothing left beside it',
    (_what, write, message) => {
      const before = bytesOf(out);
      const failure = (() => {
        try {
          writeBuildAtomically(
            out,
            new Map([
              ['counties.fgb', 'new'],
              ['minor.fgb', 'new'],
              ['manifest.json', '{}'],
            ]),
            () => {},
            write,
          );
        } catch (error) {
          return error;
        }
      })();
      expect(failure).toBeInstanceOf(PipelineError);
      expect((failure as Error).message).toMatch(message);
      expect((failure as Error).message).toMatch(/The previous build is whole and unchanged\.$/);
      expect(bytesOf(out)).toEqual(before);
      expect(readdirSync(work).sort()).toEqual(['data']);
    },
  );

  it('an output folder that cannot be written (a file where its parent should be): refused, naming why', () => {
    writeFileSync(join(work, 'blocked'), 'a file, not a folder');
    expect(() => writeBuildAtomically(join(work, 'blocked', 'data'), GOOD)).toThrow(
      /cannot write the build into .*blocked\/data: (a file stands where a folder is needed|the write failed)/,
    );
  });
});
