import { describe, expect, it } from 'vitest';
import {
  BILL_2026_STRIKE_3C_RULESET,
  type Candidate,
  DEFAULT_RULESET,
  lazyRankResult,
  type RuleSet,
  rankCompact,
  rankScenario,
} from '../../../src/siting/index.ts';
import { deepFreeze, makeCandidate, makeImpact, OLMSTED } from '../../fixtures/siting/scenarios.ts';

/**
 * Issue 38 item 4. The enacted text keeps two ladders because of subd. 3(c): "Notwithstanding
 * paragraph (a), clauses (1) and (2), the priority order for replacement by wetland banking begins
 * at paragraph (a), clause (3)". Subd. 3(d): "When reasonable, practicable, and environmentally
 * beneficial replacement opportunities are not available in siting priorities listed in
 * paragraph (a), the applicant may seek opportunities at the next level." With 3(c) struck (the
 * 2026 bill) nothing sets banking apart: paragraph (a) orders "all wetland replacement", so one
 * ladder orders sites and banks and the 3(d) caveat is judged across both.
 */
const SAME_MINOR = OLMSTED;
const SAME_MAJOR = { ...OLMSTED, minorWatershed: '41002' };
const SAME_BSA = { ...OLMSTED, minorWatershed: '40002', majorWatershed: 40 };

const bank = (id: string, units: Candidate['units'], extra: Partial<Candidate> = {}): Candidate =>
  makeCandidate({
    id,
    kind: 'bank',
    units,
    action: null,
    bankStatus: 'Approved',
    availableCredits: 5,
    ...extra,
  });
const site = (id: string, units: Candidate['units']): Candidate => makeCandidate({ id, units });

interface LadderRow {
  clause: string;
  name: string;
  ruleset: RuleSet;
  candidates: Candidate[];
  /** Each id's level and place in its ladder. */
  levels: Record<string, [number, number]>;
  /** The 3(d) caveat text of each id that carries one (none for the others). */
  caveats: Record<string, RegExp>;
}

const rows: LadderRow[] = [
  {
    clause: '103G.222 subd. 3(c) struck, 3(d)',
    name: 'draft: a level-3 site beside a level-1 bank with credits gets the caveat, one ladder',
    ruleset: BILL_2026_STRIKE_3C_RULESET,
    candidates: [site('site3', SAME_BSA), bank('bank1', SAME_MINOR)],
    levels: { bank1: [1, 1], site3: [3, 2] },
    caveats: { site3: /^Listed after project-specific sites and bank credits at level 1: use it only/ },
  },
  {
    clause: '103G.222 subd. 3(c), 3(d)',
    name: 'enacted: the same bank is at level 3 on its own ladder; the site is judged among sites',
    ruleset: DEFAULT_RULESET,
    candidates: [site('site3', SAME_BSA), bank('bank1', SAME_MINOR)],
    levels: { bank1: [3, 1], site3: [3, 1] },
    caveats: {},
  },
  {
    clause: '103G.222 subd. 3(c) struck, 3(d)',
    name: 'draft: a level-3 bank below a level-2 site gets the caveat',
    ruleset: BILL_2026_STRIKE_3C_RULESET,
    candidates: [bank('bank3', SAME_BSA), site('site2', SAME_MAJOR)],
    levels: { site2: [2, 1], bank3: [3, 2] },
    caveats: { bank3: /^Listed after project-specific sites and bank credits at level 2:/ },
  },
  {
    clause: '103G.222 subd. 3(c), 3(d)',
    name: 'enacted: a level-3 bank is the first banking choice, whatever sites stand above',
    ruleset: DEFAULT_RULESET,
    candidates: [bank('bank3', SAME_BSA), site('site2', SAME_MAJOR)],
    levels: { site2: [2, 1], bank3: [3, 1] },
    caveats: {},
  },
  {
    clause: '103G.222 subd. 3(c) struck, 3(d); Minn. R. 8420.0725 A',
    name: 'draft: above a level-3 site only a pending level-1 bank: the pending caveat',
    ruleset: BILL_2026_STRIKE_3C_RULESET,
    candidates: [site('site3', SAME_BSA), bank('pending1', SAME_MINOR, { bankStatus: 'Pending' })],
    levels: { pending1: [1, 1], site3: [3, 2] },
    caveats: {
      site3:
        /^Listed after project-specific sites and bank credits at level 1, but the only options listed above it are banks not yet approved/,
    },
  },
];

describe('one ladder without subd. 3(c) (issue 38 item 4)', () => {
  it.each(rows)('$clause — $name', ({ ruleset, candidates, levels, caveats }) => {
    const scenario = deepFreeze({ impact: makeImpact(), candidates });
    const result = rankScenario(scenario, { ruleset });
    const lazy = lazyRankResult(rankCompact(scenario, { ruleset }));
    for (const ranked of [result.candidates, lazy.candidates]) {
      expect(Object.fromEntries(ranked.map((c) => [c.id, [c.priority, c.ladderRank]]))).toEqual(levels);
      for (const candidate of ranked) {
        const caveat = candidate.reasons.find((reason) => reason.cite === '103G.222 subd. 3(d)');
        const expected = caveats[candidate.id];
        if (expected === undefined) expect(caveat, candidate.id).toBeUndefined();
        else expect(caveat?.text, candidate.id).toMatch(expected);
      }
    }
  });

  it('the rule sets say which: the enacted text has two ladders, the draft one', () => {
    expect(DEFAULT_RULESET.ladders).toBe('by-kind');
    expect(BILL_2026_STRIKE_3C_RULESET.ladders).toBe('one');
  });
});
