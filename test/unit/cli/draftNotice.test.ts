import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../../src/cli/csv.ts';
import { BILL_2026_STRIKE_3C_RULESET, DEFAULT_RULESET, rulesetNotice } from '../../../src/siting/index.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';
import { runCli } from './runCli.ts';

/**
 * Issue 38 item 3: every CLI output under the not-enacted rule set (the 2026 bill striking
 * 103G.222 subd. 3(c), "Notwithstanding paragraph (a), clauses (1) and (2), the priority order for
 * replacement by wetland banking begins at paragraph (a), clause (3)") says it is a bill, not law,
 * with its status as verified; under the enacted text none does.
 */
let data: string;
let work: string;
const DEMONSTRATION = 'demonstration geography — not official';
const BILL_NOTICE = rulesetNotice(BILL_2026_STRIKE_3C_RULESET) as string;

beforeAll(async () => {
  data = await buildDataDir();
  work = await mkdtemp(path.join(tmpdir(), 'siting-draft-'));
});
afterAll(async () => {
  await rm(data, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const target = path.join(work, name);
  await writeFile(target, text);
  return target;
}

const scenario = {
  impact: { location: [-92.7, 44], acres: 0.8, land: 'nonagricultural' },
  candidates: [
    { id: 'A', kind: 'project-specific', location: [-92.6, 44.1], action: 'restoration' },
    { id: 'B', kind: 'bank', units: { bankServiceArea: 10, areaClass: 'less-than-50' } },
  ],
};

describe('the bill notice is read from the rule set data', () => {
  it('says it is a bill, not law, and the status as verified (introduced; passage not verified)', () => {
    expect(BILL_NOTICE).toMatch(/^Not law: this ranking applies a bill, SF 4911 \/ HF 4764/);
    expect(BILL_NOTICE).toContain('would strike 103G.222 subd. 3(c)');
    expect(BILL_NOTICE).toContain(`Status as verified: ${BILL_2026_STRIKE_3C_RULESET.bill?.status}`);
    expect(BILL_NOTICE).toMatch(/passage and enactment were not verified/);
    expect(rulesetNotice(DEFAULT_RULESET)).toBeNull();
  });
});

const RULESET_ROWS = [
  { name: 'the enacted text', id: DEFAULT_RULESET.id, notice: null, enacted: true },
  { name: 'the 2026 bill', id: BILL_2026_STRIKE_3C_RULESET.id, notice: BILL_NOTICE, enacted: false },
] as const;

describe.each(RULESET_ROWS)('CLI outputs under $name', ({ id, notice, enacted }) => {
  it('rank: the JSON carries enacted and rulesetNotice; stderr says it on its one line', async () => {
    const scenarioFile = await file(`scenario-${id}.json`, JSON.stringify(scenario));
    const { status, stdout, stderr } = await runCli(['rank', scenarioFile, '--data', data, '--ruleset', id]);
    expect(status).toBe(0);
    const output = JSON.parse(stdout);
    expect(output).toMatchObject({ ruleset: id, enacted, rulesetNotice: notice });
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      notice === null ? `siting: ${DEMONSTRATION}` : `siting: ${DEMONSTRATION}; ${notice}`,
    );
  });

  it('batch: every row has the rulesetNotice cell; stderr says it on its one line', async () => {
    const impacts = await file(`impacts-${id}.csv`, 'id,lon,lat,acres,land\nI1,-92.7,44,1,agricultural\n');
    const sites = await file(
      `sites-${id}.csv`,
      'id,kind,lon,lat,action,bankServiceArea,areaClass\nA,project-specific,-92.6,44.1,restoration,,\nB,bank,,,,10,less-than-50\n',
    );
    const { status, stdout, stderr } = await runCli([
      'batch',
      impacts,
      '--candidates',
      sites,
      '--data',
      data,
      '--ruleset',
      id,
    ]);
    expect(status).toBe(0);
    const [header, ...rows] = stdout.trim().split('\n');
    expect(header).toContain(',ruleset,rulesetNotice,demonstration,');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toContain(`,${id},${notice === null ? '' : csvCell(notice)},true,`);
    expect(stderr.trim()).toBe(
      notice === null ? `siting: ${DEMONSTRATION}` : `siting: ${DEMONSTRATION}; ${notice}`,
    );
  });
});
