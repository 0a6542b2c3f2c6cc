import { describe, expect, it } from 'vitest';
import {
  type Candidate,
  type Impact,
  parseScenario,
  type RankedCandidate,
  type RankResult,
  rankScenario,
} from '../../../src/siting/index.ts';
import { deepFreeze, makeCandidate, makeImpact, OLMSTED, ST_LOUIS } from '../../fixtures/siting/scenarios.ts';

/**
 * The law as a practitioner checks it (issue 13), clause by clause: each row a scenario of one
 * impact and a few candidates, and what must hold of the ranking. `check` returns nothing or
 * throws; `cite` must appear among the reasons of the candidate `about` (or the requirement).
 */
interface PracticeRow {
  cite: string;
  name: string;
  impact?: Partial<Impact>;
  candidates: Partial<Candidate>[];
  /** The candidate the row is about (default: the first). */
  about?: string;
  /** False when the row checks that the clause does NOT speak. */
  citeExpected?: boolean;
  check: (result: RankResult, about: RankedCandidate) => void;
}

const OTHER_MAJOR_SAME_BSA = { ...OLMSTED, minorWatershed: '40002', majorWatershed: 40 };
const OTHER_BSA = { ...OTHER_MAJOR_SAME_BSA, bankServiceArea: 9 };
const texts = (candidate: RankedCandidate) => candidate.reasons.map((reason) => reason.text).join('\n');
const cites = (candidate: RankedCandidate) => candidate.reasons.map((reason) => reason.cite);

