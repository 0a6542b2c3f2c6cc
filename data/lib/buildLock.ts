import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PipelineError } from '../../src/formats/PipelineError.ts';

/** Another build is writing the same folder: this one builds nothing and changes nothing. */
export class BuildLockedError extends PipelineError {
  override name = 'BuildLockedError';
}

interface LockRecord {
  pid: number;
  started: string;
}

/** Whether process `pid` runs on this machine (EPERM: it runs, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockRecord | null {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockRecord>;
    return typeof value.pid === 'number' && typeof value.started === 'string'
      ? { pid: value.pid, started: value.started }
      : null;
  } catch {
    return null;
  }
}

/**
 * Runs `body` holding `<outDir>.lock`, so two builds never write one folder (or its RIBITS
 * snapshot) at once. The lock is a file created exclusively with this process's id; a second
 * build finds it and is refused, naming the process and when it started. A lock whose process is
 * gone (a build killed, the machine restarted) is taken over with a line saying so. Released
 * when `body` ends, however it ends.
 * @throws BuildLockedError while another running build holds the lock
 */
export async function withBuildLock<T>(
  outDir: string,
  log: (line: string) => void,
  body: () => Promise<T>,
): Promise<T> {
  const path = `${outDir}.lock`;
  const mine: LockRecord = { pid: process.pid, started: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw lockError(path, error);
    }
    const held = readLock(path);
    if (held && running(held.pid))
      throw new BuildLockedError(
        `another build (process ${held.pid}, started ${held.started}) is writing ${outDir}; nothing was built and the build there is unchanged. Run again when it has finished, or delete ${path} if that process is not a build.`,
      );
    log(
      `build: ${held ? `a build interrupted earlier (process ${held.pid}, started ${held.started})` : 'an unreadable lock'} left ${path}; taken over.`,
    );
    rmSync(path, { force: true });
  }
  try {
    return await body();
  } finally {
    const held = readLock(path);
    if (held?.pid === mine.pid && held.started === mine.started) rmSync(path, { force: true });
  }
}

function lockError(path: string, error: unknown): PipelineError {
  if (error instanceof PipelineError) return error;
  return new PipelineError(
    `cannot create the build's lock ${path} (${(error as Error).message}); nothing was built and the build there is unchanged.`,
  );
}
