import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greatCircleFrom, greatCircleKm } from '../../../src/siting/greatCircleKm.ts';
import {
  AREA_CLASSES,
  type AreaClassOverride,
  AVAILABILITY_CODES,
  BASIS_CODES,
  boundaryUnitsOf,
  CANDIDATE_KINDS,
  type Candidate,
  expandRanked,
  type Impact,
  KIND_MATCH_CODES,
  LADDER_CODES,
  LAND_USES,
  lazyRankResult,
  PROJECT_TYPES,
  REASON_CODES,
  REPLACEMENT_ACTIONS,
  RULESETS,
  rankCompact,
  rankScenario,
  rowCodes,
  type Scenario,
  STATUS_CODES,
  type Units,
  unknownUnitsOf,
} from '../../../src/siting/index.ts';
import { referenceRankScenario } from './reference/rankScenario.ts';

/** Small unit domains so impact and sites often share (or half-share) units. */
const unitsArbitrary: fc.Arbitrary<Units> = fc.record(
  {
    minorWatershed: fc.constantFrom('41001', '41002', '40001', '03001', 'x41', null),
    majorWatershed: fc.constantFrom(41, 40, 3, null),
    bankServiceArea: fc.constantFrom(10, 9, 1, null),
    county: fc.constantFrom('27109', '27137', '27003', null),
    areaClass: fc.constantFrom(...AREA_CLASSES, null),
    countyAreaClass: fc.constantFrom(...AREA_CLASSES, null),
    // On a boundary between units (issue 22): the level is left open where it depends on them.
    boundary: fc.option(
      fc.record(
        {
          minorWatershed: fc.constantFrom(['41001', '41002'], ['41001', '40001'], ['03001', '41002']),
          majorWatershed: fc.constantFrom([40, 41], [3, 41]),
          bankServiceArea: fc.constantFrom([9, 10], [1, 10]),
        },
        { requiredKeys: [] },
      ),
      { nil: null, freq: 3 },
    ),
  },
  { requiredKeys: [] },
);

/** A few fixed places (ties in distance) and random ones. */
const locationArbitrary = fc.oneof(
  fc.constantFrom<[number, number] | null>([-92.47, 44.02], [-93.1, 45], [-92.47, 44.02001], null),
  fc.tuple(fc.double({ min: -97, max: -89, noNaN: true }), fc.double({ min: 43, max: 49, noNaN: true })),
);

const impactArbitrary: fc.Arbitrary<Impact> = fc.record({
  location: locationArbitrary,
  units: unitsArbitrary,
  acres: fc.oneof(fc.constant(10_000 / 43_560), fc.double({ min: 0, max: 100, noNaN: true })),
  land: fc.constantFrom(...LAND_USES),
  cultivatedField: fc.boolean(),
  project: fc.constantFrom(...PROJECT_TYPES),
  afterTheFact: fc.boolean(),
  applicationDate: fc.constantFrom('2025-01-01', '2024-05-01', '2025-06-02', '2025-06-03', null),
  partiallyDrainedAcres: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: null }),
  wetlandType: fc.constantFrom('2', '3', null),
});

const candidateArbitrary: fc.Arbitrary<Omit<Candidate, 'id'>> = fc.record(
  {
    kind: fc.constantFrom(...CANDIDATE_KINDS),
    location: locationArbitrary,
    units: unitsArbitrary,
    action: fc.constantFrom(...REPLACEMENT_ACTIONS, null),
    pretreatment: fc.constantFrom(true, false, null),
    functioningAsWetland: fc.constantFrom(true, false, null),
    bankApplicationDate: fc.constantFrom('1995-06-01', '1996-04-01', '1996-04-02', null),
    availableCredits: fc.option(
      fc.oneof(fc.constantFrom(0, 0.4591), fc.double({ min: 0, max: 50, noNaN: true })),
      {
        nil: null,
      },
    ),
    bankStatus: fc.constantFrom('Approved', 'Pending', 'Sold-Out', 'Terminated', 'Odd', null),
    wetlandType: fc.constantFrom('2', '3', null),
    eisIdentified: fc.constantFrom(true, null),
    eisAdequacyDate: fc.constantFrom('2024-06-01', null),
  },
  { requiredKeys: ['kind'] },
);

