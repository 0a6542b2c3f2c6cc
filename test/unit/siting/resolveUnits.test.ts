import { describe, expect, it } from 'vitest';
import {
  type AreaClassOverride,
  DEFAULT_RULESET,
  mergeUnits,
  parseAreaClassOverrides,
  rankScenario,
  resolveUnits,
} from '../../../src/siting/index.ts';
import { deepFreeze, oneCandidate } from '../../fixtures/siting/scenarios.ts';

const overrides: readonly AreaClassOverride[] = deepFreeze([
  { unit: 'majorWatershed', id: 41, areaClass: 'greater-than-80' },
  { unit: 'county', id: '27109', areaClass: '50-to-80' },
]);

describe('area class: given ?? override[major] ?? override[county] ?? county class (subd. 1(o)/(p))', () => {
  it.each([
    [
      'given wins',
      { county: '27109', majorWatershed: 41, areaClass: 'less-than-50' },
      'less-than-50',
      'given',
    ],
    [
      'major watershed override',
      { county: '27109', majorWatershed: 41 },
      'greater-than-80',
      'major-watershed-override',
    ],
    ['county override', { county: '27109', majorWatershed: 40 }, '50-to-80', 'county-override'],
    [
      'county class from the layer',
      { county: '27001', countyAreaClass: 'less-than-50' },
      'less-than-50',
      'county',
    ],
    ['county class from Minn. R. 8420.0117', { county: '27001' }, 'greater-than-80', 'county'],
    ['unknown stays unknown', { bankServiceArea: 10 }, null, null],
  ] as const)('%s', (_name, units, areaClass, source) => {
    expect(resolveUnits(deepFreeze({ ...units }), DEFAULT_RULESET, overrides)).toMatchObject({
      areaClass,
      areaClassSource: source,
    });
  });

  it('reads the major watershed from the minor watershed id when not given', () => {
    expect(resolveUnits({ minorWatershed: '01003' }, DEFAULT_RULESET).majorWatershed).toBe(1);
  });

  it('a reclassification changes the decision: Olmsted as >80% makes the ratio 1:1', () => {
    const scenario = oneCandidate({}, {});
    expect(rankScenario(scenario).requirement.ratio).toBe(2);
    expect(rankScenario(scenario, { overrides }).requirement.ratio).toBe(1);
  });

  it('parses override data in both shapes and names the bad field', () => {
    expect(
      parseAreaClassOverrides([
        { majorWatershed: 41, areaClass: 'greater-than-80' },
        { unit: 'county', id: '27109', areaClass: '50-to-80', source: 'BWSR notice' },
      ]),
    ).toEqual({
      ok: true,
      value: [
        { unit: 'majorWatershed', id: 41, areaClass: 'greater-than-80' },
        { unit: 'county', id: '27109', areaClass: '50-to-80', source: 'BWSR notice' },
      ],
    });
    expect(parseAreaClassOverrides([{ county: 27109, areaClass: 'less-than-50' }])).toMatchObject({
      ok: false,
      error: { field: 'overrides[0].id' },
    });
    expect(parseAreaClassOverrides([{ county: '27109', areaClass: 'wet' }])).toMatchObject({
      ok: false,
      error: { field: 'overrides[0].areaClass' },
    });
  });
});

describe('mergeUnits: given units win over looked-up ones', () => {
  it('keeps given values and fills the rest', () => {
    const given = deepFreeze({ county: '27045', bankServiceArea: null });
    const lookedUp = deepFreeze({
      county: '27109',
      countyAreaClass: 'less-than-50' as const,
      bankServiceArea: 10,
    });
    expect(mergeUnits(given, lookedUp)).toEqual({ county: '27045', bankServiceArea: 10 });
  });

  it('drops a looked-up major watershed when the minor watershed was given', () => {
    expect(mergeUnits({ minorWatershed: '14001' }, { minorWatershed: '41001', majorWatershed: 41 })).toEqual({
      minorWatershed: '14001',
    });
  });

  it('keeps a looked-up boundary only for units that were looked up, not given (issue 22)', () => {
    const lookedUp = deepFreeze({
      minorWatershed: '41001',
      majorWatershed: 41,
      bankServiceArea: 10,
      boundary: { minorWatershed: ['41001', '41002'], bankServiceArea: [9, 10] },
    });
    expect(mergeUnits({}, lookedUp).boundary).toEqual({
      minorWatershed: ['41001', '41002'],
      bankServiceArea: [9, 10],
    });
    expect(mergeUnits({ minorWatershed: '41002' }, lookedUp).boundary).toEqual({ bankServiceArea: [9, 10] });
    expect(mergeUnits({ minorWatershed: '41002', bankServiceArea: 10 }, lookedUp).boundary).toBeUndefined();
  });
});
