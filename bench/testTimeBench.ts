/**
 * `npm run bench -- test-time`: the README's test command, timed whole (set-up, format, lint,
 * types, data, build and every test), against issue 24's budget of 15 minutes on this machine.
 * Vitest's JSON report gives the counts and how long the unit files ran before the first browser
 * file started (the two projects run one after the other).
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface TestTimeResult {
  /** `npm test` from start to exit, pretest included. */
  totalSeconds: number;
  /** Vitest from its first file to its last file's end. */
  vitestSeconds: number;
  /** Vitest until the first browser file started: the unit files. */
  unitSeconds: number;
  passed: number;
  failed: number;
  exitCode: number;
  /** The browser files, slowest first: seconds each. */
  slowestBrowserFiles: { file: string; seconds: number }[];
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; startTime: number; endTime: number }[];
}

export async function testTimeBench(root: string, log: (line: string) => void): Promise<TestTimeResult> {
  const report = path.join(root, 'bench/tmp/vitest.json');
  await rm(report, { force: true });
  const started = performance.now();
  const exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn(
      'npm',
      ['test', '--', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, SITING_DATA_OFFLINE: '1' },
      },
    );
    child.on('error', reject);
    child.on('close', (status) => resolve(status ?? 1));
  });
  const totalSeconds = (performance.now() - started) / 1000;
  const parsed = JSON.parse(await readFile(report, 'utf8')) as VitestReport;
  const files = parsed.testResults;
  const first = Math.min(...files.map((file) => file.startTime));
  const last = Math.max(...files.map((file) => file.endTime));
  const browser = files.filter((file) => file.name.includes('/test/browser/'));
  const firstBrowser = Math.min(...browser.map((file) => file.startTime));
  const result: TestTimeResult = {
    totalSeconds: Math.round(totalSeconds * 10) / 10,
    vitestSeconds: Math.round((last - first) / 100) / 10,
    unitSeconds: Math.round((firstBrowser - first) / 100) / 10,
    passed: parsed.numPassedTests,
    failed: parsed.numFailedTests,
    exitCode,
    slowestBrowserFiles: browser
      .map((file) => ({
        file: path.relative(root, file.name),
        seconds: Math.round((file.endTime - file.startTime) / 100) / 10,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 6),
  };
  log(
    `npm test: ${result.totalSeconds} s (Vitest ${result.vitestSeconds} s, unit files ${result.unitSeconds} s), ${result.passed} passed, ${result.failed} failed`,
  );
  return result;
}

/** The BENCHMARKS.md section. */
export function testTimeMarkdown(result: TestTimeResult, load: readonly number[], date: string): string[] {
  const budget = 15 * 60;
  return [
    '## `npm test` time (issue 24)',
    '',
    `Measured by \`npm run bench -- test-time\` (bench/testTimeBench.ts) on ${date}, load average ${load.join(' / ')} at its start, nothing else running: the README's test command, whole.`,
    '',
    '| measure | result | target | |',
    '|---|---|---|---|',
    `| \`npm test\` (data, build, format, lint, types, every test) | ${result.totalSeconds.toFixed(0)} s (${(result.totalSeconds / 60).toFixed(1)} min); ${result.passed} passed, ${result.failed} failed | under 15 min | ${result.totalSeconds < budget && result.failed === 0 ? 'pass' : '**miss**'} |`,
    `| of it, Vitest | ${result.vitestSeconds.toFixed(0)} s (unit files ${result.unitSeconds.toFixed(0)} s on two workers, then the browser files one at a time) | report | reported |`,
    '',
    `Slowest browser files: ${result.slowestBrowserFiles.map((file) => `${path.basename(file.file)} ${file.seconds.toFixed(0)} s`).join(', ')}.`,
    '',
    'What bounds it: the browser files, each page visit a fresh Chromium context drawing in software',
    'WebGL on two cores (a `?at=` visit to its drawn map and table: about 9.5 s of CPU, renderer, GPU',
    'process and browser, in 5.2-5.5 s of wall time). Two changes of 2026-12-03 brought Vitest from',
    '934 s and 966 s (the last green clean-clone CI runs before them) to 753 s (a clean-clone CI run with',
    "the first alone) and the figure above: headless Chromium 156 started, in every test's window, a",
    "renderer for its address bar's drop-down (chrome://omnibox-popup, about 3.5 s of CPU a visit; the",
    'harness disables those two features), and the page no longer takes in the geometry of layers it',
    'only draws, nor re-renders from its root on every chunk of a layer.',
  ];
}
