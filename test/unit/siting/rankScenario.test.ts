import { describe, expect, it } from 'vitest';
import { rankScenario } from '../../../src/siting/index.ts';
import { deepFreeze, makeCandidate, makeImpact, OLMSTED, ST_LOUIS } from '../../fixtures/siting/scenarios.ts';

describe('rankScenario ordering', () => {
  const scenario = deepFreeze({
    impact: makeImpact({ location: [-92.47, 44.02] }),
    candidates: [
      makeCandidate({ id: 'far-level-1', location: [-92.2, 44.2] }),
      makeCandidate({ id: 'near-level-1', location: [-92.46, 44.03] }),
      makeCandidate({ id: 'ineligible', units: ST_LOUIS }),
      makeCandidate({ id: 'level-2', units: { ...OLMSTED, minorWatershed: '41007' } }),
      makeCandidate({ id: 'unlocated', units: {} }),
      makeCandidate({ id: 'b-no-location' }),
      makeCandidate({ id: 'a-no-location' }),
      makeCandidate({ id: 'bank', kind: 'bank', action: null }),
    ],
  });
  const result = rankScenario(scenario);
  const ids = result.candidates.map((candidate) => candidate.id);

  it('orders by priority, then distance (unknown last), then input order (never id); undetermined and ineligible last', () => {
    expect(ids).toEqual([
      'near-level-1',
      'far-level-1',
      'b-no-location',
      'a-no-location',
      'level-2',
      'bank',
      'unlocated',
      'ineligible',
    ]);
  });

  it('measures great-circle distance in km when both locations are known', () => {
    const near = result.candidates.find((candidate) => candidate.id === 'near-level-1');
    expect(near?.distanceKm).toBeCloseTo(1.4, 1);
    expect(result.candidates.find((candidate) => candidate.id === 'level-2')?.distanceKm).toBeNull();
  });

  it('lists an unlocated candidate instead of dropping it', () => {
    const unlocated = result.candidates.find((candidate) => candidate.id === 'unlocated');
    expect(unlocated).toMatchObject({
      unlocated: true,
      status: 'undetermined',
      eligible: null,
      priority: null,
    });
    expect(unlocated?.reasons[0]?.text).toMatch(/^Unlocated/);
  });

  it('explains why lower levels come later (subd. 3(d), 3(e)) and not on the best level', () => {
    const cites = (id: string) =>
      result.candidates.find((candidate) => candidate.id === id)?.reasons.map((reason) => reason.cite) ?? [];
    expect(cites('level-2')).toEqual(expect.arrayContaining(['103G.222 subd. 3(d)', '103G.222 subd. 3(e)']));
    // 3(c): bank credits are their own ladder, which starts at level 3, so a lone bank is its best.
    expect(cites('bank')).not.toContain('103G.222 subd. 3(d)');
    expect(cites('near-level-1')).not.toContain('103G.222 subd. 3(d)');
    expect(cites('ineligible')).not.toContain('103G.222 subd. 3(d)');
  });

  it('reports the ruleset id and the impact units it used', () => {
    expect(result.ruleset).toBe('mn-103G.222-text');
    expect(result.impact.units).toMatchObject({ minorWatershed: '41001', areaClass: 'less-than-50' });
  });

  it('notes when a bank has fewer credits than the replacement needs (subd. 3(e)(4))', () => {
    const short = rankScenario(
      deepFreeze({
        impact: makeImpact({ acres: 2 }),
        candidates: [makeCandidate({ kind: 'bank', action: null, availableCredits: 3 })],
      }),
    );
    expect(short.candidates[0]?.reasons.map((reason) => reason.cite)).toContain('103G.222 subd. 3(e)(4)');
  });

  it('says when the EIS exception has lapsed (subd. 3(h), one year; Minn. Stat. 645.15)', () => {
    // Adequacy Saturday 2024-06-01: the anniversary is Sunday 2025-06-01, omitted under 645.15, so
    // the year ran to Monday 2025-06-02 and an application on Tuesday 2025-06-03 is late.
    const late = rankScenario(
      deepFreeze({
        impact: makeImpact({ applicationDate: '2025-06-03' }),
        candidates: [makeCandidate({ eisIdentified: true, eisAdequacyDate: '2024-06-01' })],
      }),
    );
    expect(late.candidates[0]?.reasons.find((reason) => reason.cite === '103G.222 subd. 3(h)')?.text).toMatch(
      /came after the one-year period ended on 2025-06-02/,
    );
  });
});
