import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AREA_CLASSES,
  BILL_2026_STRIKE_3C_RULESET,
  CANDIDATE_KINDS,
  type Candidate,
  type Impact,
  LAND_USES,
  PROJECT_TYPES,
  type PriorityLevel,
  REPLACEMENT_ACTIONS,
  type ResolvedUnits,
  RULESETS,
  rankScenario,
  type Scenario,
  type Units,
} from '../../../src/siting/index.ts';
import { deepFreeze } from '../../fixtures/siting/scenarios.ts';

/** Small unit domains so impact and sites often share (or half-share) units. */
const unitsArbitrary: fc.Arbitrary<Units> = fc.record(
  {
    minorWatershed: fc.constantFrom('41001', '41002', '40001', '03001', null),
    majorWatershed: fc.constantFrom(41, 40, 3, null),
    bankServiceArea: fc.constantFrom(10, 9, 1, null),
    county: fc.constantFrom('27109', '27137', '27003', null),
    areaClass: fc.constantFrom(...AREA_CLASSES, null),
  },
  { requiredKeys: [] },
);

const locationArbitrary = fc.option(
  fc.tuple(fc.double({ min: -97, max: -89, noNaN: true }), fc.double({ min: 43, max: 49, noNaN: true })),
  { nil: null },
);

const impactArbitrary: fc.Arbitrary<Impact> = fc.record({
  location: locationArbitrary,
  units: unitsArbitrary,
  acres: fc.double({ min: 0, max: 100, noNaN: true }),
  land: fc.constantFrom(...LAND_USES),
  cultivatedField: fc.boolean(),
  project: fc.constantFrom(...PROJECT_TYPES),
  afterTheFact: fc.boolean(),
  applicationDate: fc.constantFrom('2025-01-01', null),
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
    availableCredits: fc.option(fc.double({ min: 0, max: 50, noNaN: true }), { nil: null }),
    bankStatus: fc.constantFrom('Approved', 'Pending', 'Sold-Out', 'Terminated', 'Odd', null),
    wetlandType: fc.constantFrom('2', '3', null),
    eisIdentified: fc.constantFrom(true, null),
    eisAdequacyDate: fc.constantFrom('2024-06-01', null),
  },
  { requiredKeys: ['kind'] },
);

const scenarioArbitrary: fc.Arbitrary<Scenario> = fc
  .tuple(impactArbitrary, fc.array(candidateArbitrary, { maxLength: 25 }))
  .map(([impact, candidates]) => ({
    impact,
    candidates: candidates.map((candidate, index) => ({
      ...candidate,
      id: `c${String(index).padStart(2, '0')}`,
    })),
  }));

const rulesetArbitrary = fc.constantFrom(...RULESETS);

/** The best level the known geography allows, whatever the rules say about eligibility. */
function bestAllowed(impact: ResolvedUnits, site: ResolvedUnits): PriorityLevel {
  const same = (key: 'minorWatershed' | 'majorWatershed' | 'bankServiceArea') =>
    impact[key] !== null && site[key] !== null && impact[key] === site[key];
  return same('minorWatershed') ? 1 : same('majorWatershed') ? 2 : same('bankServiceArea') ? 3 : 4;
}

describe('rankScenario properties', () => {
  it('ranking is a permutation of the input candidates', () => {
    fc.assert(
      fc.property(scenarioArbitrary, rulesetArbitrary, (scenario, ruleset) => {
        const ranked = rankScenario(scenario, { ruleset }).candidates.map((candidate) => candidate.id);
        expect([...ranked].sort()).toEqual(scenario.candidates.map((candidate) => candidate.id).sort());
      }),
    );
  });

  it('ineligible never precede eligible (nor undetermined precede eligible)', () => {
    fc.assert(
      fc.property(scenarioArbitrary, rulesetArbitrary, (scenario, ruleset) => {
        const order = { eligible: 0, undetermined: 1, ineligible: 2 };
        const statuses = rankScenario(scenario, { ruleset }).candidates.map(
          (candidate) => order[candidate.status],
        );
        expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
      }),
    );
  });

  it('priority is never better than the geography allows; bank credits never above level 3 under subd. 3(c)', () => {
    fc.assert(
      fc.property(scenarioArbitrary, rulesetArbitrary, (scenario, ruleset) => {
        const result = rankScenario(scenario, { ruleset });
        for (const candidate of result.candidates) {
          if (candidate.priority === null) continue;
          expect(candidate.priority).toBeGreaterThanOrEqual(
            bestAllowed(result.impact.units, candidate.units),
          );
          if (candidate.kind === 'bank' && ruleset !== BILL_2026_STRIKE_3C_RULESET) {
            expect(candidate.priority).toBeGreaterThanOrEqual(3);
          }
        }
      }),
    );
  });

  it('within a status, priority never decreases down the list, and ineligible ones have none', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const candidates = rankScenario(scenario).candidates;
        for (const status of ['eligible', 'undetermined'] as const) {
          // Statewide 3(b) credits have no level and stand at the bank ladder's first level (3).
          const levels = candidates
            .filter((c) => c.status === status)
            .map((c) => (c.basis === 'statewide-3b' ? 3 : (c.priority ?? 5)));
          expect(levels).toEqual([...levels].sort((a, b) => a - b));
        }
        for (const candidate of candidates.filter((c) => c.status === 'ineligible')) {
          expect(candidate.priority).toBeNull();
        }
      }),
    );
  });

  it('never mutates its input (deep-frozen) and is deterministic', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const snapshot = structuredClone(scenario);
        const frozen = deepFreeze(scenario);
        const first = rankScenario(frozen);
        expect(frozen).toEqual(snapshot);
        expect(rankScenario(frozen)).toEqual(first);
      }),
    );
  });

  it('each ladder numbers its places 1, 2, 3 … in list order; ineligible candidates (banks that cannot sell among them) have none', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const candidates = rankScenario(scenario).candidates;
        for (const ladder of ['project-specific', 'bank'] as const) {
          const places = candidates
            .filter((c) => c.ladder === ladder && c.status !== 'ineligible')
            .map((c) => c.ladderRank);
          expect(places).toEqual(places.map((_, index) => index + 1));
        }
        for (const candidate of candidates) {
          expect(candidate.ladder).toBe(candidate.kind);
          if (candidate.status === 'ineligible') expect(candidate.ladderRank).toBeNull();
          if (candidate.availability === 'cannot-sell') expect(candidate.status).toBe('ineligible');
        }
      }),
    );
  });

  it('priorityRange brackets priority, lowest number first, and is null exactly when priority is', () => {
    fc.assert(
      fc.property(scenarioArbitrary, rulesetArbitrary, (scenario, ruleset) => {
        for (const candidate of rankScenario(scenario, { ruleset }).candidates) {
          if (candidate.priority === null) {
            expect(candidate.priorityRange).toBeNull();
            continue;
          }
          const [low, high] = candidate.priorityRange ?? [0, 0];
          expect(high).toBe(candidate.priority);
          expect(low).toBeLessThanOrEqual(high);
          expect(low < high).toBe(candidate.unknownUnits.length > 0);
        }
      }),
    );
  });

  it('every reason carries a citation', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const result = rankScenario(scenario);
        for (const reason of [
          ...result.requirement.reasons,
          ...result.candidates.flatMap((c) => c.reasons),
        ]) {
          expect(reason.text.length).toBeGreaterThan(0);
          expect(reason.cite).toMatch(/^(103G\.222 subd\. \d|Minn\. R\.)/);
        }
      }),
    );
  });
});
