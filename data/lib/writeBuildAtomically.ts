import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Writes a complete build into a sibling temporary folder, then swaps it into place with
 * renames, so a failed or interrupted build never leaves a half-written `public/data`
 * and the previous good build is served until the new one is whole.
 * @param files file name → contents
 */
export function writeBuildAtomically(outDir: string, files: Map<string, Uint8Array | string>): void {
  mkdirSync(dirname(outDir), { recursive: true });
  const temp = `${outDir}.tmp-${process.pid}`;
  const old = `${outDir}.old-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp);
  try {
    for (const [name, contents] of files) writeFileSync(join(temp, name), contents);
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(temp, outDir);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    if (!existsSync(outDir) && existsSync(old)) renameSync(old, outDir);
    throw error;
  }
  rmSync(old, { recursive: true, force: true });
}
