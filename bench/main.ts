/**
 * `npm run bench`: every performance measure of issue 7 in one run, side by side, written to
 * bench/results.json and the table in BENCHMARKS.md. Not part of `npm test`: timings on a
 * shared machine are noisy, so the claims live here, compared as ratios within one run.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { benchmarksMarkdown } from './benchmarksMarkdown.ts';
import { bundleSize } from './bundleSize.ts';
import { commandBench } from './commandBench.ts';
import { firstIdentifyBytes } from './firstIdentifyBytes.ts';
import { identifyBench } from './identifyBench.ts';
import { machineFacts } from './machineFacts.ts';
import { officialImportBench, officialSizeFiles } from './officialImportBench.ts';
import { pageImportBench } from './pageImportBench.ts';
import { pageLoadBench, writeGeojsonLayers } from './pageLoadBench.ts';
import { rankBench, rankInLargeYoungGeneration } from './rankBench.ts';
import { responsivenessBench } from './responsivenessBench.ts';
import { ribitsBench } from './ribitsBench.ts';
import { scaleBench } from './scaleBench.ts';
import { sitesImportBench } from './sitesImportBench.ts';
import { round } from './stats.ts';
import { tableScrollBench } from './tableScrollBench.ts';
import { testTimeBench } from './testTimeBench.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATA = path.join(ROOT, 'public/data');
const TMP = path.join(ROOT, 'bench/tmp');

function log(line: string): void {
  process.stderr.write(`bench: ${line}\n`);
}

/** Builds the app into bench/tmp/dist, so a test run using dist/ at the same time is not disturbed. */
function buildApp(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0 ? resolve() : reject(new Error(`vite build exited ${status}`)),
    );
  });
}

/** `npm run bench -- scale`: only the scale section, merged into the last full run's results. */
async function scaleOnly(): Promise<void> {
  const machine = machineFacts();
  log(`scale only: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`);
  const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
  const dist = path.join(TMP, 'dist');
  log('building the app into bench/tmp/dist');
  await buildApp(dist);
  results.scale = await scaleBench(ROOT, dist, TMP, log);
  results.scaleMachine = machine;
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log('wrote the scale section of bench/results.json and BENCHMARKS.md');
}

/** The official-size import by the CLI, by the shared reader, by GDAL, and in the page. */
async function officialAndPageImport(dist: string) {
  const tmp = path.join(TMP, 'official');
  const result = officialImportBench(ROOT, tmp, log);
  return { ...result, page: await pageImportBench(dist, officialSizeFiles(tmp), log) };
}

/** `npm run bench -- import`: only the official-size import beside GDAL, merged likewise. */
async function importOnly(): Promise<void> {
  const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
  const dist = path.join(TMP, 'dist');
  log('building the app into bench/tmp/dist');
  await buildApp(dist);
  results.officialImport = await officialAndPageImport(dist);
  results.officialImportMachine = machineFacts();
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log('wrote the official-size import section of bench/results.json and BENCHMARKS.md');
}

/** `npm run bench -- responsiveness`: only the `?at=` long-task section, merged likewise. */
async function responsivenessOnly(): Promise<void> {
  const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
  const dist = path.join(TMP, 'dist');
  log('building the app into bench/tmp/dist');
  await buildApp(dist);
  results.responsiveness = await responsivenessBench(dist, log);
  results.responsivenessMachine = machineFacts();
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log('wrote the responsiveness section of bench/results.json and BENCHMARKS.md');
}

/**
 * `npm run bench -- sites`: only issue 14's sites figures (the 100,000-polygon import in node,
 * then the 100,000-row table in Chromium), merged into the last full run's results.
 */
async function sitesOnly(): Promise<void> {
  const machine = machineFacts();
  log(`sites only: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`);
  const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
  const sites = await sitesImportBench(DATA, log);
  const dist = path.join(TMP, 'dist');
  log('building the app into bench/tmp/dist');
  await buildApp(dist);
  results.sites = {
    ...results.sites,
    hundredThousandPolygonsImportMs: round(sites.hundredThousandPolygonsImportMs, 0),
    ...(await tableScrollBench(dist, log)),
  };
  results.details.sites = sites;
  results.sitesMachine = machine;
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log('wrote the sites section of bench/results.json and BENCHMARKS.md');
}

