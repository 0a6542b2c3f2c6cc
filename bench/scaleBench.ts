/**
 * The map at scale (issue 12): for the default build and a realistic-density build (the same
 * pipeline, demonstration geography densified so the minor layer holds >= 5 million vertices),
 * the first visit at state view (time to a drawn map, every byte served) beside the plain-GeoJSON
 * MapLibre baseline of the same data, identify over the dense layers, the build's time and peak
 * memory, and the frame times of a pan at zoom 11.
 */

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { parseManifest } from '../src/formats/manifest.ts';
import { readFeatureCollection } from '../src/geo/readFeatureCollection.ts';
import { UnitIndex } from '../src/geo/unitIndex.ts';
import { launchBrowser, waitForMapIdle } from '../test/browser/harness.ts';
import { type CountingServer, startCountingServer } from './countingServer.ts';
import { drawnAt, recordDrawnAt } from './drawnAt.ts';
import { recordFrames } from './frameRecorder.ts';
import { loadLookupLayers } from './loadLookupLayers.ts';
import { writeGeojsonLayers } from './pageLoadBench.ts';
import { IDENTIFY_SEED, randomPoints } from './randomPoints.ts';
import { type RankingLookup, rankingLookupBench } from './rankingLookupBench.ts';
import { median, percentile } from './stats.ts';

export interface VisitFigures {
  interactiveMs: number;
  baselineMs: number;
  /** Every body byte the server sent for one first visit at state view (service worker off). */
  firstVisitBytes: number;
  firstVisitRequests: number;
  /** The same visit with the service worker on (its install precache included). */
  firstVisitBytesWithServiceWorker: number;
  baselineBytes: number;
  bytesByPath: Record<string, number>;
}

export interface ScaleResult {
  default: VisitFigures & {
    identifyP50Ms: number;
    minorVertices: number;
    minorFileBytes: number;
    rankingLookup?: RankingLookup;
  };
  realistic: VisitFigures & {
    rankingLookup?: RankingLookup;
    minorVertices: number;
    minorFileBytes: number;
    identifyP50Ms: number;
    buildSeconds: number;
    buildPeakRssMb: number;
    /** Load average (1, 5, 15 min) when the build started. */
    buildLoadAverage: number[];
    densify: number;
    zoomedPanFrameMs: number;
    zoomedPanFrames: number;
    zoomedPanBytes: number;
    /** The same drag on the plain-GeoJSON baseline of the realistic build, in the same run. */
    zoomedPanBaselineFrameMs: number;
    /** Renderer main thread during the explorer's drag: script, and waiting on commits (drawing). */
    zoomedPanScriptMs: number;
    zoomedPanCommitMs: number;
    zoomedPanDurationMs: number;
  };
}

function countVertices(value: unknown): number {
  if (!Array.isArray(value)) return 0;
  if (typeof value[0] === 'number') return 1;
  let n = 0;
  for (const item of value) n += countVertices(item);
  return n;
}

async function minorFacts(dataDir: string): Promise<{ vertices: number; bytes: number }> {
  const manifest = parseManifest(JSON.parse(await readFile(path.join(dataDir, 'manifest.json'), 'utf8')));
  const entry = manifest.layers.minorWatersheds;
  if (!entry) throw new Error(`${dataDir}: no minor watershed layer`);
  const bytes = new Uint8Array(await readFile(path.join(dataDir, entry.file)));
  const collection = await readFeatureCollection(bytes);
  let vertices = 0;
  for (const feature of collection.features)
    if (feature.geometry && 'coordinates' in feature.geometry)
      vertices += countVertices(feature.geometry.coordinates);
  return { vertices, bytes: bytes.length };
}

