/**
 * An exported file travels without the page: each CSV row and the GeoJSON collection must say
 * that this is a screening aid and whether the geography behind it is a demonstration.
 */
import { describe, expect, it } from 'vitest';
import { SCREENING_NOTICE } from '../../../src/exports/exportNotice.ts';
import { rankedCsv } from '../../../src/exports/rankedCsv.ts';
import { scenarioGeoJson } from '../../../src/exports/scenarioGeoJson.ts';
import { rankScenario } from '../../../src/siting/index.ts';
import type { ImpactInputs } from '../../../src/store/inputs.ts';
import { oneCandidate } from '../../fixtures/siting/scenarios.ts';

const scenario = oneCandidate({}, { id: 'site-1' });
const result = rankScenario(scenario);
const impact = {
  location: [-92.47, 44.02],
  polygon: null,
  acres: 1,
  land: 'nonagricultural',
  cultivatedField: false,
  project: 'general',
  afterTheFact: false,
} as unknown as ImpactInputs;

describe.each([
  { layers: ['Minor watersheds (DNR Level 07)'], geography: /^demonstration geography — not official/ },
  { layers: [], geography: /^official layers$/ },
])('exports with demonstration layers $layers', ({ layers, geography }) => {
  it('puts the geography and the screening notice on every CSV row', () => {
    const lines = rankedCsv(result, new Map(), new Map(), { demonstrationLayers: layers })
      .trim()
      .split('\r\n');
    const header = lines[0]!.split(',');
    expect(header.slice(-2)).toEqual(['geography', 'notice']);
    for (const line of lines.slice(1)) {
      expect(line.endsWith(`"${SCREENING_NOTICE}"`)).toBe(true);
      expect(line).toMatch(layers.length ? /demonstration geography — not official/ : /,official layers,/);
    }
  });

  it('says the same at the top of the GeoJSON collection', () => {
    const collection = scenarioGeoJson(impact, scenario, result, new Map(), { demonstrationLayers: layers });
    expect(collection.notice).toBe(SCREENING_NOTICE);
    expect(collection.geography).toMatch(geography);
    expect(collection.demonstration).toBe(layers.length > 0);
  });
});
