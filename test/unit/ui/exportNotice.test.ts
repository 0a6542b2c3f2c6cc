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
import { fileText } from '../../../src/ui/exports/downloadFile.ts';
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
    expect(header.slice(-3)).toEqual(['geography', 'buildGaps', 'notice']);
    for (const line of lines.slice(1)) {
      expect(line.endsWith(`"${SCREENING_NOTICE}"`)).toBe(true);
      expect(line).toMatch(
        layers.length ? /demonstration geography — not official/ : /,official layers,none,/,
      );
    }
  });

  it('says the same at the top of the GeoJSON collection', () => {
    const collection = scenarioGeoJson(impact, scenario, result, new Map(), { demonstrationLayers: layers });
    expect(collection.notice).toBe(SCREENING_NOTICE);
    expect(collection.geography).toMatch(geography);
    expect(collection.demonstration).toBe(layers.length > 0);
  });
});

describe('an export says what the build lacks (issue 33, blocker 2)', () => {
  const gaps = ['Wetland banks — not in this build: no bank is ranked. To get them: npm run data.'];
  it('on every CSV row and at the top of the GeoJSON', () => {
    const lines = rankedCsv(result, new Map(), new Map(), { demonstrationLayers: [], buildGaps: gaps })
      .trim()
      .split('\r\n');
    for (const line of lines.slice(1))
      expect(line).toContain(
        ',Wetland banks — not in this build: no bank is ranked. To get them: npm run data.,',
      );
    const collection = scenarioGeoJson(impact, scenario, result, new Map(), {
      demonstrationLayers: [],
      buildGaps: gaps,
    });
    expect(collection.buildGaps).toEqual(gaps);
  });
});

describe('a downloaded CSV opens in Excel as UTF-8 (issue 33)', () => {
  it.each([
    ['text/csv;charset=utf-8', 'a,b\r\n—,§', '\uFEFFa,b\r\n—,§'],
    ['text/csv;charset=utf-8', '\uFEFFa', '\uFEFFa'],
    ['application/geo+json', '{"a":"—"}', '{"a":"—"}'],
  ])('%s', (type, text, expected) => {
    expect(fileText(type, text)).toBe(expected);
  });
});