/** UnitIndex.locate over the layers of `dataDir`: 1,000 seeded points, 5 runs, per-point median, p50. */
export async function identifyP50(dataDir: string): Promise<number> {
  const { manifest, collections } = await loadLookupLayers(dataDir);
  const index = new UnitIndex(manifest, collections);
  const bounds = manifest.layers.state?.bounds;
  if (!bounds) throw new Error('no state layer');
  // The identify bench's points: seeded, kept when inside the state outline.
  const points = randomPoints(1000, bounds, IDENTIFY_SEED, (point) => index.locate(point).inMinnesota);
  for (const point of points) index.locate(point);
  const runs = Array.from({ length: 5 }, () =>
    points.map((point) => {
      const start = performance.now();
      index.locate(point);
      return performance.now() - start;
    }),
  );
  return median(points.map((_, i) => median(runs.map((run) => run[i] as number))));
}

const total = (server: CountingServer) => [...server.bytesByPath.values()].reduce((sum, n) => sum + n, 0);

async function visit(
  browser: Browser,
  url: string,
  serviceWorkers: 'allow' | 'block',
): Promise<{ ms: number; page: import('playwright-core').Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, serviceWorkers });
  const page = await context.newPage();
  page.setDefaultTimeout(300_000);
  await recordDrawnAt(page);
  await page.goto(url);
  await waitForMapIdle(page, 600_000);
  const ms = await drawnAt(page);
  return { ms, page, close: () => context.close() };
}

/**
 * First visits of the explorer and the baseline, alternating which goes first in each pair,
 * after one uncounted visit of each: the first page a fresh browser opens also pays for starting
 * its GPU process and compiling shared code, and always giving that to the explorer skewed the
 * ratio. Medians of `VISITS` pairs; bytes of the last explorer visit.
 */
const VISITS = 5;

export async function firstVisits(
  browser: Browser,
  app: CountingServer,
  baseline: CountingServer,
  log: (line: string) => void,
  label: string,
): Promise<VisitFigures> {
  const appMs: number[] = [];
  const baseMs: number[] = [];
  let firstVisitBytes = 0;
  let firstVisitRequests = 0;
  let bytesByPath: Record<string, number> = {};
  let baselineBytes = 0;
  const explorerVisit = async (): Promise<number> => {
    app.reset();
    const explorer = await visit(browser, app.url, 'block');
    // Let anything the idle page still fetches arrive before counting.
    await explorer.page.waitForTimeout(500);
    firstVisitBytes = total(app);
    firstVisitRequests = [...app.requestsByPath.values()].reduce((sum, n) => sum + n, 0);
    bytesByPath = Object.fromEntries(app.bytesByPath);
    await explorer.close();
    return explorer.ms;
  };
  const baselineVisit = async (): Promise<number> => {
    baseline.reset();
    const plain = await visit(browser, baseline.url, 'block');
    baselineBytes = total(baseline);
    await plain.close();
    return plain.ms;
  };
  const warm = [await explorerVisit(), await baselineVisit()];
  log(
    `${label} warm-up (not counted): explorer ${warm[0]?.toFixed(0)} ms, baseline ${warm[1]?.toFixed(0)} ms`,
  );
  for (let run = 0; run < VISITS; run++) {
    if (run % 2 === 0) {
      appMs.push(await explorerVisit());
      baseMs.push(await baselineVisit());
    } else {
      baseMs.push(await baselineVisit());
      appMs.push(await explorerVisit());
    }
    log(
      `${label} first visit ${run + 1}: explorer ${appMs[run]?.toFixed(0)} ms, GeoJSON baseline ${baseMs[run]?.toFixed(0)} ms`,
    );
  }
  app.reset();
  const withWorker = await visit(browser, app.url, 'allow');
  // The service worker has installed (its precache fetched) once the page offers to store the
  // map or says it is stored; a first visit fetches no more than that.
  await withWorker.page
    .getByRole('button', { name: /^Make available offline/ })
    .or(withWorker.page.getByText('Available offline on this device'))
    .waitFor({ timeout: 300_000 });
  const firstVisitBytesWithServiceWorker = total(app);
  await withWorker.close();
  return {
    interactiveMs: median(appMs),
    baselineMs: median(baseMs),
    firstVisitBytes,
    firstVisitRequests,
    firstVisitBytesWithServiceWorker,
    baselineBytes,
    bytesByPath,
  };
}

