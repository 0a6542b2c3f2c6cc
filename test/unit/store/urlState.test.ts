import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultInputs, type Inputs } from '../../../src/store/inputs';
import { initialInputs, STORAGE_KEY } from '../../../src/store/sitingStore';
import {
  decodeUrlState,
  encodeUrlState,
  MAX_SITES_IN_URL,
  MAX_SITES_STORED,
} from '../../../src/store/urlState';

function sample(): Inputs {
  const inputs = defaultInputs();
  inputs.impact = {
    location: [-92.47, 44.02],
    polygon: [
      [-92.48, 44.01],
      [-92.46, 44.01],
      [-92.46, 44.03],
      [-92.48, 44.01],
    ],
    acres: 0.8,
    land: 'agricultural',
    cultivatedField: true,
    project: 'public-transportation',
    afterTheFact: true,
    partiallyDrainedAcres: 0.25,
    wetlandType: '3',
    stateRoad: false,
    sequencing: { avoid: 'Moved the pad <b>north</b>', minimize: '', rectify: 'Regraded', reduce: '' },
  };
  inputs.userSites = [
    {
      id: 'u1',
      name: '<img src=x onerror=alert(1)> & "quotes"',
      location: [-92.4, 44.1],
      action: 'creation',
      wetlandType: '3',
    },
  ];
  inputs.layers.minorWatersheds.visible = false;
  inputs.layers.areaClass.opacity = 0.3;
  inputs.selectedCandidateId = 'ribits-12';
  inputs.view = { center: [-93.1, 45.2], zoom: 7.5 };
  return inputs;
}

