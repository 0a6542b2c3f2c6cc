import { spawn } from 'node:child_process';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeBatchFiles } from './batchFiles.ts';
import { median } from './stats.ts';

/** Whole-command timings of the real CLI, each the median of several runs. */
export interface CommandResult {
  batch: { impacts: number; sites: number; rows: number; wallMs: number; rowsPerSecond: number };
  /** `node bin/siting.mjs --help`: the fixed start-up every command pays. */
  startupMs: number;
  locateColdMs: number;
  npmLocateColdMs: number;
}

/**
 * Runs a command with its stdout going straight into `stdoutFile`, as `command > file` in a shell
 * does (the parent does not copy the output through a pipe), and returns its wall time.
 */
async function run(root: string, command: string, args: string[], stdoutFile: string): Promise<number> {
  const file = await open(stdoutFile, 'w');
  try {
    const start = performance.now();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', file.fd, 'ignore'] });
      child.on('error', reject);
      child.on('close', (status) =>
        status === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${status}`)),
      );
    });
    return performance.now() - start;
  } finally {
    await file.close();
  }
}

async function timeRuns(times: number, once: () => Promise<number>): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < times; i++) runs.push(await once());
  return median(runs);
}

/**
 * Times `batch` over seeded impacts.csv × sites.csv in `workDir` (3 runs), `locate` cold
 * (5 runs, and 3 through `npm run siting`) and the bare start-up (5 runs).
 */
export async function commandBench(
  root: string,
  workDir: string,
  log: (line: string) => void,
): Promise<CommandResult> {
  await mkdir(workDir, { recursive: true });
  const impacts = 300;
  const sites = 500;
  const { impactsFile, sitesFile } = await writeBatchFiles(workDir, impacts, sites, 9);
  const node = process.execPath;
  // What `npm run siting` runs: the compiled CLI (its staleness check included). One untimed run
  // first builds it when src/ changed since the last build, as a user's first run would.
  const cli = ['bin/siting.mjs'];
  await run(root, node, [...cli, '--help'], path.join(workDir, 'build.txt'));
  const out = path.join(workDir, 'ranked.csv');
  const wallMs = await timeRuns(3, () =>
    run(root, node, [...cli, 'batch', impactsFile, '--candidates', sitesFile], out),
  );
  const rows = (await readFile(out, 'utf8')).trimEnd().split('\n').length - 1;
  log(`batch: ${rows} rows in ${wallMs.toFixed(0)} ms`);
  const scratch = path.join(workDir, 'stdout.txt');
  const startupMs = await timeRuns(5, () => run(root, node, [...cli, '--help'], scratch));
  const locateColdMs = await timeRuns(5, () =>
    run(root, node, [...cli, 'locate', '-92.47', '44.02'], scratch),
  );
  const npmLocateColdMs = await timeRuns(3, () =>
    run(root, 'npm', ['run', '--silent', 'siting', '--', 'locate', '-92.47', '44.02'], scratch),
  );
  log(`locate cold: ${locateColdMs.toFixed(0)} ms (npm run: ${npmLocateColdMs.toFixed(0)} ms)`);
  return {
    batch: { impacts, sites, rows, wallMs, rowsPerSecond: rows / (wallMs / 1000) },
    startupMs,
    locateColdMs,
    npmLocateColdMs,
  };
}
