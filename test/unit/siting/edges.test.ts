import { describe, expect, it } from 'vitest';
import {
  type Candidate,
  type Impact,
  legalHoliday,
  optionalHoliday,
  periodEnd,
  type RankedCandidate,
  type RankResult,
  rankScenario,
} from '../../../src/siting/index.ts';
import { deepFreeze, makeCandidate, makeImpact, OLMSTED } from '../../fixtures/siting/scenarios.ts';

/**
 * The law at its edges (issue 22), as a technical evaluation panel member reads an answer: each
 * row quotes the clause it rests on, runs one scenario and says what must (and must not) be said.
 * `check` throws when the answer is one the panel would strike.
 */
interface EdgeRow {
  /** Where the clause is, e.g. "103G.222 subd. 1(c)". */
  cite: string;
  /** The clause's own words the expectation rests on. */
  quote: string;
  name: string;
  impact?: Partial<Impact>;
  candidates?: Partial<Candidate>[];
  check: (result: RankResult, byId: (id: string) => RankedCandidate) => void;
}

const OTHER_MAJOR_SAME_BSA = { ...OLMSTED, minorWatershed: '40002', majorWatershed: 40 };
const OTHER_BSA = { ...OTHER_MAJOR_SAME_BSA, bankServiceArea: 9 };
const GT80 = {
  minorWatershed: '03001',
  majorWatershed: 3,
  bankServiceArea: 1,
  areaClass: 'greater-than-80' as const,
};
const LT50 = { ...OLMSTED, areaClass: 'less-than-50' as const };
const texts = (reasons: readonly { text: string }[]) => reasons.map((reason) => reason.text).join('\n');
const cites = (reasons: readonly { cite: string }[]) => reasons.map((reason) => reason.cite);
const SQUARE_FEET = 43_560;

function eisSite(adequacy: string, units: Candidate['units'] = { ...LT50, minorWatershed: '41007' }) {
  return { id: 'eis', units, eisIdentified: true, eisAdequacyDate: adequacy };
}

