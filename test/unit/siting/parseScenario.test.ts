import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/siting/index.ts';
import { deepFreeze } from '../../fixtures/siting/scenarios.ts';

const valid = () => ({
  impact: {
    location: [-92.47, 44.02],
    units: { minorWatershed: '41001', majorWatershed: 41, bankServiceArea: 10, county: '27109' },
    acres: 0.8,
    land: 'nonagricultural',
  },
  candidates: [
    { id: 'A', kind: 'project-specific', location: [-92.4, 44.1], units: {}, action: 'restoration' },
    {
      id: 'B',
      kind: 'bank',
      units: { bankServiceArea: 10 },
      bankApplicationDate: '1995-06-01',
      availableCredits: 3.5,
    },
  ],
});

describe('parseScenario', () => {
  it('accepts the documented scenario and fills defaults', () => {
    const result = parseScenario(deepFreeze(valid()));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.impact).toMatchObject({
      project: 'general',
      cultivatedField: false,
      afterTheFact: false,
    });
    expect(result.value.candidates[1]).toMatchObject({
      bankApplicationDate: '1995-06-01',
      availableCredits: 3.5,
    });
  });

  it('pads numeric codes: minor watershed 1003 is "01003"', () => {
    const scenario = valid();
    scenario.impact.units = {
      minorWatershed: 1003 as unknown as string,
      county: 27109 as unknown as string,
    } as never;
    const result = parseScenario(scenario);
    expect(result.ok && result.value.impact.units).toEqual({ minorWatershed: '01003', county: '27109' });
  });

  /** Sets (or with `undefined`, deletes) one field given by a dotted path, e.g. `candidates.0.kind`. */
  function withField(path: string, value: unknown): unknown {
    const scenario: Record<string, unknown> = valid();
    const keys = path.split('.');
    const last = keys.pop() as string;
    let target = scenario;
    for (const key of keys) target = target[key] as Record<string, unknown>;
    if (value === undefined) delete target[last];
    else target[last] = value;
    return scenario;
  }

  it.each<[string, unknown, string, RegExp]>([
    ['not an object', 'text', 'scenario', /object/],
    ['missing impact', withField('impact', undefined), 'impact', /missing/],
    ['unknown land', withField('impact.land', 'urban'), 'impact.land', /unknown value "urban"/],
    ['missing land', withField('impact.land', undefined), 'impact.land', /missing/],
    ['acres as text', withField('impact.acres', '0.8'), 'impact.acres', /number/],
    ['negative acres', withField('impact.acres', -1), 'impact.acres', /negative/],
    ['longitude as text', withField('impact.location', ['x', 44]), 'impact.location[0]', /number/],
    ['latitude out of range', withField('impact.location', [-92, 95]), 'impact.location[1]', /between/],
    [
      'neither location nor units',
      withField('impact', { acres: 1, land: 'agricultural' }),
      'impact.location',
      /location or units/,
    ],
    ['misspelt flag', withField('impact.cultivatedfield', true), 'impact.cultivatedfield', /unknown field/],
    ['unknown project', withField('impact.project', 'airport'), 'impact.project', /unknown value/],
    [
      'six-digit minor watershed number',
      withField('impact.units.minorWatershed', 410010),
      'impact.units.minorWatershed',
      /5-digit code/,
    ],
    ['unknown kind', withField('candidates.0.kind', 'mitigation'), 'candidates[0].kind', /unknown value/],
    ['unknown action', withField('candidates.0.action', 'dredge'), 'candidates[0].action', /unknown value/],
    ['missing id', withField('candidates.1.id', undefined), 'candidates[1].id', /missing/],
    ['duplicate id', withField('candidates.1.id', 'A'), 'candidates[1].id', /duplicate/],
    [
      'impossible date',
      withField('candidates.1.bankApplicationDate', '1996-02-30'),
      'candidates[1].bankApplicationDate',
      /date/,
    ],
    [
      'bad area class',
      withField('candidates.1.units.areaClass', 'wet'),
      'candidates[1].units.areaClass',
      /unknown value/,
    ],
    ['candidates not a list', withField('candidates', {}), 'candidates', /array/],
  ])('%s: names field %s', (_name, input, field, message) => {
    const result = parseScenario(input);
    expect(result).toMatchObject({ ok: false, error: { field } });
    if (!result.ok) expect(result.error.message).toMatch(message);
  });
});