describe('URL state', () => {
  it('round-trips every input', () => {
    const inputs = sample();
    const decoded = decodeUrlState(encodeUrlState(inputs));
    expect(decoded.notices).toEqual([]);
    expect(decoded.inputs).toEqual(inputs);
  });

  it('keeps default state out of the link', () => {
    expect(encodeUrlState(defaultInputs())).toBe('');
    expect(
      encodeUrlState({
        ...defaultInputs(),
        impact: { ...defaultInputs().impact, location: [-92.47, 44.02] },
      }),
    ).toBe('at=-92.47%2C44.02');
  });

  it.each([
    ['at=abc', 'at'],
    ['at=-92.4', 'at'],
    ['at=200,44', 'at'],
    ['acres=-1', 'acres'],
    ['land=swamp', 'land'],
    ['project=airport', 'project'],
    ['cf=yes', 'cf'],
    ['sites=not-json', 'sites'],
    ['sites=[{"id":"a","name":"x","lon":"1","lat":2,"action":"creation"}]', 'sites'],
    ['hide=nosuchlayer', 'hide'],
    ['opacity=areaClass:7', 'opacity'],
    ['view=1,2', 'view'],
    ['poly=1,2;3,4', 'poly'],
    ['utm_source=mail', 'utm_source'],
  ])('ignores %s with a notice naming "%s"', (search, name) => {
    const decoded = decodeUrlState(search);
    expect(decoded.notices).toHaveLength(1);
    expect(decoded.notices[0]).toContain(`"${name}"`);
    expect(decoded.inputs.impact).toEqual(defaultInputs().impact);
  });

  it('keeps the good parameters when one is bad', () => {
    const decoded = decodeUrlState('at=-92.47,44.02&land=swamp&acres=2');
    expect(decoded.inputs.impact.location).toEqual([-92.47, 44.02]);
    expect(decoded.inputs.impact.acres).toBe(2);
    expect(decoded.notices).toHaveLength(1);
  });

  it('never throws on arbitrary query strings', () => {
    fc.assert(
      fc.property(fc.string(), (search) => {
        const decoded = decodeUrlState(search);
        expect(decoded.inputs.impact.acres).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('prefers the link, then the saved work', () => {
    const storage = { getItem: (key: string) => (key === STORAGE_KEY ? encodeUrlState(sample()) : null) };
    expect(initialInputs('', storage).inputs).toEqual(sample());
    expect(initialInputs('?at=-93,45', storage).inputs.impact.location).toEqual([-93, 45]);
    expect(initialInputs('?at=-93,45', storage).inputs.userSites).toEqual([]);
  });
});

describe('more sites than a link can carry', () => {
  const many = defaultInputs();
  many.impact.location = [-93.3, 45.1];
  many.userSites = Array.from({ length: MAX_SITES_IN_URL + 1 }, (_, i) => ({
    id: `s${i}`,
    name: `Site ${i}`,
    location: [-93 - i / 1000, 45] as [number, number],
    action: 'restoration' as const,
  }));

  it('keeps them in storage and marks the link, so a reload loses none', () => {
    const link = encodeUrlState(many);
    expect(new URLSearchParams(link).get('sites')).toBe('stored');
    const stored = encodeUrlState(many, { maxSites: MAX_SITES_STORED });
    const storage = { getItem: (key: string) => (key === STORAGE_KEY ? stored : null) };
    expect(initialInputs(`?${link}`, storage).inputs.userSites).toHaveLength(MAX_SITES_IN_URL + 1);
  });

  it('says so when the link is opened in a browser that does not hold them', () => {
    const decoded = decodeUrlState(encodeUrlState(many));
    expect(decoded.inputs.userSites).toEqual([]);
    expect(decoded.notices[0]).toContain('"sites"');
  });
});

describe('a link that replaces saved work', () => {
  const saved = encodeUrlState(sample(), { maxSites: MAX_SITES_STORED });
  const storage = { getItem: (key: string) => (key === STORAGE_KEY ? saved : null) };

  it('hands the saved work back so it can be kept', () => {
    const start = initialInputs('?at=-93,45', storage);
    expect(start.inputs.impact.location).toEqual([-93, 45]);
    expect(start.displaced).toEqual(sample());
  });

  it('displaces nothing on a reload of the same work, or without a link', () => {
    expect(initialInputs(`?${encodeUrlState(sample())}`, storage).displaced).toBeNull();
    expect(initialInputs('', storage).displaced).toBeNull();
    expect(initialInputs('?at=-93,45', { getItem: () => null }).displaced).toBeNull();
  });
});

describe('the impact details issue 13 adds', () => {
  it('round-trips partially drained acres, wetland type, state road and the sequencing record', () => {
    const inputs = sample();
    const decoded = decodeUrlState(encodeUrlState(inputs));
    expect(decoded.notices).toEqual([]);
    expect(decoded.inputs.impact).toEqual(inputs.impact);
  });

  it.each([
    ['cf=1&land=nonagricultural', '"cf"', 'a cultivated field is agricultural land'],
    ['wtype=9', '"wtype"', 'Circular 39'],
    ['seq={"avoid":1}', '"seq"', 'avoid, minimize'],
    ['seq={"other":"x"}', '"seq"', 'avoid, minimize'],
    ['pda=-1', '"pda"', 'partially drained'],
  ])('%s is ignored with a notice naming it', (query, name, why) => {
    const decoded = decodeUrlState(`?${query}`);
    expect(decoded.notices.join(' ')).toContain(name);
    expect(decoded.notices.join(' ')).toContain(why);
    expect(decoded.inputs.impact.cultivatedField).toBe(false);
  });
});

describe('a link cannot choose the data', () => {
  it.each(['data', 'dataUrl', 'data_url', 'manifest', 'source', 'config'])(
    'ignores ?%s= with a notice saying who sets the data',
    (name) => {
      const decoded = decodeUrlState(`?${name}=https://evil.example/data/&at=-93.3,45.1`);
      expect(decoded.notices).toEqual([
        `Ignored the link's "${name}" parameter: where the map data comes from is set by whoever hosts this explorer, never by a link.`,
      ]);
      expect(decoded.inputs.impact.location).toEqual([-93.3, 45.1]);
    },
  );
});