/**
 * `npm run bench -- sites-table`: only the page's half of the sites figures (import to table and
 * scrolling the 100,000-row table in Chromium), merged into the last results.
 */
async function sitesTableOnly(): Promise<void> {
  const machine = machineFacts();
  log(`sites table only: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`);
  const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
  const dist = path.join(TMP, 'dist');
  log('building the app into bench/tmp/dist');
  await buildApp(dist);
  results.sites = { ...results.sites, ...(await tableScrollBench(dist, log)) };
  results.sitesTableMachine = machine;
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log('wrote the sites table figures of bench/results.json and BENCHMARKS.md');
}

/** `npm run bench -- bundle`: only the initial JavaScript of a fresh build, merged likewise. */
async function bundleOnly(): Promise<void> {
  const machine = machineFacts();
  const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
  const dist = path.join(TMP, 'dist');
  log('building the app into bench/tmp/dist');
  await buildApp(dist);
  const bundle = await bundleSize(dist);
  log(`initial JavaScript ${bundle.initialGzipBytes} bytes gzip`);
  results.bundle = { initialGzipBytes: bundle.initialGzipBytes };
  results.details.bundle = bundle;
  results.bundleMachine = machine;
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log('wrote the bundle section of bench/results.json and BENCHMARKS.md');
}

/** `npm run bench -- identify`: only the point-lookup figures, merged likewise. */
async function identifyOnly(): Promise<void> {
  const machine = machineFacts();
  log(`identify only: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`);
  const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
  const identify = await identifyBench(DATA, log);
  if (identify.mismatches > 0)
    throw new Error(`indexed and naive identify differ on ${identify.mismatches} points`);
  results.identify = {
    indexedP50Ms: round(identify.indexedP50Ms, 4),
    indexedP99Ms: round(identify.indexedP99Ms, 4),
    naiveP50Ms: round(identify.naiveP50Ms, 3),
    speedup: round(identify.speedup, 1),
  };
  results.details.identify = identify;
  results.identifyMachine = machine;
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log('wrote the identify section of bench/results.json and BENCHMARKS.md');
}

/**
 * `npm run bench -- rank` or `-- batch`: only the ranking (with its 64 MB young-generation child)
 * or only the CLI commands, merged into the last full run's results with the machine they ran on.
 */
async function rankOrBatchOnly(which: 'rank' | 'batch'): Promise<void> {
  const machine = machineFacts();
  log(`${which} only: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`);
  const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
  if (which === 'rank') {
    const rank = rankBench(log);
    rank.largeYoungGeneration = await rankInLargeYoungGeneration();
    results.rank = { tenThousandMs: round(rank.tenThousandMs, 2), millionMs: round(rank.millionMs, 0) };
    results.details.rank = rank;
  } else {
    const commands = await commandBench(ROOT, path.join(TMP, 'batch'), log);
    results.batch = { rowsPerSecond: Math.round(commands.batch.rowsPerSecond) };
    results.details.commands = commands;
  }
  results[`${which}Machine`] = machine;
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log(`wrote the ${which} section of bench/results.json and BENCHMARKS.md`);
}

/**
 * `npm run bench -- ribits`: only the RIBITS refresh (500 banks from the loopback stand-in),
 * merged into the last full run's results with the machine it ran on.
 */
async function ribitsOnly(): Promise<void> {
  const machine = machineFacts();
  log(`ribits only: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`);
  const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
  results.ribits = await ribitsBench(log);
  results.ribitsMachine = machine;
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log('wrote the ribits section of bench/results.json and BENCHMARKS.md');
}

/**
 * `npm run bench -- test-time`: the README's test command timed whole (about 13 minutes; run it
 * with nothing else on the machine), merged into the last full run's results.
 */
async function testTimeOnly(): Promise<void> {
  const machine = machineFacts();
  log(`test time only: ${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`);
  const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
  results.testTime = await testTimeBench(ROOT, log);
  results.testTimeMachine = machine;
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log('wrote the test time section of bench/results.json and BENCHMARKS.md');
}

