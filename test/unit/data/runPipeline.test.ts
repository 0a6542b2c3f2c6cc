import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeInputsHash } from '../../../data/lib/computeInputsHash.ts';
import { loadSources, type SourcesFile } from '../../../data/lib/loadSources.ts';
import { runPipeline } from '../../../data/lib/runPipeline.ts';
import { parseManifest } from '../../../src/formats/manifest.ts';
import { makeShapefileZip } from '../../fixtures/data/makeShapefileZip.ts';
import { type LoopbackServer, square, startLoopbackServer } from '../../fixtures/data/startLoopbackServer.ts';

const REPO = new URL('../../../', import.meta.url).pathname;
const MAJORS = [
  {
    properties: {
      MAJOR: 20,
      MAJOR_NAME: 'Fixture major 20',
      HUC8: '07010206',
      BASIN_NAME: 'Upper Mississippi',
    },
    rings: [square(460000, 4970000, 480000, 4990000)],
  },
  {
    properties: {
      MAJOR: 33,
      MAJOR_NAME: 'Fixture major 33',
      HUC8: '07020012',
      BASIN_NAME: 'Minnesota River',
    },
    rings: [square(440000, 4970000, 460000, 4990000)],
  },
];
const minor = (id: number, major: number, x0: number, x1: number) => ({
  properties: { MINOR: id, MINOR_NAME: `Fixture minor ${id}`, MAJOR: major },
  rings: [square(x0, 4970000, x1, 4990000)],
});
const MINORS = [
  minor(20001, 20, 460000, 470000),
  minor(20002, 20, 470000, 480000),
  minor(33001, 33, 440000, 450000),
  minor(33002, 33, 450000, 460000),
];
const BSAS = [
  { rings: [square(440000, 4970000, 480000, 4990000)], attributes: { BSA: 7, BSA_NAME: 'Fixture BSA 7' } },
  { rings: [square(420000, 4970000, 440000, 4990000)], attributes: { BSA: 8, BSA_NAME: 'Fixture BSA 8' } },
];

let server: LoopbackServer;
let work: string;

beforeAll(async () => {
  server = await startLoopbackServer(
    [
      { name: 'Level 04 HUC 08 majors', features: MAJORS },
      { name: 'Level 07 minors', features: MINORS },
    ],
    {
      '/bsa.zip': makeShapefileZip('bsa', BSAS),
      '/bsa-duplicate.zip': makeShapefileZip('bsa', [BSAS[0]!, BSAS[0]!]),
    },
  );
  work = mkdtempSync(join(tmpdir(), 'siting-data-'));
});

afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

/** data/sources.json pointed at the loopback server, with the fixture's small counts. */
function loopbackSources(bsaPath = '/bsa.zip'): SourcesFile {
  const sources = loadSources(join(REPO, 'data', 'sources.json'), {});
  const l = sources.layers;
  l.majorWatersheds.official = { ...l.majorWatersheds.official!, url: server.featureServer };
  l.minorWatersheds.official = { ...l.minorWatersheds.official!, url: server.featureServer };
  l.bankServiceAreas.official = { ...l.bankServiceAreas.official!, url: `${server.origin}${bsaPath}` };
  l.state.official = { ...l.state.official!, url: `${server.origin}/state.zip` };
  l.counties.official = { ...l.counties.official!, url: `${server.origin}/counties.zip` };
  l.sites.official = { ...l.sites.official!, url: `${server.origin}/ords/bank_site_list/` };
  // The civil divisions' download too: never the real host (answers 404, so the gazetteer alone).
  const civil = sources.placeNames!.civilDivisions!;
  civil.official = { ...civil.official!, url: `${server.origin}/civil-divisions.zip` };
  l.majorWatersheds.expect = { min: 2, max: 2 };
  l.minorWatersheds.expect = { min: 4, max: 4 };
  l.bankServiceAreas.expect = { min: 2, max: 2 };
  return sources;
}