/** Ids out of input order (so a tie broken by id, not input order, would show), unique within a scenario. */
function scenarioOf(maxLength: number, minLength = 0): fc.Arbitrary<Scenario> {
  return fc
    .tuple(
      impactArbitrary,
      fc.array(candidateArbitrary, { minLength, maxLength }),
      fc.integer({ min: 1, max: 97 }),
    )
    .map(([impact, candidates, stride]) => ({
      impact,
      candidates: candidates.map((candidate, index) => ({
        ...candidate,
        id: `c${String((index * stride) % 101).padStart(3, '0')}-${index}`,
      })),
    }));
}

const overridesArbitrary: fc.Arbitrary<AreaClassOverride[]> = fc.array(
  fc.oneof(
    fc.record({
      unit: fc.constant('county' as const),
      id: fc.constantFrom('27109', '27137'),
      areaClass: fc.constantFrom(...AREA_CLASSES),
    }),
    fc.record({
      unit: fc.constant('majorWatershed' as const),
      id: fc.constantFrom(41, 3),
      areaClass: fc.constantFrom(...AREA_CLASSES),
    }),
  ),
  { maxLength: 3 },
) as fc.Arbitrary<AreaClassOverride[]>;

const rulesetArbitrary = fc.constantFrom(...RULESETS);

