import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

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

const IMPORTS =
  /(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/**
 * The source files outside data/ the pipeline imports (src/formats, and the lookup of src/geo it
 * places the banks with), followed from data/'s own modules: a change there changes the build.
 */
function importedOutside(dataDir: string): string[] {
  const seen = new Set<string>();
  const queue = listFiles(dataDir).filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file));
  for (const file of queue) seen.add(file);
  while (queue.length > 0) {
    const file = queue.pop()!;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORTS)) {
      const target = resolve(dirname(file), match[1] ?? match[2]!);
      const found = [target, `${target}.ts`, `${target}/index.ts`].find(
        (candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false,
      );
      if (found && !seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
  const inside = resolve(dataDir);
  return [...seen].filter((file) => !file.startsWith(`${inside}/`)).sort();
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
 * A hash of everything a build depends on: the pipeline's files and the sources it imports from
 * src/ (contents; tests and docs excluded, so editing them does not force a rebuild), the mirror's files (size and mtime —
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
  for (const file of importedOutside(inputs.dataDir)) {
    hash.update(`src:${relative(inputs.dataDir, file)}\n`);
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
