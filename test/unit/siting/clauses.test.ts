import { describe, expect, it } from 'vitest';
import {
  type Candidate,
  type EligibilityStatus,
  type Impact,
  type PriorityLevel,
  rankScenario,
} from '../../../src/siting/index.ts';
import { OLMSTED, oneCandidate, ST_LOUIS } from '../../fixtures/siting/scenarios.ts';

/**
 * The law clause by clause (law/NOTES.md table): each row names the clause it tests, a one-impact,
 * one-candidate scenario, and what the engine must decide. A row's `cite` must appear among the
 * reasons, so a decision cannot silently lose its citation.
 */
interface ClauseRow {
  cite: string;
  name: string;
  impact?: Partial<Impact>;
  candidate?: Partial<Candidate>;
  status?: EligibilityStatus;
  priority?: PriorityLevel | null;
  ratio?: number;
  maxRatio?: number;
  replacementAcres?: number;
  restorationOnly?: boolean;
  replacementPlanRequired?: boolean;
  /** Set false when the row checks that the clause does NOT fire. */
  citeExpected?: boolean;
}

const LESS_THAN_50_SAME_BSA = { ...OLMSTED, minorWatershed: '40002', majorWatershed: 40 };
const GT80_IN_BSA_10 = { bankServiceArea: 10, areaClass: 'greater-than-80' as const };

