import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PipelineError } from '../../src/formats/PipelineError.ts';

/** What an operating-system error code means for a planner, in words. */
const WHY: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOTDIR: 'a file stands where a folder is needed',
};

/**
 * Writes a complete build into a sibling temporary folder, then swaps it into place with
 * renames, so a failed or interrupted build never leaves a half-written `public/data`
 * and the previous good build is served until the new one is whole. Call it holding the build's
 * lock (withBuildLock): what an interrupted build left beside `outDir` is then known to be stale —
 * a temporary folder is removed, and a build set aside by a swap that was killed between its two
 * renames is put back before anything else.
 * @param files file name → contents
 * @param write writes one file (a test stands in a full disk here)
 * @throws PipelineError naming the folder and why it could not be written; the previous build is then whole
 */
export function writeBuildAtomically(
  outDir: string,
  files: Map<string, Uint8Array | string>,
  log: (line: string) => void = () => {},
  write: (path: string, contents: Uint8Array | string) => void = writeFileSync,
): void {
  const temp = `${outDir}.tmp-${process.pid}`;
  const old = `${outDir}.old-${process.pid}`;
  try {
    mkdirSync(dirname(outDir), { recursive: true });
    recoverInterrupted(outDir, log);
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp);
    for (const [name, contents] of files) write(join(temp, name), contents);
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(temp, outDir);
  } catch (error) {
    try {
      rmSync(temp, { recursive: true, force: true });
      if (!existsSync(outDir) && existsSync(old)) renameSync(old, outDir);
    } catch {
      // The folder could not be written at all: there is nothing of this build to clear.
    }
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new PipelineError(
      `cannot write the build into ${outDir}: ${WHY[code] ?? 'the write failed'} (${(error as Error).message}). The previous build${existsSync(join(outDir, 'manifest.json')) ? ' is whole and unchanged' : ' (none) is unchanged'}.`,
    );
  }
  rmSync(old, { recursive: true, force: true });
}

/**
 * What a build killed part-way left beside `outDir`: `<out>.tmp-<pid>` folders (half a build:
 * removed) and `<out>.old-<pid>` (the previous build, set aside by a swap killed between its two
 * renames: put back when `outDir` is missing, else removed).
 */
function recoverInterrupted(outDir: string, log: (line: string) => void): void {
  const parent = dirname(outDir);
  const base = basename(outDir);
  for (const entry of readdirSync(parent)) {
    const path = join(parent, entry);
    if (entry.startsWith(`${base}.tmp-`)) {
      rmSync(path, { recursive: true, force: true });
      log(`build: removed ${path}, the unfinished output of an interrupted build.`);
    } else if (entry.startsWith(`${base}.old-`)) {
      if (!existsSync(outDir) && existsSync(join(path, 'manifest.json'))) {
        renameSync(path, outDir);
        log(
          `build: put back the previous build from ${path}, set aside by a build interrupted while swapping.`,
        );
      } else rmSync(path, { recursive: true, force: true });
    }
  }
}
