import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';
import { runCli } from './runCli.ts';

/**
 * Issue 13 through the real command, clause by clause: each row a scenario file given to
 * `siting rank`, and what its JSON must say. Units are given, so no row depends on the layers.
 */
const OLMSTED = {
  minorWatershed: '41001',
  majorWatershed: 41,
  bankServiceArea: 10,
  county: '27109',
  areaClass: 'less-than-50',
};
const OTHER_BSA = { ...OLMSTED, minorWatershed: '40002', majorWatershed: 40, bankServiceArea: 9 };
const SAME_BSA = { ...OTHER_BSA, bankServiceArea: 10 };
const impact = { units: OLMSTED, acres: 1, land: 'nonagricultural' };

interface Candidate {
  id: string;
  priority: number | null;
  priorityRange: [number, number] | null;
  ladder: string;
  ladderRank: number | null;
  basis: string;
  availability: string | null;
  status: string;
  reasons: { text: string; cite: string }[];
}
interface Output {
  requirement: Record<string, unknown>;
  candidates: Candidate[];
}

const rows: {
  cite: string;
  name: string;
  scenario: object;
  check: (output: Output, byId: (id: string) => Candidate) => void;
}[] = [
  {
    cite: '103G.222 subd. 3(c)',
    name: 'two ladders, each candidate with its place in its own',
    scenario: {
      impact,
      candidates: [
        { id: 'site', kind: 'project-specific', units: OLMSTED, action: 'restoration' },
        { id: 'bank', kind: 'bank', units: SAME_BSA },
      ],
    },
    check: (_, byId) => {
      expect(byId('site')).toMatchObject({ ladder: 'project-specific', ladderRank: 1, priority: 1 });
      expect(byId('bank')).toMatchObject({ ladder: 'bank', ladderRank: 1, priority: 3 });
      expect(byId('bank').reasons.map((r) => r.cite)).not.toContain('103G.222 subd. 3(d)');
    },
  },
  {
    cite: '103G.222 subd. 3(b)',
    name: 'early credits: basis statewide-3b, priority null, no caveat',
    scenario: {
      impact: { ...impact, project: 'public-transportation' },
      candidates: [
        // Listed first: at the bank ladder's first level it ties with the level-3 bank and keeps
        // its input order (never the string order of ids); at level 4 it would come second.
        { id: 'early', kind: 'bank', units: OTHER_BSA, bankApplicationDate: '1996-04-01' },
        { id: 'near', kind: 'bank', units: SAME_BSA, bankApplicationDate: '2000-01-01' },
      ],
    },
    check: (_, byId) => {
      expect(byId('early')).toMatchObject({ basis: 'statewide-3b', priority: null, ladderRank: 1 });
      expect(byId('near')).toMatchObject({ priority: 3, ladderRank: 2 });
      expect(byId('early').reasons.map((r) => r.cite)).not.toContain('103G.222 subd. 3(d)');
    },
  },
  {
    cite: '103G.222 subd. 3(a)(1)',
    name: 'minor watershed unknown: priorityRange [1, 2] beside priority 2',
    scenario: {
      impact: { ...impact, units: { ...OLMSTED, minorWatershed: undefined } },
      candidates: [{ id: 'site', kind: 'project-specific', units: OLMSTED, action: 'restoration' }],
    },
    check: (_, byId) => expect(byId('site')).toMatchObject({ priority: 2, priorityRange: [1, 2] }),
  },
  {
    cite: '103G.222 subd. 1(m)',
    name: 'road repair on a state road: replacedBy mndot',
    scenario: { impact: { ...impact, project: 'road-repair', stateRoad: true }, candidates: [] },
    check: (output) =>
      expect(output.requirement).toMatchObject({ replacementPlanRequired: false, replacedBy: 'mndot' }),
  },
  {
    cite: 'Minn. R. 8420.0522 subp. 2',
    name: 'partially drained acres count half, at least',
    scenario: { impact: { ...impact, partiallyDrainedAcres: 1 }, candidates: [] },
    check: (output) => expect(output.requirement).toMatchObject({ impactAcres: 1.5, replacementAcres: 3 }),
  },
  {
    cite: '103G.222 subd. 3(e)(4)',
    name: 'a sold-out bank is not eligible and has no ladder place',
    scenario: {
      impact,
      candidates: [
        { id: 'sold', kind: 'bank', units: SAME_BSA, bankStatus: 'Sold-Out' },
        { id: 'ok', kind: 'bank', units: SAME_BSA, bankStatus: 'Approved' },
      ],
    },
    check: (output, byId) => {
      expect(byId('sold')).toMatchObject({
        status: 'ineligible',
        availability: 'cannot-sell',
        ladderRank: null,
      });
      expect(output.candidates.map((c) => c.id)).toEqual(['ok', 'sold']);
    },
  },
  {
    cite: 'Minn. R. 8420.0522 subp. 3',
    name: 'in-kind first within a level',
    scenario: {
      impact: { ...impact, wetlandType: 3 },
      candidates: [
        { id: 'a-type-2', kind: 'project-specific', units: OLMSTED, action: 'restoration', wetlandType: '2' },
        {
          id: 'b-type-3',
          kind: 'project-specific',
          units: OLMSTED,
          action: 'restoration',
          wetlandType: 'Type 3',
        },
      ],
    },
    check: (output) => expect(output.candidates.map((c) => c.id)).toEqual(['b-type-3', 'a-type-2']),
  },
];

let data: string;
let work: string;
beforeAll(async () => {
  data = await buildDataDir();
  work = await mkdtemp(path.join(tmpdir(), 'siting-practice-'));
});
afterAll(async () => {
  await rm(data, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe('siting rank, as a practitioner checks it', () => {
  it.each(rows.map((row, index) => ({ ...row, index })))('$cite: $name', async (row) => {
    const file = path.join(work, `row${row.index}.json`);
    await writeFile(file, JSON.stringify(row.scenario));
    const { status, stdout, stderr } = await runCli(['rank', file, '--data', data]);
    expect(stderr).not.toMatch(/error/);
    expect(status).toBe(0);
    const output = JSON.parse(stdout) as Output;
    const byId = (id: string) => {
      const found = output.candidates.find((candidate) => candidate.id === id);
      if (!found) throw new Error(`${id} missing`);
      return found;
    };
    row.check(output, byId);
    const cites = [
      ...(output.requirement.reasons as { cite: string }[]),
      ...output.candidates.flatMap((c) => c.reasons),
    ].map((reason) => reason.cite);
    expect(cites).toContain(row.cite);
  });

  it('refuses cultivatedField true on nonagricultural land: exit 2, one line naming both fields', async () => {
    const file = path.join(work, 'cultivated.json');
    await writeFile(file, JSON.stringify({ impact: { ...impact, cultivatedField: true }, candidates: [] }));
    const { status, stdout, stderr } = await runCli(['rank', file, '--data', data]);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/impact\.cultivatedField: true contradicts impact\.land "nonagricultural"/);
  });
});