const rows: ClauseRow[] = [
  // Subd. 3(a), first sentence: one-way exclusion of >80% areas.
  {
    cite: '103G.222 subd. 3(a)',
    name: 'impact in a <50% area cannot be replaced in a >80% area',
    candidate: { units: ST_LOUIS },
    status: 'ineligible',
    priority: null,
  },
  {
    cite: '103G.222 subd. 3(a)',
    name: 'impact in a 50-80% area cannot be replaced in a >80% area',
    impact: { units: { ...OLMSTED, areaClass: '50-to-80' } },
    candidate: { units: GT80_IN_BSA_10 },
    status: 'ineligible',
  },
  {
    cite: '103G.222 subd. 3(a)',
    name: 'impact in a >80% area may be replaced in a <50% area (one-way rule)',
    impact: { units: ST_LOUIS },
    candidate: { units: OLMSTED },
    status: 'eligible',
    priority: 4,
  },
  {
    cite: '103G.222 subd. 3(a)',
    name: 'impact of unknown class and a site in a >80% area: undetermined, not guessed',
    impact: { units: { bankServiceArea: 1 } },
    candidate: { units: ST_LOUIS },
    status: 'undetermined',
  },
  {
    cite: '103G.222 subd. 3(a)',
    name: 'site of unknown class: undetermined',
    candidate: { units: { minorWatershed: '41001', bankServiceArea: 10 } },
    status: 'undetermined',
    priority: 1,
  },
  // Subd. 3(a)(1)-(4): the priority order.
  { cite: '103G.222 subd. 3(a)(1)', name: 'same minor watershed: level 1', status: 'eligible', priority: 1 },
  {
    cite: '103G.222 subd. 3(a)(2)',
    name: 'same major, other minor watershed: level 2',
    candidate: { units: { ...OLMSTED, minorWatershed: '41007' } },
    priority: 2,
  },
  {
    cite: '103G.222 subd. 3(a)(3)',
    name: 'same BSA, other major watershed: level 3',
    candidate: { units: LESS_THAN_50_SAME_BSA },
    priority: 3,
  },
  {
    cite: '103G.222 subd. 3(a)(4)',
    name: 'another BSA: level 4',
    candidate: { units: { ...LESS_THAN_50_SAME_BSA, bankServiceArea: 9 } },
    priority: 4,
  },
  {
    cite: '103G.222 subd. 3(a)(1)',
    name: 'unknown minor watershed is never counted as the same one; the reason says so',
    candidate: { units: { majorWatershed: 41, bankServiceArea: 10, county: '27109' } },
    priority: 2,
  },
  {
    cite: '103G.222 subd. 3(a)(4)',
    name: 'unknown BSA: lowest level',
    candidate: { units: { county: '27045' } },
    priority: 4,
  },
  // Subd. 3(b): early bank credits serve public transportation statewide.
  {
    cite: '103G.222 subd. 3(b)',
    name: 'bank application on 1996-04-01 serves public transportation in a >80% area, statewide: no level',
    impact: { project: 'public-transportation' },
    candidate: { kind: 'bank', units: ST_LOUIS, bankApplicationDate: '1996-04-01' },
    status: 'eligible',
    // 3(b) applies "notwithstanding paragraph (a)", the priority order included: no level.
    priority: null,
  },
  {
    cite: '103G.222 subd. 3(b)',
    name: 'bank application on 1996-04-02 does not',
    impact: { project: 'public-transportation' },
    candidate: { kind: 'bank', units: ST_LOUIS, bankApplicationDate: '1996-04-02' },
    status: 'ineligible',
  },
  {
    cite: '103G.222 subd. 3(b)',
    name: 'road repair is public transportation too',
    impact: { project: 'road-repair' },
    candidate: { kind: 'bank', units: ST_LOUIS, bankApplicationDate: '1990-01-01' },
    status: 'eligible',
  },
  {
    cite: '103G.222 subd. 3(b)',
    name: 'early bank credits do not serve a general project statewide',
    candidate: { kind: 'bank', units: ST_LOUIS, bankApplicationDate: '1990-01-01' },
    status: 'ineligible',
    citeExpected: false,
  },
  // Subd. 3(c): bank credits start at level 3.
  {
    cite: '103G.222 subd. 3(c)',
    name: 'bank in the same minor watershed is level 3',
    candidate: { kind: 'bank', action: null },
    status: 'eligible',
    priority: 3,
  },
  {
    cite: '103G.222 subd. 3(c)',
    name: 'project-specific site in the same minor watershed is not affected',
    priority: 1,
    citeExpected: false,
  },
  // Subd. 1(a): mining, Great Lakes and Rainy River basins one watershed for ratios.
  {
    cite: '103G.222 subd. 1(a)',
    name: 'mining impact in Lake Superior basin, site in Rainy River basin: reported',
    impact: { project: 'mining', units: ST_LOUIS },
    candidate: { units: { minorWatershed: '75001', bankServiceArea: 1, county: '27137' } },
    status: 'eligible',
    priority: 3,
  },
  {
    cite: '103G.222 subd. 1(a)',
    name: 'general project in the same basins: not reported',
    impact: { units: ST_LOUIS },
    candidate: { units: { minorWatershed: '75001', bankServiceArea: 1, county: '27137' } },
    citeExpected: false,
  },
  // Subd. 3(h): EIS-identified sites.
  {
    cite: '103G.222 subd. 3(h)',
    name: 'EIS-identified site is reported',
    impact: { applicationDate: '2025-03-01' },
    candidate: { eisIdentified: true, eisAdequacyDate: '2024-06-01' },
    priority: 1,
  },
  // Subd. 1(c): cultivated field.
  {
    cite: '103G.222 subd. 1(c)',
    name: 'cultivated field: restoration is eligible, restoration-only flag set',
    impact: { cultivatedField: true },
    status: 'eligible',
    restorationOnly: true,
  },
  {
    cite: '103G.222 subd. 1(c)',
    name: 'cultivated field: creation is not',
    impact: { cultivatedField: true },
    candidate: { action: 'creation' },
    status: 'ineligible',
  },
  {
    cite: '103G.222 subd. 1(c)',
    name: 'cultivated field: bank credits of unstated kind are undetermined',
    impact: { cultivatedField: true },
    candidate: { kind: 'bank', action: null },
    status: 'undetermined',
  },
  {
    cite: '103G.222 subd. 1(d)',
    name: 'cultivated field: deed restriction may be required',
    impact: { cultivatedField: true },
  },
  // Subd. 1(e): stormwater ponds.
  {
    cite: '103G.222 subd. 1(e)',
    name: 'stormwater pond with pretreatment, functioning as a wetland: eligible',
    candidate: { action: 'stormwater-pond', pretreatment: true, functioningAsWetland: true },
    status: 'eligible',
  },
  {
    cite: '103G.222 subd. 1(e)',
    name: 'stormwater pond without pretreatment: ineligible',
    candidate: { action: 'stormwater-pond', pretreatment: false, functioningAsWetland: true },
    status: 'ineligible',
  },
  {
    cite: '103G.222 subd. 1(e)',
    name: 'stormwater pond not functioning as a wetland: ineligible',
    candidate: { action: 'stormwater-pond', pretreatment: true, functioningAsWetland: false },
    status: 'ineligible',
  },
  {
    cite: '103G.222 subd. 1(e)',
    name: 'stormwater pond with unstated design: undetermined',
    candidate: { action: 'stormwater-pond' },
    status: 'undetermined',
  },
  // Subd. 1(f)/(g): ratios.
  {
    cite: '103G.222 subd. 1(f)',
    name: 'nonagricultural land: 2:1',
    impact: { acres: 0.8 },
    ratio: 2,
    maxRatio: 2,
    replacementAcres: 1.6,
  },
  {
    cite: '103G.222 subd. 1(g)',
    name: 'agricultural land: 1:1',
    impact: { land: 'agricultural', acres: 0.8 },
    ratio: 1,
    replacementAcres: 0.8,
  },
  {
    cite: '103G.222 subd. 1(g)',
    name: 'nonagricultural land in a >80% area: 1:1',
    impact: { units: ST_LOUIS },
    ratio: 1,
  },
  {
    cite: '103G.222 subd. 1(g)',
    name: 'nonagricultural land of unknown class: 2:1, with the 1:1 alternative explained',
    impact: { units: { bankServiceArea: 10 } },
    ratio: 2,
  },
  // Subd. 1(i).
  {
    cite: '103G.222 subd. 1(i)',
    name: 'conversion of a natural wetland: never, even in a >80% area',
    impact: { units: ST_LOUIS },
    candidate: { units: ST_LOUIS, action: 'conversion' },
    status: 'ineligible',
    priority: null,
  },
  {
    cite: '103G.222 subd. 1(i)',
    name: 'preservation outside a >80% area: ineligible',
    candidate: { action: 'preservation' },
    status: 'ineligible',
  },
  {
    cite: '103G.222 subd. 1(i)',
    name: 'preservation in a >80% area: eligible',
    impact: { units: ST_LOUIS },
    candidate: { units: ST_LOUIS, action: 'preservation' },
    status: 'eligible',
    priority: 1,
  },
  {
    cite: '103G.222 subd. 1(i)',
    name: 'creation outside a >80% area: eligible, no 1(i) reason',
    candidate: { action: 'creation' },
    status: 'eligible',
    citeExpected: false,
  },
  // Subd. 1(l), 1(m), 1(n).
  {
    cite: '103G.222 subd. 1(l)',
    name: 'public transportation may buy credits from the board',
    impact: { project: 'public-transportation' },
    replacementPlanRequired: true,
  },
  {
    cite: '103G.222 subd. 1(m)',
    name: 'road repair meeting 1(m) needs no replacement plan',
    impact: { project: 'road-repair' },
    replacementPlanRequired: false,
  },
  {
    cite: '103G.222 subd. 1(m)',
    name: 'a general project needs a replacement plan',
    replacementPlanRequired: true,
    citeExpected: false,
  },
  {
    cite: '103G.222 subd. 1(n)',
    name: 'after the fact, nonagricultural: up to 4:1',
    impact: { afterTheFact: true, acres: 0.5 },
    ratio: 2,
    maxRatio: 4,
    replacementAcres: 1,
  },
  {
    cite: '103G.222 subd. 1(n)',
    name: 'after the fact, agricultural: up to 2:1',
    impact: { afterTheFact: true, land: 'agricultural' },
    ratio: 1,
    maxRatio: 2,
  },
];