const rows: EdgeRow[] = [
  // Minn. R. 8420.0544: not applied, and said so wherever a public-road impact is ranked.
  ...(['public-transportation', 'road-repair'] as const).map(
    (project): EdgeRow => ({
      cite: 'Minn. R. 8420.0544',
      quote: '(text not verified: the rule is named, not quoted)',
      name: `a ${project} impact says in one line that Minn. R. 8420.0544 is not applied, and why`,
      impact: { project },
      check: (result) => {
        const said = result.requirement.reasons.filter((reason) => reason.cite === 'Minn. R. 8420.0544');
        expect(said).toHaveLength(1);
        expect(said[0]?.text).toContain(
          'is not applied: its current text, and whether it is in force, could not be verified',
        );
      },
    }),
  ),
  {
    cite: 'Minn. R. 8420.0544',
    quote: '(text not verified)',
    name: 'a general impact does not mention the public-road rule',
    impact: { project: 'general' },
    check: (result) => {
      expect(cites(result.requirement.reasons)).not.toContain('Minn. R. 8420.0544');
    },
  },
  // 1. Subd. 1(c) against subd. 1(b).
  {
    cite: '103G.222 subd. 1(c)',
    quote: 'through restoration only without regard to the priority order in paragraph (b)',
    name: 'a cultivated field: 1(b) does not govern, no sequencing asked, the siting order of 3(a) still applies',
    impact: { land: 'agricultural', cultivatedField: true },
    candidates: [{ id: 'near' }, { id: 'major', units: { ...OLMSTED, minorWatershed: '41007' } }],
    check: (result, byId) => {
      const { requirement } = result;
      expect(requirement.onSiteSequencing).toBe('not-applicable');
      expect(cites(requirement.reasons)).not.toContain('103G.222 subd. 1(b)');
      expect(texts(requirement.reasons)).not.toMatch(/Sequencing comes first/);
      const said = requirement.reasons.find((reason) => reason.text.includes('without regard to'));
      expect(said?.cite).toBe('103G.222 subd. 1(c)');
      expect(said?.text).toContain(
        '"through restoration only without regard to the priority order in paragraph (b)"',
      );
      expect(said?.text).toMatch(/does not govern this impact/);
      expect(said?.text).toMatch(/priority order of subd\. 3\(a\)/);
      // The siting order still ranks the restorations.
      expect(byId('near').priority).toBe(1);
      expect(byId('major').priority).toBe(2);
      expect(cites(byId('major').reasons)).toContain('103G.222 subd. 3(d)');
    },
  },
  {
    cite: '103G.222 subd. 1(b)',
    quote: 'Replacement must be guided by the following principles in descending order of priority',
    name: 'a wetland not in a cultivated field is still told to sequence',
    check: (result) => {
      expect(cites(result.requirement.reasons)).toContain('103G.222 subd. 1(b)');
      expect(texts(result.requirement.reasons)).toMatch(/Sequencing comes first/);
    },
  },
  // 2. A bank with no credits left.
  {
    cite: 'Minn. R. 8420.0745',
    quote:
      'Bank accounts must maintain a positive balance. When all credits have been withdrawn or transferred, the account is closed.',
    name: 'a bank listing 0 credits is no opportunity: listed apart, no place, bars nothing',
    candidates: [
      {
        id: 'empty',
        kind: 'bank',
        action: null,
        units: OTHER_MAJOR_SAME_BSA,
        availableCredits: 0,
        bankStatus: 'Approved',
      },
      {
        id: 'far',
        kind: 'bank',
        action: null,
        units: OTHER_BSA,
        availableCredits: 9,
        bankStatus: 'Approved',
      },
    ],
    check: (_, byId) => {
      const empty = byId('empty');
      expect(empty).toMatchObject({ status: 'ineligible', availability: 'cannot-sell', ladderRank: null });
      expect(cites(empty.reasons)).toContain('Minn. R. 8420.0745');
      expect(texts(empty.reasons)).toContain('"must maintain a positive balance"');
      expect(texts(empty.reasons)).not.toMatch(/can cover only part/);
      // The real bank in another service area is first of its ladder, with no 3(d) caveat.
      const far = byId('far');
      expect(far).toMatchObject({ status: 'eligible', ladderRank: 1, priority: 4 });
      expect(cites(far.reasons)).not.toContain('103G.222 subd. 3(d)');
    },
  },
  {
    cite: 'Minn. R. 8420.0745',
    quote:
      'No sale, withdrawal, transfer, or use of banking credits for replacement is valid until the board debits the applicable bank account.',
    name: 'credits not given are "not known", never a zero balance',
    candidates: [
      {
        id: 'bank',
        kind: 'bank',
        action: null,
        units: OTHER_MAJOR_SAME_BSA,
        availableCredits: null,
        bankStatus: 'Approved',
      },
    ],
    check: (_, byId) => {
      expect(byId('bank')).toMatchObject({ status: 'eligible', availability: 'can-sell', ladderRank: 1 });
      expect(cites(byId('bank').reasons)).not.toContain('Minn. R. 8420.0745');
    },
  },
  // 3. Subd. 3(h) for a site that subd. 3(a) bars.
  {
    cite: '103G.222 subd. 3(h)',
    quote: 'sites identified in accordance with the priority order for replacement siting in paragraph (a)',
    name: 'an EIS site in a >80 % area for a <50 % impact: no 3(h) basis, never "may be approved"',
    impact: { units: LT50, applicationDate: '2026-01-05' },
    candidates: [eisSite('2025-06-02', GT80)],
    check: (_, byId) => {
      const eis = byId('eis');
      expect(eis).toMatchObject({ status: 'ineligible', basis: 'priority-order', ladderRank: null });
      expect(texts(eis.reasons)).not.toMatch(/may be approved without further modification/);
      const said = eis.reasons.find((reason) => reason.cite === '103G.222 subd. 3(h)');
      expect(said?.text).toContain(
        '"sites identified in accordance with the priority order for replacement siting in paragraph (a)"',
      );
      expect(said?.text).toMatch(/3\(h\) does not apply/);
      expect(cites(eis.reasons)).toContain('103G.222 subd. 3(a)');
    },
  },
  {
    cite: '103G.222 subd. 3(h)',
    quote: 'without further modification related to the priority order',
    name: 'an EIS site another rule bars (conversion, 1(i)) is not "approved" under 3(h) either',
    impact: { applicationDate: '2026-01-05' },
    candidates: [{ ...eisSite('2025-06-02'), action: 'conversion' }],
    check: (_, byId) => {
      const eis = byId('eis');
      expect(eis).toMatchObject({ status: 'ineligible', basis: 'priority-order' });
      expect(texts(eis.reasons)).not.toMatch(/so the site may be approved/);
      expect(texts(eis.reasons)).toContain('"further modification related to the priority order"');
    },
  },
  {
    cite: '103G.222 subd. 3(h)',
    quote: 'may be approved for a replacement plan',
    name: 'an eligible EIS site keeps its level and its 3(h) basis',
    impact: { applicationDate: '2026-01-05' },
    candidates: [{ id: 'one' }, eisSite('2025-06-02')],
    check: (_, byId) => {
      expect(byId('eis')).toMatchObject({ status: 'eligible', basis: 'eis-3h', priority: 2 });
      expect(cites(byId('eis').reasons)).not.toContain('103G.222 subd. 3(d)');
    },
  },
  // 4. The one-year window and Minn. Stat. 645.15.
  {
    cite: 'Minn. Stat. 645.15',
    quote:
      'When the last day of the period falls on Saturday, Sunday or a legal holiday, that day shall be omitted from the computation.',
    name: 'adequacy Friday 2025-10-03: the anniversary is Saturday, an application on Monday 2026-10-05 is timely',
    impact: { applicationDate: '2026-10-05' },
    candidates: [{ id: 'one' }, eisSite('2025-10-03')],
    check: (_, byId) => {
      const eis = byId('eis');
      expect(eis.basis).toBe('eis-3h');
      const said = eis.reasons.find((reason) => reason.cite === '103G.222 subd. 3(h)')?.text ?? '';
      expect(said).toContain('ended on 2026-10-05');
      expect(said).toContain('2026-10-03 is a Saturday');
      expect(said).toContain('2026-10-04 is a Sunday');
      expect(said).toContain('Minn. Stat. 645.15');
    },
  },
  {
    cite: 'Minn. Stat. 645.15',
    quote: 'shall be computed so as to exclude the first and include the last day',
    name: 'the day after that Monday is late',
    impact: { applicationDate: '2026-10-06' },
    candidates: [{ id: 'one' }, eisSite('2025-10-03')],
    check: (_, byId) => {
      expect(byId('eis').basis).toBe('priority-order');
      expect(texts(byId('eis').reasons)).toContain('came after the one-year period ended on 2026-10-05');
    },
  },
  {
    cite: 'Minn. Stat. 645.44 subd. 5',
    quote: "Martin Luther King's Birthday, the third Monday in January",
    name: 'an anniversary on Martin Luther King Day (2026-01-19) runs to Tuesday, and the reason says why',
    impact: { applicationDate: '2026-01-20' },
    candidates: [{ id: 'one' }, eisSite('2025-01-19')],
    check: (_, byId) => {
      expect(byId('eis').basis).toBe('eis-3h');
      const said = texts(byId('eis').reasons);
      expect(said).toContain("2026-01-19 is Martin Luther King's Birthday (the third Monday in January)");
      expect(said).toContain('Minn. Stat. 645.44 subd. 5)');
    },
  },
  {
    cite: 'Minn. Stat. 645.44 subd. 5',
    quote: 'when ... Independence Day, July 4 ... falls on Saturday, the preceding day shall be a holiday',
    name: 'anniversary Friday 2026-07-03, the observed Independence Day, then a weekend: Monday 2026-07-06',
    impact: { applicationDate: '2026-07-06' },
    candidates: [{ id: 'one' }, eisSite('2025-07-03')],
    check: (_, byId) => {
      expect(byId('eis').basis).toBe('eis-3h');
      expect(texts(byId('eis').reasons)).toContain('ended on 2026-07-06');
    },
  },
  {
    cite: 'Minn. Stat. 645.44 subd. 5',
    quote:
      'Other branches of state government and political subdivisions shall have the option of determining whether Christopher Columbus Day and the Friday after Thanksgiving shall be holidays',
    name: 'a year ending on the Friday after Thanksgiving: an application on the Monday depends on the LGU, both last days given',
    impact: { applicationDate: '2026-11-30' },
    candidates: [{ id: 'one' }, eisSite('2025-11-26')],
    check: (_, byId) => {
      expect(byId('eis').basis).toBe('priority-order');
      const said = texts(byId('eis').reasons);
      expect(said).toContain(
        'depends on whether the LGU observes 2026-11-27, the Friday after Thanksgiving as a holiday',
      );
      expect(said).toContain('the year ended on 2026-11-27');
      expect(said).toContain('the year ran to 2026-11-30');
    },
  },
  {
    cite: 'Minn. Stat. 645.44 subd. 5',
    quote: 'Thanksgiving Day, the fourth Thursday in November',
    name: 'an application on the optional Friday itself is within either way',
    impact: { applicationDate: '2026-11-27' },
    candidates: [{ id: 'one' }, eisSite('2025-11-26')],
    check: (_, byId) => {
      expect(byId('eis').basis).toBe('eis-3h');
    },
  },
  {
    cite: '103G.222 subd. 3(h)',
    quote: 'within one year of the adequacy determination',
    name: 'an application filed before the adequacy determination: 3(h) cannot apply, and the reason says why',
    impact: { applicationDate: '2025-05-01' },
    candidates: [{ id: 'one' }, eisSite('2025-06-01')],
    check: (_, byId) => {
      expect(byId('eis').basis).toBe('priority-order');
      expect(texts(byId('eis').reasons)).toContain('was filed before that');
      expect(texts(byId('eis').reasons)).toContain('before the determination no statement is adequate');
    },
  },
  {
    cite: 'Minn. Stat. 645.15',
    quote: 'shall be computed so as to exclude the first and include the last day',
    name: 'adequacy on 29 February: 1 March taken, the 28 February reading named, and where it decides',
    impact: { applicationDate: '2029-03-01' },
    candidates: [{ id: 'one' }, eisSite('2028-02-29')],
    check: (_, byId) => {
      // 2029-03-01 is a Thursday; 2029-02-28 a Wednesday.
      expect(byId('eis').basis).toBe('eis-3h');
      const said = texts(byId('eis').reasons);
      expect(said).toContain('this tool takes 1 March');
      expect(said).toContain('the other reading, 28 February, ends the year a day earlier (on 2029-02-28');
      expect(said).toContain('on that reading this application would be late');
    },
  },
  // 5. 10,000 square feet, tested unrounded.
  {
    cite: '103G.222 subd. 1(b)',
    quote: 'in an amount not exceeding 10,000 square feet more than the applicable amount',
    name: '10,000 square feet exactly (10000/43560 acres) is within the limit, and shows as 10,000',
    impact: { acres: 10_000 / SQUARE_FEET },
    check: (result) => {
      expect(result.requirement).toMatchObject({ impactSquareFeet: 10_000, onSiteSequencing: 'available' });
      expect(texts(result.requirement.reasons)).toContain('This impact is 10,000 square feet, within');
    },
  },
  {
    cite: '103G.222 subd. 1(b)',
    quote: 'not exceeding 10,000 square feet',
    name: '10,000.4 square feet is above the limit, and never shows as 10,000',
    impact: { acres: 10_000.4 / SQUARE_FEET },
    check: (result) => {
      expect(result.requirement.onSiteSequencing).toBe('depends-on-de-minimis');
      expect(result.requirement.impactSquareFeet).toBe(10_000.4);
      expect(texts(result.requirement.reasons)).toContain('This impact is 10,000.4 square feet');
    },
  },
  {
    cite: 'Minn. R. 8420.0522 subp. 2',
    quote: 'must be at least 50 percent of the acreage of the remaining wetland area',
    name: 'partial drainage counted to 10,000 square feet exactly is within the limit only at the 50 percent minimum',
    impact: { acres: 0, partiallyDrainedAcres: 20_000 / SQUARE_FEET },
    check: (result) => {
      // The count is a minimum: the panel may count more, and at 100 percent it is 20,000 sq ft.
      expect(result.requirement).toMatchObject({
        impactSquareFeet: 10_000,
        onSiteSequencing: 'available-if-minimum-share',
      });
      expect(texts(result.requirement.reasons)).toContain(
        'available if the panel counts the partially drained area at 50 percent',
      );
      expect(texts(result.requirement.reasons)).toContain('counted whole it is 20,000 square feet');
    },
  },
  {
    cite: 'Minn. R. 8420.0522 subp. 2',
    quote: 'must be at least 50 percent of the acreage of the remaining wetland area',
    name: 'partial drainage within 10,000 square feet even counted whole is plainly available',
    impact: { acres: 0.05, partiallyDrainedAcres: 0.1 },
    check: (result) => {
      // 0.05 + 0.1 acres is 6,534 square feet whatever share the panel counts.
      expect(result.requirement.onSiteSequencing).toBe('available');
    },
  },
  {
    cite: '103G.222 subd. 1(f)',
    quote: 'two acres of replaced wetland for each acre of drained or filled wetland',
    name: 'ratio acres from the unrounded impact: 0.00006 acres at 2:1 is 0.0001, not 0.0002',
    impact: { acres: 0.000_06 },
    check: (result) => {
      expect(result.requirement).toMatchObject({ impactAcres: 0.0001, replacementAcres: 0.0001 });
    },
  },
  {
    cite: '103G.222 subd. 3(e)(4)',
    quote: 'are available and capable of being done',
    name: 'a bank 0.00004 acres short is short, and the acres required show the shortfall',
    impact: { acres: 10_000 / SQUARE_FEET },
    candidates: [
      { id: 'bank', kind: 'bank', action: null, units: OTHER_MAJOR_SAME_BSA, availableCredits: 0.4591 },
    ],
    check: (result, byId) => {
      expect(result.requirement.replacementAcres).toBe(0.4591);
      expect(texts(byId('bank').reasons)).toContain(
        'The bank lists 0.4591 acres of credits, less than the 0.45914 acres required',
      );
    },
  },
  // A site (or impact) on a boundary between units.
  {
    cite: '103G.222 subd. 3(a)(1)',
    quote: 'in the same minor watershed as the impacted wetland',
    name: 'a site on the boundary of 41001 and 41002 leaves level 1 open: [1, 2], and says why',
    candidates: [{ id: 'edge', units: { ...OLMSTED, boundary: { minorWatershed: ['41001', '41002'] } } }],
    check: (_, byId) => {
      const edge = byId('edge');
      expect(edge).toMatchObject({ priority: 2, priorityRange: [1, 2], boundaryUnits: ['minorWatershed'] });
      expect(texts(edge.reasons)).toContain(
        "The site lies on the boundary between minor watersheds 41001 and 41002, one of them the impact's (41001)",
      );
    },
  },
  {
    cite: '103G.222 subd. 3(a)(1)',
    quote: 'in the same minor watershed as the impacted wetland',
    name: 'an impact on a boundary the site shares one side of: open too, not decided by the lower id',
    impact: { units: { ...OLMSTED, boundary: { minorWatershed: ['41001', '41002'] } } },
    candidates: [{ id: 'other-side', units: { ...OLMSTED, minorWatershed: '41002' } }],
    check: (_, byId) => {
      expect(byId('other-side')).toMatchObject({ priority: 2, priorityRange: [1, 2] });
      expect(texts(byId('other-side').reasons)).toContain(
        'The impact lies on the boundary between minor watersheds',
      );
    },
  },
  {
    cite: '103G.222 subd. 3(a)(3)',
    quote: 'in the same wetland bank service area as the impacted wetland',
    name: 'a bank on a service-area boundary: level 3 or 4, and no certain "another service area"',
    candidates: [
      {
        id: 'edge-bank',
        kind: 'bank',
        action: null,
        units: { ...OTHER_BSA, boundary: { bankServiceArea: [9, 10] } },
      },
    ],
    check: (_, byId) => {
      const bank = byId('edge-bank');
      expect(bank).toMatchObject({ priority: 4, priorityRange: [3, 4], boundaryUnits: ['bankServiceArea'] });
      expect(texts(bank.reasons)).not.toContain('In another bank service area');
    },
  },
  {
    cite: '103G.222 subd. 3(a)(2)',
    quote: 'in the same watershed as the impacted wetland',
    name: "a boundary between units none of which is the impact's leaves nothing open",
    candidates: [
      {
        id: 'apart',
        units: { ...OLMSTED, minorWatershed: '41003', boundary: { minorWatershed: ['41003', '41004'] } },
      },
    ],
    check: (_, byId) => {
      expect(byId('apart')).toMatchObject({ priority: 2, priorityRange: [2, 2], boundaryUnits: [] });
    },
  },
  // A pending bank.
  {
    cite: 'Minn. R. 8420.0725 A',
    quote:
      'To be deposited into the state wetland bank, replacement credits must be certified for deposit by the local government unit in which they are located.',
    name: 'the 3(d) caveat on an approved bank says that the only higher option is pending',
    candidates: [
      { id: 'pending', kind: 'bank', action: null, units: OTHER_MAJOR_SAME_BSA, bankStatus: 'Pending' },
      { id: 'approved', kind: 'bank', action: null, units: OTHER_BSA, bankStatus: 'Approved' },
    ],
    check: (_, byId) => {
      const approved = byId('approved');
      expect(cites(approved.reasons)).toContain('103G.222 subd. 3(d)');
      expect(cites(approved.reasons)).toContain('Minn. R. 8420.0725 A');
      expect(texts(approved.reasons)).toContain(
        'the only options listed above it are banks not yet approved (pending)',
      );
    },
  },
  {
    cite: '103G.222 subd. 3(d)',
    quote: 'the applicant may seek opportunities at the next level',
    name: 'with an approved bank above as well, the caveat is the plain one',
    candidates: [
      { id: 'pending', kind: 'bank', action: null, units: OTHER_MAJOR_SAME_BSA, bankStatus: 'Pending' },
      { id: 'near', kind: 'bank', action: null, units: OTHER_MAJOR_SAME_BSA, bankStatus: 'Approved' },
      { id: 'approved', kind: 'bank', action: null, units: OTHER_BSA, bankStatus: 'Approved' },
    ],
    check: (_, byId) => {
      expect(cites(byId('approved').reasons)).toContain('103G.222 subd. 3(d)');
      expect(cites(byId('approved').reasons)).not.toContain('Minn. R. 8420.0725 A');
    },
  },
  // Ineligible candidates have no place in a ladder.
  {
    cite: '103G.222 subd. 3(a)',
    quote:
      'Impacted wetlands outside of a greater than 80 percent area must not be replaced in a greater than 80 percent area',
    name: 'a barred site has no ladder place; the eligible ones are numbered 1, 2',
    impact: { units: LT50 },
    candidates: [
      { id: 'barred', units: GT80 },
      { id: 'one' },
      { id: 'two', units: { ...LT50, minorWatershed: '41007' } },
    ],
    check: (_, byId) => {
      expect(byId('barred')).toMatchObject({ status: 'ineligible', ladderRank: null });
      expect(byId('one').ladderRank).toBe(1);
      expect(byId('two').ladderRank).toBe(2);
    },
  },
  // Citations.
  {
    cite: 'Minn. R. 8420.0526 subp. 2 A',
    quote:
      'Up to ten percent of the buffer area is eligible for replacement credit for establishment or preservation of nonnative vegetation and up to 25 percent',
    name: 'the buffer shares are cited to subp. 2 A, not subp. 1 B',
    check: (result) => {
      const buffer = result.requirement.reasons.find((reason) => reason.text.includes('10 percent'));
      expect(buffer?.cite).toBe('Minn. R. 8420.0526 subp. 2 A');
      expect(buffer?.text).toContain('25 percent');
      const lessCredit = result.requirement.reasons.find(
        (reason) => reason.cite === 'Minn. R. 8420.0526 subp. 1 B',
      );
      expect(lessCredit?.text).toMatch(/may allow less/);
      expect(lessCredit?.text).not.toMatch(/percent/);
    },
  },
  {
    cite: 'Minn. R. 8420.0522 subp. 3',
    quote: 'In-kind wetland replacement',
    name: "the in-kind-first order is said to be this tool's choice (the subpart's operative text was not verified)",
    impact: { wetlandType: '3' },
    candidates: [
      { id: 'same', wetlandType: '3' },
      { id: 'other', wetlandType: '2' },
    ],
    check: (_, byId) => {
      expect(texts(byId('same').reasons)).toContain("That order is this tool's choice");
      expect(texts(byId('other').reasons)).toContain(
        'its own choice: the operative text of Minn. R. 8420.0522 subp. 3 was not verified',
      );
    },
  },
  {
    cite: '103G.222 subd. 1(l)',
    quote: 'for projects expanded solely for additional traffic capacity',
    name: '1(l) names the projects expanded for traffic capacity too',
    impact: { project: 'public-transportation' },
    check: (result) => {
      const said = result.requirement.reasons.find((reason) => reason.cite === '103G.222 subd. 1(l)');
      expect(said?.text).toContain('"expanded solely for additional traffic capacity"');
    },
  },
  {
    cite: '103G.222 subd. 1(m)',
    quote:
      'necessary, as determined by the public transportation authority, to meet state or federal design or safety standards',
    name: "1(m) states its condition, and road repair's sequencing note does not point to the application rules",
    impact: { project: 'road-repair' },
    check: (result) => {
      const { requirement } = result;
      expect(texts(requirement.reasons)).toContain(
        '"necessary, as determined by the public transportation authority, to meet state or federal design or safety standards or requirements"',
      );
      expect(requirement.onSiteSequencing).toBe('not-applicable');
      expect(texts(requirement.reasons)).not.toMatch(/8420\.0330/);
      expect(cites(requirement.reasons).filter((cite) => cite.includes('8420.0330 subp. 3 A(7)'))).toEqual(
        [],
      );
      expect(texts(requirement.reasons)).toContain('No replacement plan application is filed');
    },
  },
  // Inferences stated as such.
  {
    cite: '103G.222 subd. 1(a)',
    quote: 'within the Great Lakes and Rainy River watershed basins',
    name: 'basin membership is said to be inferred from the major watershed numbers (HUC4)',
    impact: { project: 'mining', units: { majorWatershed: 3, bankServiceArea: 1 } },
    candidates: [{ id: 'rainy', units: { majorWatershed: 75, bankServiceArea: 1 } }],
    check: (_, byId) => {
      const said = byId('rainy').reasons.find((reason) => reason.cite === '103G.222 subd. 1(a)')?.text ?? '';
      expect(said).toContain('membership is inferred from the major watershed numbers');
      expect(said).toContain('HUC4 0401');
      expect(said).toContain('HUC4 0903');
    },
  },
  // An unknown area class: the ratio's range.
  {
    cite: '103G.222 subd. 1(g)',
    quote:
      'For a wetland or public waters wetland located on agricultural land or in a greater than 80 percent area, replacement must be in the ratio of one acre',
    name: 'nonagricultural land of unknown class: ratio 1 or 2, never a bare 2',
    impact: { acres: 1.5, units: { minorWatershed: '41001' } },
    check: (result) => {
      expect(result.requirement).toMatchObject({
        ratio: 2,
        ratioRange: [1, 2],
        replacementAcresRange: [1.5, 3],
      });
      expect(texts(result.requirement.reasons)).toContain('the ratio is 1:1 or 2:1');
    },
  },
  {
    cite: '103G.222 subd. 1(f)',
    quote: 'replacement must be in the ratio of two acres of replaced wetland for each acre',
    name: 'a known class leaves no range',
    check: (result) => {
      expect(result.requirement).toMatchObject({ ratio: 2, ratioRange: [2, 2] });
    },
  },
];