describe('runPipeline', () => {
  it('builds official layers fetched over HTTP, falls back with one line per unreachable source', async () => {
    const lines: string[] = [];
    const outDir = join(work, 'online');
    const manifest = await runPipeline({
      sources: loopbackSources(),
      overridesPath: join(REPO, 'data', 'area-class-overrides.json'),
      outDir,
      mirrorDir: null,
      offline: false,
      inputsHash: 'test-hash',
      log: (line) => lines.push(line),
      timeoutMs: 2000,
    });
    expect(manifest.demonstration).toBe(false);
    expect(manifest.layers.minorWatersheds).toMatchObject({
      featureCount: 4,
      official: true,
      demonstration: false,
    });
    expect(manifest.layers.minorWatersheds?.sourceUrl).toBe(`${server.featureServer}/1`);
    expect(manifest.layers.bankServiceAreas).toMatchObject({ featureCount: 2, official: true });
    expect(manifest.layers.counties?.featureCount).toBe(87);
    expect(manifest.layers.sites).toBeUndefined();
    expect(lines.filter((l) => l.startsWith('counties:'))).toEqual([
      expect.stringMatching(
        /^counties: official source unavailable — .*HTTP 404; using the us-atlas package$/,
      ),
    ]);
    expect(lines.some((l) => l.startsWith('sites: official source unavailable'))).toBe(true);
    const written = parseManifest(JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')));
    expect(written.layers.majorWatersheds?.bounds[0]).toBeCloseTo(-93.76, 1);
    expect(readFileSync(join(outDir, 'minor-watersheds.fgb')).subarray(0, 3)).toEqual(Buffer.from('fgb'));
  });

  it('fails on a bad source naming it, and leaves the previous good build in place', async () => {
    const outDir = join(work, 'online');
    const before = readFileSync(join(outDir, 'manifest.json'), 'utf8');
    await expect(
      runPipeline({
        sources: loopbackSources('/bsa-duplicate.zip'),
        overridesPath: join(REPO, 'data', 'area-class-overrides.json'),
        outDir,
        mirrorDir: null,
        offline: false,
        inputsHash: 'other',
        log: () => {},
        timeoutMs: 2000,
      }),
    ).rejects.toThrow(
      `bankServiceAreas (${server.origin}/bsa-duplicate.zip): 1 problem(s)\n  - feature 7 duplicates the id of feature #1`,
    );
    expect(readFileSync(join(outDir, 'manifest.json'), 'utf8')).toBe(before);
  });

  it('rejects an area class override outside the allowed set, naming the entry', async () => {
    const overridesPath = join(work, 'overrides.json');
    writeFileSync(
      overridesPath,
      JSON.stringify([
        { unit: 'county', id: '27053', areaClass: 'over-80', citation: 'x', effective: '2026-01-01' },
      ]),
    );
    await expect(
      runPipeline({
        sources: loopbackSources(),
        overridesPath,
        outDir: join(work, 'overrides'),
        mirrorDir: null,
        offline: false,
        inputsHash: 'x',
        log: () => {},
        timeoutMs: 2000,
      }),
    ).rejects.toThrow(
      'area-class-overrides.json: entry #1 has areaClass "over-80"; allowed: greater-than-80, 50-to-80, less-than-50',
    );
  });

  it('applies a valid county override to the counties layer class and publishes the overrides', async () => {
    const overridesPath = join(work, 'overrides.json');
    const override = {
      unit: 'county',
      id: '27053',
      areaClass: 'greater-than-80',
      citation: 'test order',
      effective: '2026-01-01',
    };
    writeFileSync(overridesPath, JSON.stringify([override]));
    const outDir = join(work, 'overrides');
    await runPipeline({
      sources: loopbackSources(),
      overridesPath,
      outDir,
      mirrorDir: null,
      offline: false,
      inputsHash: 'x',
      log: () => {},
      timeoutMs: 2000,
    });
    expect(JSON.parse(readFileSync(join(outDir, 'area-class-overrides.json'), 'utf8'))).toEqual([override]);
    const { deserialize } = await import('flatgeobuf/lib/mjs/geojson.js');
    const classes = new Map<string, unknown>();
    for await (const f of deserialize(new Uint8Array(readFileSync(join(outDir, 'counties.fgb')))))
      classes.set(String(f.properties?.id), f.properties?.areaClass);
    expect(classes.get('27053')).toBe('greater-than-80'); // Hennepin, less-than-50 by rule
    expect(classes.get('27137')).toBe('greater-than-80'); // St. Louis, by rule
    expect(classes.get('27003')).toBe('50-to-80'); // Anoka, by rule
    expect([...classes.values()].filter((c) => c === 'less-than-50')).toHaveLength(60);
  });

  it('says in one line when there is neither mirror nor network', async () => {
    const lines: string[] = [];
    const manifest = await runPipeline({
      sources: loadSources(join(REPO, 'data', 'sources.json'), {}),
      overridesPath: join(REPO, 'data', 'area-class-overrides.json'),
      outDir: join(work, 'offline'),
      mirrorDir: null,
      offline: true,
      inputsHash: 'x',
      log: (line) => lines.push(line),
      demo: { minorTarget: 5200, majorStep: 0.03, minorStep: 0.03 },
    });
    expect(lines[0]).toMatch(
      /^No data mirror \(SITING_DATA_MIRROR\) and no network \(SITING_DATA_OFFLINE=1\): /,
    );
    expect(lines.filter((l) => l.includes('official source unavailable'))).toEqual([]);
    expect(manifest.demonstration).toBe(true);
    expect(manifest.layers.minorWatersheds).toMatchObject({ official: false, demonstration: true });
    expect(manifest.layers.minorWatersheds?.title).toContain('demonstration geography — not official');
  }, 60_000);
});

describe('computeInputsHash', () => {
  it('changes when a pipeline file, a mirror file or the mode changes', () => {
    const dataDir = join(work, 'hash-data');
    const mirrorDir = join(work, 'hash-mirror');
    for (const dir of [dataDir, mirrorDir]) rmSync(dir, { recursive: true, force: true });
    mkdirSync(dataDir);
    mkdirSync(mirrorDir);
    writeFileSync(join(dataDir, 'sources.json'), '{}');
    writeFileSync(join(mirrorDir, 'a.geojson'), '{}');
    const base = computeInputsHash({ dataDir, mirrorDir, mode: ['offline=true'] });
    expect(computeInputsHash({ dataDir, mirrorDir, mode: ['offline=true'] })).toBe(base);
    expect(computeInputsHash({ dataDir, mirrorDir, mode: ['offline=false'] })).not.toBe(base);
    writeFileSync(join(dataDir, 'notes.test.ts'), 'tests do not count');
    expect(computeInputsHash({ dataDir, mirrorDir, mode: ['offline=true'] })).toBe(base);
    writeFileSync(join(mirrorDir, 'a.geojson'), '{"changed":1}');
    const afterMirror = computeInputsHash({ dataDir, mirrorDir, mode: ['offline=true'] });
    expect(afterMirror).not.toBe(base);
    writeFileSync(join(dataDir, 'sources.json'), '{"x":1}');
    expect(computeInputsHash({ dataDir, mirrorDir, mode: ['offline=true'] })).not.toBe(afterMirror);
  });
});
