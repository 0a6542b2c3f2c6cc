import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else out.push(path);
  }
  return out.sort();
}

/** What decides a build's output, besides the network. */
export interface HashInputs {
  /** The data/ folder: sources.json, overrides, the pipeline's own code. */
  dataDir: string;
  mirrorDir: string | null;
  /** Mode strings: offline flag, source URL overrides, package versions. */
  mode: string[];
}

/**
 * A hash of everything a build depends on: the pipeline's files (contents; tests and docs
 * excluded, so editing them does not force a rebuild), the mirror's files (size and mtime —
 * cheap, and the mirror is read-only) and the mode. `data:ensure` rebuilds when it differs
 * from the manifest's `inputsHash`.
 */
export function computeInputsHash(inputs: HashInputs): string {
  const hash = createHash('sha256');
  for (const file of listFiles(inputs.dataDir)) {
    if (/\.test\.ts$|\.md$/.test(file)) continue;
    hash.update(`data:${relative(inputs.dataDir, file)}\n`);
    hash.update(readFileSync(file));
  }
  if (inputs.mirrorDir) {
    for (const file of listFiles(inputs.mirrorDir)) {
      const s = statSync(file);
      hash.update(`mirror:${relative(inputs.mirrorDir, file)}:${s.size}:${Math.round(s.mtimeMs)}\n`);
    }
  } else hash.update('mirror:none\n');
  for (const line of inputs.mode) hash.update(`mode:${line}\n`);
  return hash.digest('hex').slice(0, 32);
}
