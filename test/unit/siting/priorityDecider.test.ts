import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decidePriority, priorityDecider } from '../../../src/siting/computePriority.ts';
import { RULESETS } from '../../../src/siting/rulesets.ts';
import type { ResolvedUnits } from '../../../src/siting/types.ts';

const units: fc.Arbitrary<ResolvedUnits> = fc.record({
  minorWatershed: fc.constantFrom('41001', '41002', '40001', null),
  majorWatershed: fc.constantFrom(41, 40, null),
  bankServiceArea: fc.constantFrom(9, 10, null),
  county: fc.constant(null),
  areaClass: fc.constant(null),
  areaClassSource: fc.constant(null),
});

describe('priorityDecider', () => {
  it('gives the packed answer of decidePriority for every kind, rule set, impact and site', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESETS),
        fc.constantFrom('bank' as const, 'project-specific' as const),
        units,
        units,
        (ruleset, kind, impact, site) => {
          const decide = priorityDecider(kind, impact, ruleset.priorityLevels);
          expect(decide(site)).toBe(decidePriority(kind, impact, site, ruleset.priorityLevels, null));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
