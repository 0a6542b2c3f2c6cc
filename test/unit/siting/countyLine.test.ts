import { describe, expect, it } from 'vitest';
import { boundaryOfLocation } from '../../../src/geo/locatePoint.ts';
import type { Location } from '../../../src/geo/location.ts';
import {
  type AreaClassOverride,
  type Candidate,
  DEFAULT_RULESET,
  type Impact,
  mergeUnits,
  type RankedCandidate,
  type RankResult,
  rankScenario,
  resolveUnits,
  type Units,
} from '../../../src/siting/index.ts';
import { deepFreeze, makeCandidate, makeImpact, OLMSTED } from '../../fixtures/siting/scenarios.ts';

/**
 * A county line decides the only "must not" of subd. 3 (issue 31 item 2). Minn. R. 8420.0117
 * subp. 1 classes places by county ("For purposes of this chapter: the following counties are
 * greater than 80 percent areas: Aitkin; ..."); a point on the line between a greater-than-80
 * county and another is on both, so its class, and everything that turns on it, is open.
 */
const RULE_QUOTE =
  'For purposes of this chapter: the following counties are greater than 80 percent areas: Aitkin; Beltrami; Carlton; Cass; …';
const BAR_QUOTE =
  'Wetlands must not be replaced in a greater than 80 percent area unless the impacted wetland is located in a greater than 80 percent area.';

/** Aitkin (27001, >80 %) and Morrison (27097, 50-80 %): a line across the class boundary. */
const AITKIN = '27001';
const MORRISON = '27097';
const BENTON = '27009';
const STEARNS = '27145';
const onLine = (county: string, ...touching: string[]): Units => ({
  minorWatershed: '10001',
  majorWatershed: 10,
  bankServiceArea: 5,
  county,
  boundary: { county: [county, ...touching] },
});
const AITKIN_INSIDE: Units = {
  minorWatershed: '09001',
  majorWatershed: 9,
  bankServiceArea: 5,
  county: AITKIN,
};

interface LineRow {
  cite: string;
  quote: string;
  name: string;
  impact?: Partial<Impact>;
  candidates: Partial<Candidate>[];
  overrides?: AreaClassOverride[];
  check: (result: RankResult, byId: (id: string) => RankedCandidate) => void;
}

const text = (candidate: RankedCandidate) => candidate.reasons.map((reason) => reason.text).join('\n');