const rows: PracticeRow[] = [
  // 1. Subd. 3(c): two ladders; the 3(d) caveat applies only within a ladder.
  {
    cite: '103G.222 subd. 3(c)',
    name: 'an in-BSA bank is first of the bank ladder, with no caveat, beside a level-1 site',
    candidates: [{ id: 'site' }, { id: 'bank', kind: 'bank', action: null, units: OTHER_MAJOR_SAME_BSA }],
    about: 'bank',
    check: (result, bank) => {
      expect(bank).toMatchObject({ ladder: 'bank', ladderRank: 1, priority: 3, status: 'eligible' });
      expect(cites(bank)).not.toContain('103G.222 subd. 3(d)');
      expect(result.candidates.find((c) => c.id === 'site')).toMatchObject({
        ladder: 'project-specific',
        ladderRank: 1,
        priority: 1,
      });
    },
  },
  {
    cite: '103G.222 subd. 3(d)',
    name: 'a level-4 bank after a level-3 bank carries the caveat naming the bank ladder',
    candidates: [
      { id: 'near-bank', kind: 'bank', action: null, units: OTHER_MAJOR_SAME_BSA },
      { id: 'far-bank', kind: 'bank', action: null, units: OTHER_BSA },
    ],
    about: 'far-bank',
    check: (_, far) => {
      expect(far).toMatchObject({ ladderRank: 2, priority: 4 });
      expect(texts(far)).toMatch(/Listed after bank credits at level 3/);
    },
  },
  {
    cite: '103G.222 subd. 3(d)',
    name: 'a level-2 project-specific site after a level-1 one carries the caveat naming its ladder',
    candidates: [{ id: 'one' }, { id: 'two', units: { ...OLMSTED, minorWatershed: '41007' } }],
    about: 'two',
    check: (_, two) => expect(texts(two)).toMatch(/Listed after project-specific sites at level 1/),
  },
  // 2. Subd. 3(b): statewide, order included; the date notice only where it could matter.
  {
    cite: '103G.222 subd. 3(b)',
    name: 'early credits in another BSA: statewide under 3(b), no level, no caveat, first of the bank ladder',
    impact: { project: 'public-transportation' },
    candidates: [
      {
        id: 'in-bsa',
        kind: 'bank',
        action: null,
        units: OTHER_MAJOR_SAME_BSA,
        bankApplicationDate: '1998-01-01',
      },
      { id: 'early', kind: 'bank', action: null, units: OTHER_BSA, bankApplicationDate: '1995-01-01' },
    ],
    about: 'early',
    check: (_, early) => {
      expect(early).toMatchObject({ basis: 'statewide-3b', priority: null, priorityRange: null });
      expect(texts(early)).toMatch(/^Statewide under 3\(b\)/m);
      expect(cites(early)).not.toContain('103G.222 subd. 3(d)');
      expect(cites(early)).not.toContain('103G.222 subd. 3(a)(4)');
    },
  },
  {
    cite: '103G.222 subd. 3(b)',
    name: 'no date on an in-BSA bank for a transportation impact: no notice (the date changes nothing)',
    impact: { project: 'public-transportation' },
    citeExpected: false,
    candidates: [{ kind: 'bank', action: null, units: OTHER_MAJOR_SAME_BSA }],
    check: (_, bank) => {
      expect(bank.priority).toBe(3);
      expect(texts(bank)).not.toMatch(/application date is not given/);
    },
  },
  {
    cite: '103G.222 subd. 3(b)',
    name: 'no date on a bank in another BSA: the notice, since the date could lift it out of level 4',
    impact: { project: 'public-transportation' },
    candidates: [{ kind: 'bank', action: null, units: OTHER_BSA }],
    check: (_, bank) => expect(texts(bank)).toMatch(/application date is not given/),
  },
  {
    cite: '103G.222 subd. 3(b)',
    name: 'no date on a bank in a >80% area: the notice, since the date could lift the exclusion',
    impact: { project: 'public-transportation' },
    candidates: [{ kind: 'bank', action: null, units: ST_LOUIS }],
    check: (_, bank) => {
      expect(bank.status).toBe('ineligible');
      expect(texts(bank)).toMatch(/application date is not given/);
    },
  },
  // 3. Subd. 3(h): an EIS site within a year carries no caveat.
  {
    cite: '103G.222 subd. 3(h)',
    name: 'EIS site at level 2 within one year: basis eis-3h, no 3(d) caveat',
    impact: { applicationDate: '2025-03-01' },
    candidates: [
      { id: 'one' },
      {
        id: 'eis',
        units: { ...OLMSTED, minorWatershed: '41007' },
        eisIdentified: true,
        eisAdequacyDate: '2024-06-01',
      },
    ],
    about: 'eis',
    check: (_, eis) => {
      expect(eis).toMatchObject({ basis: 'eis-3h', priority: 2 });
      expect(cites(eis)).not.toContain('103G.222 subd. 3(d)');
    },
  },
  {
    cite: '103G.222 subd. 3(h)',
    name: 'EIS site whose application is late (after Monday 2025-06-02, 645.15): the order applies again, with its caveat',
    impact: { applicationDate: '2025-06-03' },
    candidates: [
      { id: 'one' },
      {
        id: 'eis',
        units: { ...OLMSTED, minorWatershed: '41007' },
        eisIdentified: true,
        eisAdequacyDate: '2024-06-01',
      },
    ],
    about: 'eis',
    check: (_, eis) => {
      expect(eis.basis).toBe('priority-order');
      expect(cites(eis)).toContain('103G.222 subd. 3(d)');
    },
  },
  // 5. Subd. 1(m): who replaces.
  {
    cite: '103G.222 subd. 1(m)',
    name: 'road repair on a state road: MnDOT replaces',
    impact: { project: 'road-repair', stateRoad: true },
    candidates: [{}],
    check: (result) => {
      expect(result.requirement).toMatchObject({ replacementPlanRequired: false, replacedBy: 'mndot' });
      expect(result.requirement.reasons.map((r) => r.text).join(' ')).toMatch(/the board replaces/);
    },
  },
  {
    cite: '103G.222 subd. 1(m)',
    name: 'road repair on a county road: the board replaces; unknown road: board or MnDOT',
    impact: { project: 'road-repair', stateRoad: false },
    candidates: [{}],
    check: (result) => {
      expect(result.requirement.replacedBy).toBe('board');
      const unknown = rankScenario(
        deepFreeze({ impact: makeImpact({ project: 'road-repair' }), candidates: [] }),
      );
      expect(unknown.requirement.replacedBy).toBe('board-or-mndot');
      const general = rankScenario(deepFreeze({ impact: makeImpact(), candidates: [] }));
      expect(general.requirement.replacedBy).toBe('applicant');
    },
  },
  // 6. Subd. 1(i) and preservation: where the rule decides, say so.
  {
    cite: '103G.222 subd. 1(i)',
    name: "preservation in a >80% area: eligible, credit depends on Minn. R. 8420.0526 (site's area)",
    impact: { units: ST_LOUIS },
    candidates: [{ units: ST_LOUIS, action: 'preservation' }],
    check: (_, site) => {
      expect(site.status).toBe('eligible');
      expect(texts(site)).toMatch(/depends on Minn\. R\. 8420\.0526/);
      expect(site.credit).toMatchObject({ action: 'preservation', share: null });
    },
  },
  {
    cite: '103G.222 subd. 1(i)',
    name: "impact in a >80% area, preservation outside one: the statute decides, read against the site's area",
    impact: { units: ST_LOUIS },
    candidates: [{ units: OLMSTED, action: 'preservation' }],
    check: (_, site) => {
      expect(site.status).toBe('ineligible');
      expect(texts(site)).toMatch(/statute decides this/);
      expect(texts(site)).toMatch(/read against the replacement site's area/);
    },
  },
  // 7. Unknown units give possible levels.
  {
    cite: '103G.222 subd. 3(a)(1)',
    name: 'minor watershed unknown, major shared: priority 2, priorityRange [1, 2]',
    impact: { units: { majorWatershed: 41, bankServiceArea: 10, county: '27109' } },
    candidates: [{}],
    check: (_, site) => {
      expect(site).toMatchObject({ priority: 2, priorityRange: [1, 2], unknownUnits: ['minorWatershed'] });
    },
  },
  {
    cite: '103G.222 subd. 3(a)(3)',
    name: 'bank with the BSA unknown: priorityRange [3, 4] in the bank ladder',
    candidates: [{ kind: 'bank', action: null, units: { county: '27109', areaClass: 'less-than-50' } }],
    check: (_, bank) => expect(bank).toMatchObject({ priority: 4, priorityRange: [3, 4] }),
  },
  {
    cite: '103G.222 subd. 3(a)(3)',
    name: 'known, different majors rule out a shared minor watershed: the range does not reach 1',
    impact: { units: { majorWatershed: 41, bankServiceArea: 10, county: '27109' } },
    candidates: [{ units: OTHER_MAJOR_SAME_BSA }],
    check: (_, site) => expect(site).toMatchObject({ priority: 3, priorityRange: [3, 3], unknownUnits: [] }),
  },
  // 8. What the application needs.
  {
    cite: '103G.222 subd. 1(b)',
    name: 'sequencing note on every requirement; 10,000 sq ft on-site determination available when small',
    impact: { acres: 0.2 },
    candidates: [{}],
    check: (result) => {
      expect(result.requirement).toMatchObject({ onSiteSequencing: 'available', impactSquareFeet: 8712 });
      const texts = (requirement: typeof result.requirement) =>
        requirement.reasons.map((r) => r.text).join(' ');
      expect(texts(result.requirement)).toContain(
        'This impact is 8,712 square feet, within 10,000 square feet',
      );
      const big = rankScenario(deepFreeze({ impact: makeImpact({ acres: 1 }), candidates: [] }));
      expect(big.requirement.onSiteSequencing).toBe('depends-on-de-minimis');
      expect(texts(big.requirement)).toContain('This impact is 43,560 square feet: whether it qualifies');
    },
  },
  {
    cite: 'Minn. R. 8420.0522 subp. 2',
    name: 'partially drained acres count at 50 percent at least, apart from drained or filled acres',
    impact: { acres: 1, partiallyDrainedAcres: 2 },
    candidates: [{}],
    check: (result) => {
      expect(result.requirement).toMatchObject({ impactAcres: 2, ratio: 2, replacementAcres: 4 });
      const reasons = result.requirement.reasons.map((reason) => reason.cite);
      expect(reasons).toContain('Minn. R. 8420.0522 subp. 2');
    },
  },
  {
    cite: 'Minn. R. 8420.0522 subp. 3',
    name: 'in-kind first within a level, with the reason; the far in-kind site before the near other type',
    impact: { location: [-92.47, 44.02], wetlandType: '3' },
    candidates: [
      { id: 'near-type-2', location: [-92.46, 44.03], wetlandType: '2' },
      { id: 'far-type-3', location: [-92.2, 44.2], wetlandType: '3' },
    ],
    about: 'far-type-3',
    check: (result, far) => {
      expect(result.candidates.map((c) => c.id)).toEqual(['far-type-3', 'near-type-2']);
      expect(far.kindMatch).toBe('in-kind');
      expect(texts(far)).toMatch(/^In-kind/m);
    },
  },
  {
    cite: '103G.222 subd. 1(f)',
    name: 'each candidate has its ratio, and the board-set rows show "rule not encoded" without a number',
    candidates: [{}, { id: 'bank', kind: 'bank', action: null }],
    check: (result) => {
      for (const candidate of result.candidates) {
        expect(candidate.ratio.value).toBe(2);
        expect(candidate.ratio.rows.length).toBeGreaterThan(0);
        for (const row of candidate.ratio.rows) {
          expect(row.ratio).toBeNull();
          expect(row.text).toMatch(/rule not encoded/);
          expect(row.cite).toMatch(/^Minn\. R\. 8420\.0522/);
        }
      }
      expect(result.candidates.find((c) => c.id === 'bank')?.ratio.cite).toBe('103G.222 subd. 1(f)');
    },
  },
  // Issue 15 item 6: banks that cannot sell credits are not options.
  {
    cite: '103G.222 subd. 3(e)(4)',
    name: 'a sold-out bank is not eligible and has no place in the bank ladder; a pending one ranks, flagged',
    candidates: [
      { id: 'sold', kind: 'bank', action: null, bankStatus: 'Sold-Out' },
      { id: 'pending', kind: 'bank', action: null, bankStatus: 'Pending' },
      { id: 'approved', kind: 'bank', action: null, bankStatus: 'Approved' },
    ],
    about: 'sold',
    check: (result, sold) => {
      expect(sold).toMatchObject({ status: 'ineligible', availability: 'cannot-sell', ladderRank: null });
      const pending = result.candidates.find((c) => c.id === 'pending');
      expect(pending).toMatchObject({ status: 'eligible', availability: 'pending' });
      expect(pending && texts(pending)).toMatch(/not yet approved/);
      expect(result.candidates.find((c) => c.id === 'approved')?.availability).toBe('can-sell');
    },
  },
  {
    cite: '103G.222 subd. 3(e)(4)',
    name: 'terminated, withdrawn and suspended banks cannot sell either',
    candidates: [
      { id: 'terminated', kind: 'bank', action: null, bankStatus: 'Terminated' },
      { id: 'withdrawn', kind: 'bank', action: null, bankStatus: 'Withdrawn' },
      { id: 'suspended', kind: 'bank', action: null, bankStatus: 'suspended' },
    ],
    check: (result) => {
      for (const candidate of result.candidates) expect(candidate.availability).toBe('cannot-sell');
    },
  },
];

describe('103G.222 as a practitioner checks it', () => {
  it.each(rows)('$cite: $name', (row) => {
    const scenario = deepFreeze({
      impact: makeImpact(row.impact ?? {}),
      candidates: row.candidates.map((candidate, index) => makeCandidate({ id: `c${index}`, ...candidate })),
    });
    const result = rankScenario(scenario);
    const about = result.candidates.find((c) => c.id === (row.about ?? scenario.candidates[0]?.id));
    if (!about) throw new Error('candidate missing from the ranking');
    row.check(result, about);
    const all = [...result.requirement.reasons, ...result.candidates.flatMap((c) => c.reasons)].map(
      (reason) => reason.cite,
    );
    if (row.citeExpected === false) expect(cites(about)).not.toContain(row.cite);
    else expect(all).toContain(row.cite);
  });
});

describe('subd. 1(c)/1(g): a cultivated field is agricultural land', () => {
  const impact = { location: [-92.4, 44], acres: 1, land: 'nonagricultural', cultivatedField: true };
  it('the reader refuses cultivatedField true with land nonagricultural, naming both fields', () => {
    const parsed = parseScenario({ impact, candidates: [] });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.field).toBe('impact.cultivatedField');
    expect(parsed.error.message).toMatch(/impact\.land "nonagricultural"/);
  });
  it.each([
    ['agricultural', true, true],
    ['nonagricultural', false, true],
    ['agricultural', false, true],
  ])('land %s with cultivatedField %s is accepted', (land, cultivatedField, ok) => {
    expect(parseScenario({ impact: { ...impact, land, cultivatedField }, candidates: [] }).ok).toBe(ok);
  });
  it('the engine, handed the pair anyway, replaces at 1:1 and says why', () => {
    const result = rankScenario(
      deepFreeze({ impact: makeImpact({ cultivatedField: true, land: 'nonagricultural' }), candidates: [] }),
    );
    expect(result.requirement.ratio).toBe(1);
    expect(result.requirement.reasons.map((r) => r.text).join(' ')).toMatch(
      /cultivated field lies on agricultural land/,
    );
  });
});
