#!/usr/bin/env node
/**
 * The `siting` command as users run it (`npm run siting -- ...`): src/cli/main.ts compiled into one
 * ES module, so a run does not transpile the TypeScript at start-up (tsx cost ~700 ms a run).
 * The compiled file is rebuilt on demand, before it runs, when it is missing or older than any
 * file it was built from (esbuild's list of inputs, kept beside it) or than package-lock.json;
 * a fresh clone needs no extra step. Builds write a temporary file and rename it, so runs started
 * at once never read half a file.
 */
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// SITING_CLI_CACHE: another place for the compiled file (the launcher's own test uses it).
const outDir = process.env.SITING_CLI_CACHE || path.join(root, 'node_modules', '.cache', 'siting-cli');
const outFile = path.join(outDir, 'main.mjs');
const inputsFile = path.join(outDir, 'inputs.json');

function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Whether the compiled file is missing or older than one of its inputs. */
function stale() {
  const built = mtimeOf(outFile);
  if (built === Number.POSITIVE_INFINITY) return true;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return true;
  }
  if (!Array.isArray(inputs)) return true;
  const watched = [...inputs, 'package-lock.json', 'bin/siting.mjs'];
  return watched.some((input) => mtimeOf(path.resolve(root, input)) > built);
}

async function build() {
  const { build: esbuild } = await import('esbuild');
  const temp = `${outFile}.${process.pid}.tmp`;
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: ['src/cli/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: temp,
    metafile: true,
    logLevel: 'error',
    // sql.js finds its wasm file beside itself (__dirname): loaded from node_modules, not bundled.
    external: ['sql.js'],
    // Bundled CommonJS dependencies may call require(); give the module one.
    banner: {
      js: "import { createRequire as __sitingRequire } from 'node:module'; const require = __sitingRequire(import.meta.url);",
    },
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('<'));
  writeFileSync(`${inputsFile}.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(`${inputsFile}.${process.pid}.tmp`, inputsFile);
  renameSync(temp, outFile);
}

if (stale()) {
  try {
    await build();
  } catch (error) {
    process.stderr.write(
      `siting: internal error: could not compile src/cli/main.ts (${error instanceof Error ? error.message.replace(/\s*\n\s*/g, ' ') : String(error)})\n`,
    );
    process.exit(1);
  }
}
await import(pathToFileURL(outFile).href);