export interface PanFigures {
  p95: number;
  frames: number;
  bytes: number;
  /** Main-thread time in script (our code and MapLibre's: event handlers, animation frames). */
  scriptMs: number;
  /** Main-thread time in 'Commit': waiting for the compositor and the (software) GPU process. */
  commitMs: number;
  /** Wall time of the drag. */
  durationMs: number;
}

/** Sums the renderer main thread's trace events: script against compositor commits. */
function splitMainThread(events: TraceEvent[]): { scriptMs: number; commitMs: number } {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  let scriptMs = 0;
  let commitMs = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.pid !== main?.pid || event.tid !== main?.tid) continue;
    const ms = (event.dur ?? 0) / 1000;
    if (event.name === 'Commit') commitMs += ms;
    // Top-level script entries only (a FunctionCall inside an animation frame is counted once).
    else if (
      event.name === 'FireAnimationFrame' ||
      event.name === 'EventDispatch' ||
      event.name === 'HandlePostMessage' ||
      event.name === 'TimerFire'
    )
      scriptMs += ms;
  }
  return { scriptMs, commitMs };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * p95 of the frame intervals while dragging the map at zoom 11 (four sweeps), with a trace of
 * the renderer's main thread, so the figure says whether frames wait on script or on drawing.
 */
export async function panFrames(browser: Browser, app: CountingServer): Promise<PanFigures> {
  const view = '-93.26,44.98,11';
  const opened = await visit(browser, `${app.url}?view=${view}`, 'block');
  const { page } = opened;
  app.reset();
  const frames = await recordFrames(page);
  const box = (await page.locator('[data-testid="map"]').boundingBox()) ?? {
    x: 0,
    y: 0,
    width: 800,
    height: 600,
  };
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel',
    transferMode: 'ReportEvents',
  });
  const started = Date.now();
  for (let sweep = 0; sweep < 4; sweep++) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    const dx = sweep % 2 === 0 ? -300 : 300;
    for (let step = 1; step <= 30; step++)
      await page.mouse.move(cx + (dx * step) / 30, cy + (step % 5), { steps: 1 });
    await page.mouse.up();
  }
  const times = await frames.stop();
  const durationMs = Date.now() - started;
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await traced;
  await waitForMapIdle(page, 600_000);
  const bytes = total(app);
  await opened.close();
  return {
    p95: percentile(times, 0.95),
    frames: times.length,
    bytes,
    durationMs,
    ...splitMainThread(events),
  };
}

function runChild(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--max-old-space-size=16000', '--import', 'tsx', script, ...args],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
    });
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0 ? resolve(out) : reject(new Error(`${script} exited ${status}`)),
    );
  });
}

/**
 * @param dist the built app (its data/ is the default build)
 * @param tmp scratch folder: the realistic build, the GeoJSON copies
 */
