import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function launch(cache: string): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/siting.mjs', '--help'], {
      cwd: root,
      env: { ...process.env, SITING_CLI_CACHE: cache },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

describe('bin/siting.mjs: the compiled CLI, built on demand', () => {
  let cache: string;
  beforeAll(async () => {
    cache = await mkdtemp(path.join(tmpdir(), 'siting-cli-cache-'));
  });
  afterAll(() => rm(cache, { recursive: true, force: true }));

  it('builds on a first run, reuses the build, and rebuilds when an input is newer', async () => {
    const main = path.join(cache, 'main.mjs');
    const first = await launch(cache);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^usage: siting locate/);
    const inputs: string[] = JSON.parse(await readFile(path.join(cache, 'inputs.json'), 'utf8'));
    expect(inputs).toContain('src/cli/main.ts');
    expect(inputs).toContain('src/siting/rankCompact.ts');
    const built = (await stat(main)).mtimeMs;

    expect((await launch(cache)).status).toBe(0);
    expect((await stat(main)).mtimeMs).toBe(built);

    // An input edited after the build (here one more input, dated a minute ahead).
    const edited = path.join(cache, 'edited.ts');
    await writeFile(edited, '// edited\n');
    const later = new Date(Date.now() + 60_000);
    await utimes(edited, later, later);
    await writeFile(path.join(cache, 'inputs.json'), JSON.stringify([...inputs, edited]));
    const again = await launch(cache);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/^usage: siting locate/);
    expect((await stat(main)).mtimeMs).toBeGreaterThan(built);
  }, 60_000);
});
