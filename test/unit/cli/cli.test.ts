import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';
import { runCli } from './runCli.ts';

let data: string;
let work: string;
const NOTICE = 'demonstration geography — not official';

const scenario = {
  impact: { location: [-92.7, 44], acres: 0.8, land: 'nonagricultural' },
  candidates: [
    { id: 'A', kind: 'project-specific', location: [-92.6, 44.1], action: 'restoration' },
    { id: 'B', kind: 'bank', units: { bankServiceArea: 10, areaClass: 'less-than-50' } },
    { id: 'C', kind: 'project-specific', location: [-91.5, 44], action: 'restoration' },
  ],
};

async function file(name: string, text: string): Promise<string> {
  const target = path.join(work, name);
  await writeFile(target, text);
  return target;
}

beforeAll(async () => {
  data = await buildDataDir();
  work = await mkdtemp(path.join(tmpdir(), 'siting-cli-'));
});
afterAll(async () => {
  await rm(data, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe('siting locate', () => {
  it('prints the units of a point as JSON and the demonstration notice on stderr', async () => {
    const { status, stdout, stderr } = await runCli(['locate', '-92.7', '44', '--data', data]);
    expect(status).toBe(0);
    const output = JSON.parse(stdout);
    expect(output).toMatchObject({
      inMinnesota: true,
      county: { id: '27109', name: 'Olmsted' },
      areaClass: 'less-than-50',
      majorWatershed: { id: 41 },
      minorWatershed: { id: '41001' },
      bankServiceArea: { id: 10 },
      sources: { county: { layer: 'counties', official: false, demonstration: true } },
      demonstration: true,
      notice: NOTICE,
    });
    expect(stderr.trim()).toBe(`siting: ${NOTICE}`);
  });

  it('outside Minnesota: inMinnesota false, exit 0', async () => {
    const { status, stdout } = await runCli(['locate', '-80', '44', '--data', data]);
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ inMinnesota: false, county: null, bankServiceArea: null });
  });

  it('applies area class overrides given with --overrides (subd. 1(o))', async () => {
    const overrides = await file(
      'overrides.json',
      JSON.stringify([{ majorWatershed: 41, areaClass: 'greater-than-80' }]),
    );
    const { stdout } = await runCli(['locate', '-92.7', '44', '--data', data, '--overrides', overrides]);
    expect(JSON.parse(stdout).areaClass).toBe('greater-than-80');
  });

  it.each([
    [['locate', 'abc', '44'], /^siting: lon: "abc" is not a number$/],
    [['locate', '-92.7'], /^siting: lat: is missing/],
    [['locate', '-92.7', '44', '--dta', 'x'], /^siting: --dta: unknown option$/],
    [['frobnicate'], /^siting: frobnicate: unknown command/],
  ])('bad input %j: exit 2, one line naming the field', async (args, message) => {
    const { status, stdout, stderr } = await runCli([...args, '--data', data].slice(0, args.length + 2));
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr.trim()).toMatch(message);
  });

  it('missing data: exit 3 with one clear line', async () => {
    const { status, stderr } = await runCli(['locate', '-92.7', '44', '--data', path.join(work, 'none')]);
    expect(status).toBe(3);
    expect(stderr.trim()).toMatch(/^siting: data: .*manifest\.json: not found/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe('siting rank', () => {
  it('looks up units from locations, ranks, and labels demonstration output', async () => {
    const scenarioFile = await file('scenario.json', JSON.stringify(scenario));
    const { status, stdout, stderr } = await runCli(['rank', scenarioFile, '--data', data]);
    expect(status).toBe(0);
    expect(stderr.trim()).toBe(`siting: ${NOTICE}`);
    const output = JSON.parse(stdout);
    expect(output).toMatchObject({
      ruleset: 'mn-103G.222-text',
      demonstration: true,
      notice: NOTICE,
      impact: { units: { minorWatershed: '41001', county: '27109', areaClass: 'less-than-50' } },
      requirement: { ratio: 2, maxRatio: 2, replacementAcres: 1.6, replacementPlanRequired: true },
    });
    expect(output.candidates.map((c: { id: string; priority: number | null }) => [c.id, c.priority])).toEqual(
      [
        ['A', 1],
        ['B', 3],
        ['C', null],
      ],
    );
    expect(output.candidates[2]).toMatchObject({ eligible: false, status: 'ineligible' });
    expect(output.candidates[0].distanceKm).toBeGreaterThan(13);
  });

  it('runs the 2026 bill variant when asked by --ruleset', async () => {
    const scenarioFile = await file(
      'bank.json',
      JSON.stringify({
        impact: scenario.impact,
        candidates: [{ id: 'bank', kind: 'bank', location: [-92.6, 44.1] }],
      }),
    );
    const { stdout } = await runCli([
      'rank',
      scenarioFile,
      '--data',
      data,
      '--ruleset',
      'mn-103G.222-sf4911-draft',
    ]);
    expect(JSON.parse(stdout).candidates[0].priority).toBe(1);
  });

  it.each([
    ['malformed JSON', '{"impact": ', /^siting: .*bad1\.json: not valid JSON/],
    [
      'unknown enum',
      JSON.stringify({ ...scenario, impact: { ...scenario.impact, land: 'urban' } }),
      /impact\.land: unknown value "urban"/,
    ],
    [
      'coordinate not a number',
      JSON.stringify({ ...scenario, impact: { ...scenario.impact, location: ['-92', 44] } }),
      /impact\.location\[0\]: longitude must be a number/,
    ],
    // (No `candidates` is no error: the built banks are ranked, issue 21 item 5.)
    ['missing field', JSON.stringify({ candidates: scenario.candidates }), /impact: is missing/],
  ])('%s: exit 2, one line naming the field', async (_name, text, message) => {
    const bad = await file(`bad${_name === 'malformed JSON' ? 1 : _name.length}.json`, text);
    const { status, stdout, stderr } = await runCli(['rank', bad, '--data', data]);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });
});

describe('siting batch', () => {
  it('streams one CSV row per impact × candidate, quoting and neutralising formulas', async () => {
    const impacts = await file(
      'impacts.csv',
      'id,lon,lat,acres,land,project\nI1,-92.7,44,1,agricultural,general\n"=cmd|x,1",-92.7,44,0.5,nonagricultural,\n',
    );
    const sites = await file(
      'sites.csv',
      'id,kind,lon,lat,action,bankServiceArea,areaClass\nA,project-specific,-92.6,44.1,restoration,,\n"B, the ""bank""",bank,,,,10,less-than-50\n',
    );
    const { status, stdout, stderr } = await runCli([
      'batch',
      impacts,
      '--candidates',
      sites,
      '--data',
      data,
    ]);
    expect(stderr.trim()).toBe(`siting: ${NOTICE}`);
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'impactId,rank,candidateId,kind,status,eligible,priority,distanceKm,ratio,maxRatio,replacementAcres,restorationOnly,replacementPlanRequired,ruleset,rulesetNotice,demonstration,reasons,ladder,ladderRank,basis,priorityRange,availability,replacedBy,ratioRange,boundaryUnits,candidateName,impactMinorWatershed,impactMajorWatershed,impactBankServiceArea,impactCounty,impactAreaClass',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^I1,1,A,project-specific,eligible,true,1,[\d.]+,1,1,1,false,true,/);
    expect(lines[2]).toMatch(/^I1,2,"B, the ""bank""",bank,eligible,true,3,,1,1,1,/);
    expect(lines[3]).toMatch(/^"'=cmd\|x,1",1,A,/);
    expect(lines[2]).toMatch(/,bank,1,priority-order,3-3,unknown,applicant,1-1,,"B, the ""bank""",/);
  });

  it('refuses a cultivated field on nonagricultural land in impacts.csv, naming both columns', async () => {
    const impacts = await file(
      'cf-impacts.csv',
      'id,acres,land,cultivatedField,bankServiceArea\nI1,1,nonagricultural,true,10\n',
    );
    const sites = await file('cf-sites.csv', 'id,kind,bankServiceArea\nB,bank,10\n');
    const { status, stderr } = await runCli(['batch', impacts, '--candidates', sites, '--data', data]);
    expect(status).toBe(2);
    expect(stderr.trim()).toMatch(/cf-impacts\.csv line 2: cultivatedField: .*land "nonagricultural"/);
  });

  it('a bad row: exit 2 naming file, line and column', async () => {
    const impacts = await file('bad-impacts.csv', 'id,lon,lat,acres,land\nI1,-92.7,44,lots,agricultural\n');
    const sites = await file('ok-sites.csv', 'id,kind,bankServiceArea\nB,bank,10\n');
    const { status, stderr } = await runCli(['batch', impacts, '--candidates', sites, '--data', data]);
    expect(status).toBe(2);
    expect(stderr.trim()).toMatch(/^siting: .*bad-impacts\.csv line 2: acres: must be a number$/);
  });

  it('an unknown column or enum in sites.csv: exit 2', async () => {
    const impacts = await file('one-impact.csv', 'id,acres,land,bankServiceArea\nI1,1,agricultural,10\n');
    const sites = await file('bad-sites.csv', 'id,kind\nB,mitigation\n');
    const { status, stderr } = await runCli(['batch', impacts, '--candidates', sites, '--data', data]);
    expect(status).toBe(2);
    expect(stderr.trim()).toMatch(/bad-sites\.csv line 2: kind: unknown value "mitigation"/);
  });

  it('a reader that stops early (`| head -1`) ends the run quietly, with the status of a tool killed by SIGPIPE', async () => {
    // Issue 32 item 6: this ended "siting: internal error: write EPIPE", exit 1.
    const rows = Array.from({ length: 4000 }, (_, i) => `I${i},-92.7,44,1,nonagricultural`);
    const impacts = await file('many-impacts.csv', `id,lon,lat,acres,land\n${rows.join('\n')}\n`);
    const sites = await file(
      'two-sites.csv',
      'id,kind,lon,lat,action\nA,project-specific,-92.6,44.1,restoration\nB,bank,-92.5,44,\n',
    );
    const child = spawn(
      process.execPath,
      ['bin/siting.mjs', 'batch', impacts, '--candidates', sites, '--data', data],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // Like head -1: read the first line, then close the pipe.
    child.stdout.once('data', () => child.stdout.destroy());
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/internal error|EPIPE/);
    expect(status).toBe(141);
  });

  it("--out FILE writes a clean file (no npm banner), --top N and --eligible-only cut each impact's rows, names and the impact's units on every row (issue 33)", async () => {
    const impacts = await file(
      'two-impacts.csv',
      'id,lon,lat,acres,land\nI1,-92.7,44,1,nonagricultural\nI2,-92.7,44,2,nonagricultural\n',
    );
    const sites = await file(
      'named-sites.csv',
      'id,kind,name,lon,lat,action,bankServiceArea,areaClass,bankStatus\nA,project-specific,Alpha field,-92.6,44.1,restoration,,,\nB,bank,Beta bank,,,,10,less-than-50,\nC,project-specific,Far field,-91.5,44,restoration,,,\nX,bank,Sold-out bank,,,,10,less-than-50,Sold-Out\n',
    );
    const target = path.join(work, 'ranked.csv');
    const all = await runCli(['batch', impacts, '--candidates', sites, '--data', data, '--out', target]);
    expect(all.status).toBe(0);
    expect(all.stdout).toBe('');
    const text = await readFile(target, 'utf8');
    const [header, ...rows] = text.trim().split('\n');
    expect(header!.startsWith('impactId,rank,')).toBe(true);
    expect(rows).toHaveLength(8);
    const columns = header!.split(',');
    const at = (name: string) => columns.indexOf(name);
    const first = rows[0]!.split(',');
    expect(first[at('candidateName')]).toBe('Alpha field');
    expect(first[at('impactMinorWatershed')]).not.toBe('');
    expect(first[at('impactBankServiceArea')]).not.toBe('');
    expect(first[at('impactCounty')]).not.toBe('');
    expect(await readdir(work)).not.toContain('ranked.csv.partial');

    const cut = await runCli([
      'batch',
      impacts,
      '--candidates',
      sites,
      '--data',
      data,
      '--top',
      '2',
      '--eligible-only',
    ]);
    expect(cut.status).toBe(0);
    const cutRows = cut.stdout.trim().split('\n').slice(1);
    expect(cutRows.map((r) => r.split(',').slice(0, 3).join(','))).toEqual([
      'I1,1,A',
      'I1,2,B',
      'I2,1,A',
      'I2,2,B',
    ]);
    const eligible = await runCli([
      'batch',
      impacts,
      '--candidates',
      sites,
      '--data',
      data,
      '--eligible-only',
    ]);
    expect(eligible.stdout).not.toMatch(/,X,bank,/);
    expect(
      eligible.stdout
        .trim()
        .split('\n')
        .slice(1)
        .every((r) => r.split(',')[5] === 'true'),
    ).toBe(true);
  });

  it('batch --out: a bad first row says which row, in one line, and leaves the earlier file as it was', async () => {
    // The header is still being written when the first row fails: the half file must go quietly.
    const impacts = await file('bad-first-row.csv', 'id,lon,lat,acres\nI1,-92.7,44,1\n');
    const target = path.join(work, 'kept.csv');
    await writeFile(target, 'earlier ranking\n');
    const sites = await file(
      'a-site.csv',
      'id,kind,lon,lat,action\nA,project-specific,-92.6,44.1,restoration\n',
    );
    const args = ['batch', impacts, '--candidates', sites, '--data', data, '--out', target];
    const { status, stderr } = await runCli(args);
    expect(stderr.trim()).toBe(`siting: ${impacts} line 2: land: is missing`);
    expect(status).toBe(2);
    expect(await readFile(target, 'utf8')).toBe('earlier ranking\n');
    expect((await readdir(work)).filter((f) => f.startsWith('kept.csv'))).toEqual(['kept.csv']);
  });

  it.each([
    [['--top', '0'], /--top: must be a whole number of rows, at least 1 \(got "0"\)/],
    [['--top', 'lots'], /--top: must be a whole number/],
    [['--eligible-only=yes'], /--eligible-only: takes no value/],
  ])('batch %j: exit 2, one line', async (extra, message) => {
    const impacts = await file('one-more.csv', 'id,acres,land,bankServiceArea\nI1,1,agricultural,10\n');
    const sites = await file('one-site.csv', 'id,kind,bankServiceArea\nB,bank,10\n');
    const target = path.join(work, 'never.csv');
    const { status, stderr } = await runCli([
      'batch',
      impacts,
      '--candidates',
      sites,
      '--data',
      data,
      '--out',
      target,
      ...extra,
    ]);
    expect(status).toBe(2);
    expect(stderr.trim()).toMatch(message);
    // A refused run leaves no file, whole or partial.
    expect((await readdir(work)).filter((f) => f.startsWith('never.csv'))).toEqual([]);
  });
});