export async function scaleBench(
  root: string,
  dist: string,
  tmp: string,
  log: (line: string) => void,
  densify = 8,
): Promise<ScaleResult> {
  const defaultData = path.join(root, 'public/data');
  const realisticRoot = path.join(tmp, 'realistic');
  const realisticData = path.join(realisticRoot, 'data');
  const buildFile = path.join(realisticRoot, 'build.json');
  let build: { seconds: number; peakRssMb: number; loadAverage?: number[] };
  if (process.env.SCALE_REUSE_BUILD === '1' && existsSync(buildFile)) {
    // The build of an earlier run (its own figures, taken then): for re-running the page figures.
    build = JSON.parse(await readFile(buildFile, 'utf8'));
    log(`realistic build reused from ${buildFile}`);
  } else {
    log(`realistic build: demonstration geography densified ${densify} times, through the pipeline`);
    const loadAverage = os.loadavg().map((n) => Math.round(n * 100) / 100);
    const child = await runChild(path.join(root, 'bench/realisticBuildChild.ts'), [
      realisticData,
      String(densify),
    ]);
    build = { ...JSON.parse(child.trim()), loadAverage };
    await writeFile(buildFile, JSON.stringify(build));
  }
  log(`realistic build: ${build.seconds.toFixed(1)} s, peak RSS ${build.peakRssMb.toFixed(0)} MB`);
  const defaultMinor = await minorFacts(defaultData);
  const realisticMinor = await minorFacts(realisticData);
  log(`minor vertices: default ${defaultMinor.vertices}, realistic ${realisticMinor.vertices}`);
  const defaultIdentify = await identifyP50(defaultData);
  const realisticIdentify = await identifyP50(realisticData);
  log(`identify p50: default ${defaultIdentify.toFixed(4)} ms, realistic ${realisticIdentify.toFixed(4)} ms`);
  const defaultRanking = await rankingLookupBench(defaultData);
  const realisticRanking = await rankingLookupBench(realisticData);
  log(`ranking lookup: default ${defaultRanking.bytes} bytes, realistic ${realisticRanking.bytes} bytes`);
  const geojsonDefault = path.join(tmp, 'geojson');
  const geojsonRealistic = path.join(tmp, 'geojson-realistic');
  if (!existsSync(path.join(geojsonDefault, 'minorWatersheds.geojson')))
    await writeGeojsonLayers(defaultData, geojsonDefault);
  if (!existsSync(path.join(geojsonRealistic, 'minorWatersheds.geojson')))
    await writeGeojsonLayers(realisticData, geojsonRealistic);
  const baselineDir = path.join(root, 'bench/baseline');
  const maplibreDir = path.join(root, 'node_modules/maplibre-gl/dist');
  const servers = {
    app: await startCountingServer([dist]),
    realistic: await startCountingServer([realisticRoot, dist]),
    baseline: await startCountingServer([baselineDir, geojsonDefault, maplibreDir]),
    realisticBaseline: await startCountingServer([baselineDir, geojsonRealistic, maplibreDir]),
  };
  const browser = await launchBrowser();
  try {
    const defaultVisits = await firstVisits(browser, servers.app, servers.baseline, log, 'default');
    const realisticVisits = await firstVisits(
      browser,
      servers.realistic,
      servers.realisticBaseline,
      log,
      'realistic',
    );
    const pan = await panFrames(browser, servers.realistic);
    log(
      `pan at zoom 11 (realistic): p95 frame ${pan.p95.toFixed(1)} ms over ${pan.frames} frames; main thread ${pan.scriptMs.toFixed(0)} ms script, ${pan.commitMs.toFixed(0)} ms waiting on commits, of ${pan.durationMs} ms`,
    );
    const basePan = await panFrames(browser, servers.realisticBaseline);
    log(`pan at zoom 11 (realistic GeoJSON baseline): p95 frame ${basePan.p95.toFixed(1)} ms`);
    return {
      default: {
        ...defaultVisits,
        identifyP50Ms: defaultIdentify,
        minorVertices: defaultMinor.vertices,
        minorFileBytes: defaultMinor.bytes,
        rankingLookup: defaultRanking,
      },
      realistic: {
        ...realisticVisits,
        minorVertices: realisticMinor.vertices,
        minorFileBytes: realisticMinor.bytes,
        rankingLookup: realisticRanking,
        identifyP50Ms: realisticIdentify,
        buildSeconds: build.seconds,
        buildPeakRssMb: build.peakRssMb,
        buildLoadAverage: build.loadAverage ?? [],
        densify,
        zoomedPanFrameMs: pan.p95,
        zoomedPanFrames: pan.frames,
        zoomedPanBytes: pan.bytes,
        zoomedPanBaselineFrameMs: basePan.p95,
        zoomedPanScriptMs: pan.scriptMs,
        zoomedPanCommitMs: pan.commitMs,
        zoomedPanDurationMs: pan.durationMs,
      },
    };
  } finally {
    await browser.close();
    for (const server of Object.values(servers)) await server.close();
  }
}