describe('rankCompact: the ranking as columns, expanded on demand', () => {
  it('expanded row by row equals the object ranking of before (deep equal, same order), on random scenarios', () => {
    fc.assert(
      fc.property(scenarioOf(40), rulesetArbitrary, overridesArbitrary, (scenario, ruleset, overrides) => {
        const expected = referenceRankScenario(scenario, { ruleset, overrides });
        const ranking = rankCompact(scenario, { ruleset, overrides });
        const expanded = Array.from({ length: ranking.count }, (_, position) =>
          expandRanked(ranking, position),
        );
        expect(expanded).toEqual(expected.candidates);
        expect(ranking.requirement).toEqual(expected.requirement);
        expect(ranking.impact).toEqual(expected.impact);
        expect(ranking.ruleset).toBe(expected.ruleset);
        // rankScenario is the same path: compact, then every row expanded.
        const result = rankScenario(scenario, { ruleset, overrides });
        expect(result).toEqual(expected);
        // Same keys in the same order too: the CLI prints this object as JSON.
        expect(JSON.stringify(result)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 300 },
    );
  });

  it('lazyRankResult reads the same rows from the columns, expanding only what they do not hold', () => {
    const FIELDS = [
      'id',
      'kind',
      'eligible',
      'status',
      'priority',
      'priorityRange',
      'unknownUnits',
      'boundaryUnits',
      'ladder',
      'ladderRank',
      'basis',
      'availability',
      'kindMatch',
      'ratio',
      'credit',
      'distanceKm',
      'unlocated',
      'units',
      'reasons',
    ] as const;
    fc.assert(
      fc.property(scenarioOf(40), rulesetArbitrary, overridesArbitrary, (scenario, ruleset, overrides) => {
        const expected = rankScenario(scenario, { ruleset, overrides });
        const lazy = lazyRankResult(rankCompact(scenario, { ruleset, overrides }));
        expect(lazy.candidates).toHaveLength(expected.candidates.length);
        lazy.candidates.forEach((row, position) => {
          const full = expected.candidates[position];
          for (const field of FIELDS)
            expect(row[field], `${field} of row ${position}`).toEqual(full?.[field]);
        });
        // As JSON (exports, the CLI), the same text.
        expect(JSON.stringify(lazy)).toBe(JSON.stringify(expected));
      }),
      { numRuns: 300 },
    );
  });

  it('large rankings with many ties (radix passes, long equal-distance runs) keep the object order', () => {
    fc.assert(
      fc.property(scenarioOf(1500, 600), (scenario) => {
        const expected = referenceRankScenario(scenario).candidates.map((candidate) => candidate.id);
        const ranking = rankCompact(scenario);
        const ids = Array.from(ranking.order, (index) => (scenario.candidates[index] as Candidate).id);
        expect(ids).toEqual(expected);
      }),
      { numRuns: 15, endOnFailure: true },
    );
  });

  it('every column says what the expanded row says', () => {
    fc.assert(
      fc.property(scenarioOf(40), rulesetArbitrary, (scenario, ruleset) => {
        const ranking = rankCompact(scenario, { ruleset });
        const nextLevelCite = ruleset.nextLevel.cite;
        for (let position = 0; position < ranking.count; position++) {
          const row = expandRanked(ranking, position);
          const codes = rowCodes(ranking, position);
          expect(scenario.candidates[ranking.order[position] as number]?.id).toBe(row.id);
          expect(codes.status).toBe(row.status);
          expect(STATUS_CODES[ranking.status[position] as number]).toBe(row.status);
          expect(ranking.priority[position] || null).toBe(row.priority);
          expect(ranking.rangeLow[position] || null).toBe(row.priorityRange?.[0] ?? null);
          expect(unknownUnitsOf(ranking, position)).toEqual(row.unknownUnits);
          expect(boundaryUnitsOf(ranking, position)).toEqual(row.boundaryUnits);
          expect(LADDER_CODES[ranking.ladder[position] as number]).toBe(row.ladder);
          expect(ranking.ladderRank[position] || null).toBe(row.ladderRank);
          expect(BASIS_CODES[ranking.basis[position] as number]).toBe(row.basis);
          expect(AVAILABILITY_CODES[ranking.availability[position] as number]).toBe(row.availability);
          expect(KIND_MATCH_CODES[ranking.kindMatch[position] as number]).toBe(row.kindMatch);
          const distance = ranking.distanceKm[position] as number;
          expect(Number.isNaN(distance) ? null : distance).toBe(row.distanceKm);
          const reasonCodes = ranking.reasonCodes[position] as number;
          expect((reasonCodes & REASON_CODES.unlocated) !== 0).toBe(row.unlocated);
          expect((reasonCodes & REASON_CODES.nextLevel) !== 0).toBe(
            row.reasons.some((reason) => reason.cite === nextLevelCite),
          );
          expect((reasonCodes & REASON_CODES.nextLevelPending) !== 0).toBe(
            row.reasons.some((reason) => reason.cite === ruleset.nextLevel.pendingRuleCite),
          );
        }
      }),
      { numRuns: 200 },
    );
  });

  it('sets the bit of each exclusion that bites and each exception that applies', () => {
    const impact: Impact = {
      units: { minorWatershed: '41001', bankServiceArea: 9, areaClass: 'less-than-50' },
      acres: 1,
      land: 'nonagricultural',
      cultivatedField: false,
      project: 'public-transportation',
      afterTheFact: false,
    };
    const ranking = rankCompact({
      impact,
      candidates: [
        { id: 'conversion', kind: 'project-specific', action: 'conversion', units: impact.units ?? {} },
        {
          id: 'early-bank',
          kind: 'bank',
          bankApplicationDate: '1995-01-01',
          units: { areaClass: 'greater-than-80' },
        },
      ],
    });
    const codesOf = (id: string) => {
      const position = Array.from(ranking.order).findIndex(
        (index) => (index === 0 ? 'conversion' : 'early-bank') === id,
      );
      return ranking.reasonCodes[position] as number;
    };
    // DEFAULT_RULESET: exclusion 3 is no-conversion; exception 0 is subd. 3(b).
    expect(codesOf('conversion') & (1 << 3)).not.toBe(0);
    expect(codesOf('early-bank') & (1 << 16)).not.toBe(0);
    expect(codesOf('conversion') & (1 << 16)).toBe(0);
  });

  it('the distance from a fixed impact is bit-for-bit the great-circle distance (the sort reads it)', () => {
    // Places spread like candidates (fast-check's doubles lean to round values, where any order is exact).
    const place = fc
      .tuple(fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: 0, max: 2 ** 30 }))
      .map(([x, y]) => [-97.5 + (x / 2 ** 30) * 8.5, 43.4 + (y / 2 ** 30) * 6] as const);
    fc.assert(
      fc.property(place, place, (from, to) => {
        expect(Object.is(greatCircleFrom(from)(to), greatCircleKm(from, to))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a position outside the ranking', () => {
    const ranking = rankCompact({
      impact: {
        acres: 1,
        land: 'agricultural',
        cultivatedField: false,
        project: 'general',
        afterTheFact: false,
      },
      candidates: [],
    });
    expect(() => expandRanked(ranking, 0)).toThrow(/outside the ranking/);
  });
});