const rows: LineRow[] = [
  {
    cite: '103G.222 subd. 3(a)',
    quote: BAR_QUOTE,
    name: 'a site on the Aitkin-Morrison line, for an impact in Olmsted: the bar is neither applied nor denied',
    // The located county is Aitkin (the lower FIPS code wins a lookup on a line).
    candidates: [{ id: 'line', units: { ...onLine(AITKIN, MORRISON), countyAreaClass: 'greater-than-80' } }],
    check: (_, byId) => {
      const site = byId('line');
      expect(site.status).toBe('undetermined');
      expect(site.units).toMatchObject({ areaClass: null, areaClassSource: 'county-line' });
      expect(text(site)).toContain(
        'this site lies on the line between Aitkin County (27001, a greater-than-80-percent area) and Morrison County (27097, a 50-to-80-percent area), so whether the bar applies depends on which side holds the site',
      );
      expect(text(site)).not.toContain('where this site is');
    },
  },
  {
    cite: '103G.222 subd. 3(a)',
    quote: BAR_QUOTE,
    name: 'the same line looked up from the Morrison side: the same answer, not the side the lookup picked',
    candidates: [{ id: 'line', units: { ...onLine(MORRISON, AITKIN), countyAreaClass: '50-to-80' } }],
    check: (_, byId) => {
      expect(byId('line').status).toBe('undetermined');
      expect(text(byId('line'))).toContain('the line between Aitkin County (27001');
    },
  },
  {
    cite: 'Minn. R. 8420.0117 subp. 1',
    quote: 'the following counties are 50 to 80 percent areas: Anoka; Becker; Benton; Chisago; Morrison; …',
    name: 'a line between two 50-to-80 counties (Morrison, Benton) decides nothing: the class is known',
    candidates: [{ id: 'line', units: onLine(MORRISON, BENTON) }],
    check: (_, byId) => {
      expect(byId('line').status).toBe('eligible');
      expect(byId('line').units).toMatchObject({ areaClass: '50-to-80', areaClassSource: 'county' });
    },
  },
  {
    cite: '103G.222 subd. 3(a)',
    quote: BAR_QUOTE,
    name: 'a line between 50-to-80 Morrison and less-than-50 Stearns: outside a >80 % area on either side, not barred',
    candidates: [{ id: 'line', units: onLine(MORRISON, STEARNS) }],
    check: (_, byId) => {
      expect(byId('line').status).toBe('eligible');
      expect(byId('line').units.areaClassSource).not.toBe('county-line');
    },
  },
  {
    cite: '103G.222 subd. 1(g)',
    quote:
      'The minimum replacement ratio ... is one to one ... in a greater than 80 percent area; otherwise two to one (subd. 1(f))',
    name: 'an impact on the Aitkin-Morrison line: both ratios, and why, naming both counties',
    impact: { units: onLine(AITKIN, MORRISON) },
    candidates: [{ id: 'away', units: OLMSTED }],
    check: (result) => {
      expect(result.impact.units).toMatchObject({ areaClass: null, areaClassSource: 'county-line' });
      expect(result.requirement.replacementAcres).toBe(2);
      expect(result.requirement.reasons.map((reason) => reason.text).join('\n')).toContain(
        'The impact lies on the line between Aitkin County (27001, a greater-than-80-percent area) and Morrison County (27097, a 50-to-80-percent area) (Minn. R. 8420.0117 subp. 1), so its area class depends on which side holds it, and the ratio is 1:1 or 2:1',
      );
    },
  },
  {
    cite: '103G.222 subd. 3(a)',
    quote: BAR_QUOTE,
    name: 'an impact on the line, a site inside Aitkin: allowed only if the impact is on the Aitkin side',
    impact: { units: onLine(AITKIN, MORRISON) },
    candidates: [
      { id: 'aitkin', units: AITKIN_INSIDE },
      { id: 'olmsted', units: OLMSTED },
    ],
    check: (_, byId) => {
      expect(byId('aitkin').status).toBe('undetermined');
      expect(text(byId('aitkin'))).toContain(
        'it is allowed only if the impact is on the greater-than-80-percent side, so whether this site may serve depends on which side holds the impact',
      );
      // Olmsted is outside a >80 % area: no bar whichever side holds the impact.
      expect(byId('olmsted').status).toBe('eligible');
    },
  },
  {
    cite: 'Minn. R. 8420.0117 subp. 1',
    quote: RULE_QUOTE,
    name: 'an impact inside Aitkin, a site on the line: no bar either side, and a note says what still turns on the side',
    impact: { units: AITKIN_INSIDE },
    candidates: [{ id: 'line', units: onLine(AITKIN, MORRISON) }],
    check: (_, byId) => {
      expect(byId('line').status).toBe('eligible');
      expect(text(byId('line'))).toContain(
        'This site lies on the line between Aitkin County (27001, a greater-than-80-percent area) and Morrison County (27097, a 50-to-80-percent area). The impact is in a greater-than-80-percent area, so the bar of 103G.222 subd. 3(a) does not apply on either side',
      );
    },
  },
  {
    cite: '103G.222 subd. 1(o)',
    quote: 'the board must change the classification of a county or major watershed',
    name: 'Morrison reclassified greater than 80 percent: the line joins two >80 % counties, nothing is open',
    overrides: [{ unit: 'county', id: MORRISON, areaClass: 'greater-than-80' }],
    impact: { units: AITKIN_INSIDE },
    candidates: [{ id: 'line', units: onLine(AITKIN, MORRISON) }],
    check: (_, byId) => {
      expect(byId('line').units.areaClass).toBe('greater-than-80');
      expect(text(byId('line'))).not.toContain('This site lies on the line');
    },
  },
  {
    cite: 'Minn. R. 8420.0117 subp. 1',
    quote: RULE_QUOTE,
    name: 'a class the user gives wins over the line (the user has looked at the exact place)',
    candidates: [{ id: 'line', units: { ...onLine(AITKIN, MORRISON), areaClass: '50-to-80' } }],
    check: (_, byId) => {
      expect(byId('line').status).toBe('eligible');
      expect(byId('line').units).toMatchObject({ areaClass: '50-to-80', areaClassSource: 'given' });
    },
  },
];

describe('a county line decides the 3(a) bar and the 1(g) ratio only where its sides differ (issue 31 item 2)', () => {
  it.each(rows)('$cite: $name', (row) => {
    const candidates = row.candidates.map((candidate) => makeCandidate(candidate));
    const result = rankScenario(deepFreeze({ impact: makeImpact(row.impact ?? {}), candidates }), {
      ...(row.overrides ? { overrides: deepFreeze(row.overrides) } : {}),
    });
    const byId = (id: string) => {
      const found = result.candidates.find((candidate) => candidate.id === id);
      if (!found) throw new Error(`no candidate ${id}`);
      return found;
    };
    row.check(result, byId);
  });

  it('the resolver names each side and its class, lowest FIPS first', () => {
    expect(resolveUnits(onLine(MORRISON, AITKIN), DEFAULT_RULESET).countyLine).toEqual([
      { county: AITKIN, areaClass: 'greater-than-80' },
      { county: MORRISON, areaClass: '50-to-80' },
    ]);
    expect(resolveUnits({ county: AITKIN }, DEFAULT_RULESET).countyLine ?? null).toBeNull();
  });

  it('a county the user gives drops the looked-up county line; a looked-up county keeps it', () => {
    const lookedUp = onLine(AITKIN, MORRISON);
    expect(mergeUnits({ county: MORRISON }, lookedUp).boundary?.county).toBeUndefined();
    expect(mergeUnits({}, lookedUp).boundary?.county).toEqual([AITKIN, MORRISON]);
  });

  it('a located point on a county line carries both counties to the engine', () => {
    const source = {
      layer: 'counties',
      title: 't',
      official: true,
      demonstration: false,
      asOf: null,
    } as const;
    const location = {
      inMinnesota: true,
      county: {
        id: AITKIN,
        name: 'Aitkin',
        onBoundary: true,
        boundaryIds: [AITKIN, MORRISON],
        source,
        areaClass: 'greater-than-80',
      },
      majorWatershed: null,
      minorWatershed: null,
      bankServiceArea: null,
      demonstration: false,
    } as unknown as Location;
    expect(boundaryOfLocation(location)).toEqual({ county: [AITKIN, MORRISON] });
  });
});