describe('103G.222 clause by clause', () => {
  it.each(rows)('$cite: $name', (row) => {
    const result = rankScenario(oneCandidate(row.impact ?? {}, row.candidate ?? {}));
    const [candidate] = result.candidates;
    if (!candidate) throw new Error('candidate missing from the ranking');
    if (row.status !== undefined) expect(candidate.status).toBe(row.status);
    if (row.priority !== undefined) expect(candidate.priority).toBe(row.priority);
    if (row.ratio !== undefined) expect(result.requirement.ratio).toBe(row.ratio);
    if (row.maxRatio !== undefined) expect(result.requirement.maxRatio).toBe(row.maxRatio);
    if (row.replacementAcres !== undefined)
      expect(result.requirement.replacementAcres).toBe(row.replacementAcres);
    if (row.restorationOnly !== undefined)
      expect(result.requirement.restorationOnly).toBe(row.restorationOnly);
    if (row.replacementPlanRequired !== undefined) {
      expect(result.requirement.replacementPlanRequired).toBe(row.replacementPlanRequired);
    }
    const cites = [...result.requirement.reasons, ...candidate.reasons].map((reason) => reason.cite);
    if (row.citeExpected === false) expect(cites).not.toContain(row.cite);
    else expect(cites).toContain(row.cite);
    expect(candidate.eligible).toBe(
      candidate.status === 'eligible' ? true : candidate.status === 'ineligible' ? false : null,
    );
  });
});
