/** The hearing's steps follow the statute's order and show each level's candidates alone. */
import { describe, expect, it } from 'vitest';
import type { RankedCandidate, RankResult } from '../../../src/siting/index.ts';
import {
  chosenCandidate,
  clampStep,
  hearingSteps,
  hearingUnits,
} from '../../../src/ui/hearing/hearingSteps.ts';
import { scaleBars } from '../../../src/ui/report/scaleBar.ts';

const units = {
  minorWatershed: null,
  majorWatershed: null,
  bankServiceArea: null,
  county: null,
  areaClass: null,
  areaClassSource: null,
} as const;

function candidate(
  id: string,
  priority: 1 | 2 | 3 | 4 | null,
  status: RankedCandidate['status'],
): RankedCandidate {
  return {
    id,
    kind: 'bank',
    eligible: status === 'eligible' ? true : status === 'ineligible' ? false : null,
    status,
    priority,
    priorityRange: priority === null ? null : [priority, priority],
    unknownUnits: [],
    boundaryUnits: [],
    ladder: 'bank',
    credits: null,
    ladderRank: null,
    basis: 'priority-order',
    availability: 'can-sell',
    kindMatch: null,
    ratio: { value: 2, cite: '103G.222 subd. 1(f)', rows: [] },
    credit: null,
    distanceKm: 1,
    unlocated: false,
    units,
    reasons: [],
  };
}

const result: RankResult = {
  ruleset: 'mn-103g222-current',
  impact: { units },
  requirement: {
    ratio: 2,
    ratioRange: [2, 2],
    maxRatio: 2,
    replacementAcres: 2,
    replacementAcresRange: [2, 2],
    maxReplacementAcres: 2,
    restorationOnly: false,
    replacementPlanRequired: true,
    replacedBy: 'applicant',
    impactAcres: 1,
    onSiteSequencing: 'depends-on-de-minimis',
    impactSquareFeet: 43_560,
    reasons: [],
  },
  candidates: [
    candidate('ineligible-first', null, 'ineligible'),
    candidate('a', 1, 'eligible'),
    candidate('b', 2, 'undetermined'),
    candidate('c', 2, 'eligible'),
    candidate('d', 4, 'eligible'),
  ],
};

describe('hearing steps', () => {
  it('tells the decision in order, one level at a time', () => {
    const steps = hearingSteps(result, null);
    expect(steps.map((step) => step.key)).toEqual([
      'impact',
      'units',
      'requirement',
      'level-1',
      'level-2',
      'level-3',
      'level-4',
      'candidates',
      'chosen',
      'losses',
    ]);
    expect(steps[4]?.siteIds).toEqual(['b', 'c']);
    expect(steps[5]?.siteIds).toEqual([]);
    expect(steps[7]).toMatchObject({ siteIds: null, linkIds: ['a', 'b', 'c', 'd'] });
    // The best option that may serve, not the first row when that one is not eligible.
    expect(steps[8]).toMatchObject({ siteIds: ['a'], linkIds: ['a'] });
  });

  it('presents the selected option as chosen, and says so when nothing is ranked', () => {
    expect(chosenCandidate(result, 'c')?.id).toBe('c');
    expect(chosenCandidate(result, 'gone')?.id).toBe('a');
    expect(hearingSteps(null, null).map((step) => step.key)).toEqual(['no-impact']);
  });

  it('keeps a step from a link within the steps there are', () => {
    expect(clampStep(42, 9)).toBe(8);
    expect(clampStep(-1, 9)).toBe(0);
    expect(clampStep(3, 1)).toBe(0);
  });
});

describe('hearing unit outlines', () => {
  it.each([
    ['units', ['minorWatershed', 'majorWatershed', 'bankServiceArea']],
    ['level-1', ['minorWatershed']],
    ['level-2', ['majorWatershed']],
    ['level-3', ['bankServiceArea']],
    ['level-4', []],
    ['impact', []],
    ['candidates', []],
  ] as const)('step %s outlines %j', (key, expected) => {
    expect(hearingUnits({ key, title: '', siteIds: [], linkIds: [] })).toEqual(expected);
  });
});

describe('report scale bars', () => {
  it('picks a round length within a quarter of the image', () => {
    // 100 m per pixel over 800 px: 80 km across, so 20 km and 10 mi bars.
    const [metric, imperial] = scaleBars(100, 800);
    expect(metric).toEqual({ label: '20 km', percent: 25 });
    expect(imperial?.label).toBe('10 mi');
    expect(imperial?.percent).toBeCloseTo((10 * 1609.344 * 100) / 80_000, 6);
    expect(scaleBars(0.5, 800)[0]?.label).toBe('100 m');
    expect(scaleBars(Number.NaN, 800)).toEqual([]);
  });
});