async function main(): Promise<void> {
  // FlatGeobuf logs its R-tree walk with console.debug; it would drown the progress lines.
  console.debug = () => {};
  if (process.argv.includes('test-time')) return testTimeOnly();
  if (process.argv.includes('scale')) return scaleOnly();
  if (process.argv.includes('responsiveness')) return responsivenessOnly();
  if (process.argv.includes('import')) return importOnly();
  if (process.argv.includes('sites-table')) return sitesTableOnly();
  if (process.argv.includes('sites')) return sitesOnly();
  if (process.argv.includes('identify')) return identifyOnly();
  if (process.argv.includes('bundle')) return bundleOnly();
  if (process.argv.includes('rank')) return rankOrBatchOnly('rank');
  if (process.argv.includes('batch')) return rankOrBatchOnly('batch');
  if (process.argv.includes('ribits')) return ribitsOnly();
  if (process.argv.includes('markdown')) {
    // Rewrites BENCHMARKS.md from bench/results.json (after editing the text, no new measurement).
    const results = JSON.parse(await readFile(path.join(ROOT, 'bench/results.json'), 'utf8'));
    await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
    return;
  }
  const machine = machineFacts();
  log(`${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverage.join(' ')}`);
  const identify = await identifyBench(DATA, log);
  if (identify.mismatches > 0)
    throw new Error(`indexed and naive identify differ on ${identify.mismatches} points`);
  const rank = rankBench(log);
  rank.largeYoungGeneration = await rankInLargeYoungGeneration();
  log(
    `rank with a 64 MB young generation: ${rank.largeYoungGeneration.tenThousandMs.toFixed(2)} ms, ${rank.largeYoungGeneration.millionMs.toFixed(0)} ms`,
  );
  const commands = await commandBench(ROOT, path.join(TMP, 'batch'), log);
  const sites = await sitesImportBench(DATA, log);
  const bytes = await firstIdentifyBytes(DATA);
  log(`first identify read ${bytes.firstIdentifyBytes} bytes in ${bytes.requests} requests`);
  const dist = path.join(TMP, 'dist');
  log('building the app into bench/tmp/dist');
  await buildApp(dist);
  const bundle = await bundleSize(dist);
  log(`initial JavaScript ${bundle.initialGzipBytes} bytes gzip`);
  const geojsonDir = path.join(TMP, 'geojson');
  await writeGeojsonLayers(DATA, geojsonDir);
  const page = await pageLoadBench(
    dist,
    path.join(ROOT, 'bench/baseline'),
    geojsonDir,
    path.join(ROOT, 'node_modules/maplibre-gl/dist'),
    log,
  );
  const scale = await scaleBench(ROOT, dist, TMP, log);
  const responsiveness = await responsivenessBench(dist, log);
  const sitesTable = await tableScrollBench(dist, log);
  const officialImport = await officialAndPageImport(dist);

  const results = {
    identify: {
      indexedP50Ms: round(identify.indexedP50Ms, 4),
      indexedP99Ms: round(identify.indexedP99Ms, 4),
      naiveP50Ms: round(identify.naiveP50Ms, 3),
      speedup: round(identify.speedup, 1),
    },
    rank: { tenThousandMs: round(rank.tenThousandMs, 2), millionMs: round(rank.millionMs, 0) },
    batch: { rowsPerSecond: Math.round(commands.batch.rowsPerSecond) },
    sites: {
      hundredThousandPolygonsImportMs: round(sites.hundredThousandPolygonsImportMs, 0),
      ...sitesTable,
    },
    load: {
      firstIdentifyBytes: bytes.firstIdentifyBytes,
      minorWatershedFileBytes: bytes.minorWatershedFileBytes,
      interactiveMs: round(page.interactiveMs, 0),
      geojsonInteractiveMs: round(page.geojsonInteractiveMs, 0),
    },
    bundle: { initialGzipBytes: bundle.initialGzipBytes },
    memory: { heapMb: round(page.heapMb, 1) },
    scale,
    responsiveness,
    officialImport,
    machine,
    details: { identify, rank, commands, sites, bytes, bundle, page },
  };
  await writeFile(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(ROOT, 'BENCHMARKS.md'), benchmarksMarkdown(results));
  log('wrote bench/results.json and BENCHMARKS.md');
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
