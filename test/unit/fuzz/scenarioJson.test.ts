/**
 * Fuzzing the scenario reader (`parseScenario`, what `siting rank` and the page read a scenario
 * file with): arbitrary JSON values and mutations of valid scenarios. It must never throw; every
 * rejection names a field and a problem; every accepted scenario ranks without throwing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AREA_CLASSES,
  CANDIDATE_KINDS,
  LAND_USES,
  PROJECT_TYPES,
  parseScenario,
  REPLACEMENT_ACTIONS,
  RULESETS,
  rankScenario,
} from '../../../src/siting/index.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzSettings.ts';

/** Parses, and when accepted ranks under every rule set; returns the parse result. */
function parseAndRank(value: unknown) {
  const parsed = parseScenario(value);
  if (parsed.ok) {
    for (const ruleset of RULESETS) {
      const result = rankScenario(parsed.value, { ruleset });
      expect(result.candidates).toHaveLength(parsed.value.candidates.length);
    }
  } else {
    expect(parsed.error.field.trim()).not.toBe('');
    expect(parsed.error.message.trim()).not.toBe('');
  }
  return parsed;
}

const unitsJson = fc.record(
  {
    minorWatershed: fc.constantFrom('41001', '41002', '03001', 41001, null),
    majorWatershed: fc.constantFrom(41, 3, null),
    bankServiceArea: fc.constantFrom(10, 1, null),
    county: fc.constantFrom('27109', '27137', null),
    areaClass: fc.constantFrom(...AREA_CLASSES, null),
  },
  { requiredKeys: [] },
);
const locationJson = fc.tuple(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.double({ min: -90, max: 90, noNaN: true }),
);
const dateJson = fc.constantFrom('1995-06-01', '1996-04-01', '2026-02-29', '2024-02-29', '2026-13-01');

/** Scenario files as a person would write them (README schema), mostly valid. */
const validScenarioJson = fc.record({
  impact: fc
    .record(
      {
        location: locationJson,
        units: unitsJson,
        acres: fc.double({ min: 0, max: 1e6, noNaN: true }),
        land: fc.constantFrom(...LAND_USES),
        cultivatedField: fc.boolean(),
        project: fc.constantFrom(...PROJECT_TYPES),
        afterTheFact: fc.boolean(),
        applicationDate: dateJson,
        name: fc.string(),
        partiallyDrainedAcres: fc.double({ min: 0, max: 100, noNaN: true }),
        wetlandType: fc.constantFrom('1', '3', 8, 'Type 2'),
        stateRoad: fc.boolean(),
      },
      { requiredKeys: ['units', 'acres', 'land'] },
    )
    // A cultivated field is agricultural land (subd. 1(c), 1(g)); the reader refuses the pair.
    .map((impact) => (impact.cultivatedField ? { ...impact, land: 'agricultural' as const } : impact)),
  candidates: fc.uniqueArray(
    fc.record(
      {
        id: fc.string({ minLength: 1, maxLength: 8 }),
        kind: fc.constantFrom(...CANDIDATE_KINDS),
        name: fc.string(),
        location: locationJson,
        units: unitsJson,
        action: fc.constantFrom(...REPLACEMENT_ACTIONS),
        pretreatment: fc.boolean(),
        functioningAsWetland: fc.boolean(),
        bankApplicationDate: dateJson,
        availableCredits: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
        eisIdentified: fc.boolean(),
        eisAdequacyDate: dateJson,
        wetlandType: fc.constantFrom('2', 'Type 3', 5),
        bankStatus: fc.constantFrom('Approved', 'Pending', 'Sold-Out', 'Odd'),
      },
      { requiredKeys: ['id', 'kind'] },
    ),
    { maxLength: 6, selector: (candidate) => candidate.id },
  ),
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path into a JSON value, the root included. */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) {
    for (const [index, child] of value.entries()) paths.push(...pathsOf(child, [...prefix, index]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) paths.push(...pathsOf(child, [...prefix, key]));
  }
  return paths;
}

type Mutation = { kind: 'replace' | 'delete' | 'add-key'; pick: number; value: Json; key: string };

/** Applies one mutation at one path of a deep copy: replace the value, delete it, or add a key. */
function mutate(original: Json, mutation: Mutation): Json {
  const copy = structuredClone(original);
  const paths = pathsOf(copy);
  const path = paths[mutation.pick % paths.length] ?? [];
  if (path.length === 0) return mutation.kind === 'replace' ? mutation.value : copy;
  const parent = path
    .slice(0, -1)
    .reduce<Json>((node, key) => (node as Record<string, Json>)[key] as Json, copy);
  const last = path[path.length - 1] as string | number;
  const target = parent as Record<string | number, Json>;
  if (mutation.kind === 'replace') target[last] = mutation.value;
  else if (mutation.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete target[last];
  } else {
    const node = target[last];
    if (node !== null && typeof node === 'object' && !Array.isArray(node))
      node[mutation.key] = mutation.value;
  }
  return copy;
}

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('replace', 'delete', 'add-key'),
  pick: fc.nat(),
  value: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
  key: fc.constantFrom('acres', 'land', 'id', '__proto__', 'constructor', 'extra', 'lcoation'),
});

describe('fuzz: scenario JSON (parseScenario, rankScenario)', () => {
  it('never throws on arbitrary JSON values; rejections name a field and a problem', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        parseAndRank(value);
      }),
      fuzzParameters('scenarioJson'),
    );
  });

  it('never throws on mutated valid scenarios, and accepted ones rank', { timeout: FUZZ_TIMEOUT_MS }, () => {
    let accepted = 0;
    fc.assert(
      fc.property(validScenarioJson, mutationArbitrary, (scenario, mutation) => {
        // JSON round trip: what a file would actually hold (no undefined, no -0).
        const json = JSON.parse(JSON.stringify(scenario)) as Json;
        if (parseAndRank(mutate(json, mutation)).ok) accepted += 1;
      }),
      fuzzParameters('scenarioMutated'),
    );
    // The generator must reach the accepting paths too, or the ranking half proves nothing.
    expect(accepted).toBeGreaterThan(1_000);
  });

  it('parses JSON text cut at any point or with one character changed without throwing', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    const text = JSON.stringify({
      impact: { location: [-92.47, 44.02], acres: 0.8, land: 'nonagricultural' },
      candidates: [{ id: 'A', kind: 'bank', units: { bankServiceArea: 10 } }],
    });
    fc.assert(
      fc.property(fc.nat({ max: text.length }), fc.string({ maxLength: 1 }), (at, insert) => {
        let value: unknown;
        try {
          value = JSON.parse(text.slice(0, at) + insert + text.slice(at + 1));
        } catch {
          return; // the CLI reports invalid JSON before parseScenario (see the CLI fuzz test)
        }
        parseAndRank(value);
      }),
      fuzzParameters('scenarioText'),
    );
  });
});
