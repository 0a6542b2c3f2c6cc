import { describe, expect, it } from 'vitest';
import {
  type AreaShares,
  type Candidate,
  type RankedCandidate,
  type RankResult,
  rankScenario,
  type Units,
} from '../../../src/siting/index.ts';
import { deepFreeze, makeCandidate, makeImpact, OLMSTED } from '../../fixtures/siting/scenarios.ts';

/**
 * An impact drawn across units (issue 31 item 10). The impact is 1 acre: 62 % in minor
 * watershed 41001 (the part its units name), 38 % in 41002, both in major 41 and BSA 10; a
 * second case crosses into major 40 (minor 40001) in the same BSA.
 */
const ACROSS_MINORS: AreaShares = {
  minorWatershed: [
    { id: '41001', share: 0.62 },
    { id: '41002', share: 0.38 },
  ],
  majorWatershed: [{ id: 41, share: 1 }],
  bankServiceArea: [{ id: 10, share: 1 }],
};
const ACROSS_MAJORS: AreaShares = {
  minorWatershed: [
    { id: '41001', share: 0.7 },
    { id: '40001', share: 0.3 },
  ],
  majorWatershed: [
    { id: 41, share: 0.7 },
    { id: 40, share: 0.3 },
  ],
  bankServiceArea: [{ id: 10, share: 1 }],
};
const at = (minorWatershed: string, bankServiceArea = 10): Units => ({
  ...OLMSTED,
  minorWatershed,
  majorWatershed: Number(minorWatershed.slice(0, 2)),
  bankServiceArea,
});

interface PartRow {
  quote: string;
  name: string;
  shares: AreaShares | null;
  candidates: Partial<Candidate>[];
  check: (result: RankResult, byId: (id: string) => RankedCandidate) => void;
}
const text = (candidate: RankedCandidate) => candidate.reasons.map((reason) => reason.text).join('\n');

const rows: PartRow[] = [
  {
    quote: '(1) in the same minor watershed as the impacted wetland',
    name: 'a site in 41002, the smaller part: level 1 for that part, named with its acres',
    shares: ACROSS_MINORS,
    candidates: [{ id: 'smaller', units: at('41002') }],
    check: (_, byId) => {
      expect(byId('smaller')).toMatchObject({ priority: 1, priorityRange: [1, 1] });
      expect(text(byId('smaller'))).toContain(
        'Ranked for the part of the impact in minor watershed 41002 (38 %, 0.38 acres); for the rest of it, in 41001 (62 %, 0.62 acres), this site stands lower in the order.',
      );
    },
  },
  {
    quote: '(1) in the same minor watershed as the impacted wetland',
    name: 'the same impact drawn as a point in 41001: the site in 41002 is level 2 (what the part changes)',
    shares: null,
    candidates: [{ id: 'smaller', units: at('41002') }],
    check: (_, byId) => {
      expect(byId('smaller').priority).toBe(2);
      expect(text(byId('smaller'))).not.toContain('Ranked for the part');
    },
  },
  {
    quote: '(1) in the same minor watershed as the impacted wetland',
    name: 'a site in 41001, the larger part: level 1, its part named too',
    shares: ACROSS_MINORS,
    candidates: [{ id: 'larger', units: at('41001') }],
    check: (_, byId) => {
      expect(byId('larger').priority).toBe(1);
      expect(text(byId('larger'))).toContain(
        'Ranked for the part of the impact in minor watershed 41001 (62 %',
      );
    },
  },
  {
    quote: '(2) in the same watershed as the impacted wetland',
    name: 'across majors 41 and 40: a site in 40002 is level 2 for the part in major 40',
    shares: ACROSS_MAJORS,
    candidates: [{ id: 'forty', units: at('40002') }],
    check: (_, byId) => {
      expect(byId('forty').priority).toBe(2);
      expect(text(byId('forty'))).toContain(
        'Ranked for the part of the impact in major watershed 40 (30 %, 0.3 acres)',
      );
    },
  },
  {
    quote: '(3) in the same wetland bank service area as the impacted wetland',
    name: 'a bank in 40001: level 3 (the banking order begins at clause (3)), not raised by the part',
    shares: ACROSS_MAJORS,
    candidates: [{ id: 'bank', kind: 'bank', action: null, units: at('40001') }],
    check: (_, byId) => {
      expect(byId('bank').priority).toBe(3);
    },
  },
  {
    quote: '(4) outside of the wetland bank service area',
    name: 'a site in another service area shares no part: level 4, no part named',
    shares: ACROSS_MINORS,
    candidates: [{ id: 'far', units: at('25001', 7) }],
    check: (_, byId) => {
      expect(byId('far').priority).toBe(4);
      expect(text(byId('far'))).not.toContain('Ranked for the part');
    },
  },
  {
    quote: '(1) in the same minor watershed as the impacted wetland',
    name: 'a sliver under half a percent in 41003 is not a part (the layers’ rounding)',
    shares: {
      minorWatershed: [
        { id: '41001', share: 0.996 },
        { id: '41003', share: 0.004 },
      ],
    },
    candidates: [{ id: 'sliver', units: at('41003') }],
    check: (result, byId) => {
      expect(byId('sliver').priority).toBe(2);
      expect(result.requirement.reasons.map((reason) => reason.text).join('\n')).not.toContain(
        'drawn impact lies in',
      );
    },
  },
  {
    quote: '(1) in the same minor watershed as the impacted wetland',
    name: 'the requirement says where the impact lies, by area, and how sites are ranked against it',
    shares: ACROSS_MINORS,
    candidates: [{ id: 'any', units: at('41002') }],
    check: (result) => {
      expect(result.requirement.reasons.map((reason) => reason.text)).toContain(
        'The drawn impact lies in minor watersheds 41001 (62 %, 0.62 acres) and 41002 (38 %, 0.38 acres). Each site is ranked at the best level it reaches for any part of the impact, and its reasons name that part; a replacement may be split so that each part is replaced as high in the order as it can be.',
      );
    },
  },
  {
    quote: '(1) in the same minor watershed as the impacted wetland',
    name: 'ranked order: the site in 41002 now ranks with the one in 41001, ahead of one in 41003',
    shares: ACROSS_MINORS,
    candidates: [
      { id: 'other', units: at('41003') },
      { id: 'smaller', units: at('41002') },
    ],
    check: (result) => {
      expect(result.candidates.map((candidate) => [candidate.id, candidate.priority])).toEqual([
        ['smaller', 1],
        ['other', 2],
      ]);
    },
  },
];

describe('103G.222 subd. 3(a): a drawn impact across units is ranked by its best part (issue 31 item 10)', () => {
  it.each(rows)('$quote — $name', (row) => {
    const impact = makeImpact({ units: { ...OLMSTED }, ...(row.shares ? { areaShares: row.shares } : {}) });
    const candidates = row.candidates.map((candidate) => makeCandidate(candidate));
    const result = rankScenario(deepFreeze({ impact, candidates }));
    const byId = (id: string) => {
      const found = result.candidates.find((candidate) => candidate.id === id);
      if (!found) throw new Error(`no candidate ${id}`);
      return found;
    };
    row.check(result, byId);
  });
});