describe('the law at its edges (issue 22)', () => {
  it.each(rows)('$cite, "$quote": $name', (row) => {
    const candidates = (row.candidates ?? [{}]).map((candidate, index) =>
      makeCandidate({ id: `c${index}`, ...candidate }),
    );
    const result = rankScenario(deepFreeze({ impact: makeImpact(row.impact ?? {}), candidates }));
    const byId = (id: string) => {
      const found = result.candidates.find((candidate) => candidate.id === id);
      if (!found) throw new Error(`${id} missing from the ranking`);
      return found;
    };
    row.check(result, byId);
  });
});

describe('Minn. Stat. 645.44 subd. 5(a): holidays by their date rule, not a table of years', () => {
  const DATES: [string, string][] = [
    ['2024-01-15', "Martin Luther King's Birthday"],
    ['2027-01-18', "Martin Luther King's Birthday"],
    ['2025-02-17', "Washington's and Lincoln's Birthday"],
    ['2024-05-27', 'Memorial Day'],
    ['2027-05-31', 'Memorial Day'],
    ['2025-06-19', 'Juneteenth'],
    ['2027-06-18', 'Juneteenth'],
    ['2028-07-04', 'Independence Day'],
    ['2025-09-01', 'Labor Day'],
    ['2023-11-10', 'Veterans Day'],
    ['2024-11-28', 'Thanksgiving Day'],
    ['2022-12-26', 'Christmas Day'],
    ['2027-12-31', "New Year's Day"],
  ];
  it.each(DATES)('%s is %s', (date, name) => {
    expect(legalHoliday(date)).toContain(name);
  });
  it.each(['2025-11-28', '2026-07-04', '2024-10-11', '2026-01-02', '2025-10-13', '2022-06-20', '2021-06-18'])(
    '%s is not a weekday holiday of subd. 5(a)',
    (date) => {
      expect(legalHoliday(date)).toBeNull();
    },
  );
  it('"that day shall be omitted": each omitted day in turn, to the first that is none of them', () => {
    expect(periodEnd('2027-12-31')).toEqual({
      nominal: '2027-12-31',
      lastDay: '2028-01-03',
      omitted: [
        {
          date: '2027-12-31',
          why: 'a legal holiday because New Year\'s Day, 2028-01-01, falls on a Saturday (645.44 subd. 5: "the preceding day shall be a holiday")',
          holiday: true,
        },
        { date: '2028-01-01', why: 'Saturday', holiday: false },
        { date: '2028-01-02', why: 'Sunday', holiday: false },
      ],
      ifObserved: null,
    });
  });

  // "Other branches of state government and political subdivisions shall have the option of
  // determining whether Christopher Columbus Day [now Indigenous Peoples Day] and the Friday after
  // Thanksgiving shall be holidays."
  it.each([
    ['2025-10-13', 'Indigenous Peoples Day (the second Monday in October)'],
    ['2026-10-12', 'Indigenous Peoples Day (the second Monday in October)'],
    ['2025-11-28', 'the Friday after Thanksgiving'],
    ['2026-11-27', 'the Friday after Thanksgiving'],
  ])("%s is %s, a holiday at the LGU's option, not a legal holiday for every body", (date, name) => {
    expect(optionalHoliday(date)).toBe(name);
    expect(legalHoliday(date)).toBeNull();
  });

  it('a last day on an optional holiday gives both last days', () => {
    // Thursday 2026-11-26 is Thanksgiving; Friday 27 is optional; then a weekend.
    expect(periodEnd('2026-11-26')).toMatchObject({
      lastDay: '2026-11-27',
      ifObserved: { lastDay: '2026-11-30' },
    });
    // Monday 2026-10-12: the year ends on it unless the LGU observes it, then on Tuesday.
    expect(periodEnd('2026-10-12')).toMatchObject({
      lastDay: '2026-10-12',
      ifObserved: { lastDay: '2026-10-13' },
    });
    expect(periodEnd('2026-10-14').ifObserved).toBeNull();
  });

  it.each([
    // Juneteenth is in the list from 2023 (Laws 2023 c 62): 2022-06-20, the Monday after a Sunday Juneteenth, was not a holiday.
    ['2022-06-20', null],
    ['2023-06-19', 'Juneteenth, June 19'],
    // Christmas 2027 is a Saturday: Friday 24 December is the holiday.
    ['2027-12-24', 'a legal holiday because Christmas Day, 2027-12-25, falls on a Saturday'],
    // Juneteenth 2027 is a Saturday: Friday 18 June is the holiday.
    ['2027-06-18', 'a legal holiday because Juneteenth, 2027-06-19, falls on a Saturday'],
    // Independence Day 2027 is a Sunday: Monday 5 July is the holiday.
    ['2027-07-05', 'a legal holiday because Independence Day, 2027-07-04, falls on a Sunday'],
  ] as const)('%s: %s', (date, words) => {
    if (words === null) expect(legalHoliday(date)).toBeNull();
    else expect(legalHoliday(date)).toContain(words);
  });
});
