import { describe, expect, it } from 'vitest';
import {
  BILL_2026_STRIKE_3C_RULESET,
  DEFAULT_RULESET,
  RULESETS,
  type RuleSet,
  rankScenario,
} from '../../../src/siting/index.ts';
import { oneCandidate } from '../../fixtures/siting/scenarios.ts';

const CITE =
  /^(103G\.222 subd\. [123](\([a-p]\))?(\(\d\))?|Minn\. R\. 8420\.0117 subp\. 1|Minn\. R\. 8420\.0522 subp\. 1|Minn\. R\. 8420\.0745)$/;

describe('rule sets as data', () => {
  it('every level, exclusion, exception, note and ratio carries a citation', () => {
    for (const ruleset of RULESETS) {
      const cites = [
        ...ruleset.priorityLevels.flatMap((level) => [
          level.cite,
          ...level.closedTo.map((entry) => entry.cite),
        ]),
        ...ruleset.exclusions.map((rule) => rule.cite),
        ...ruleset.exceptions.map((rule) => rule.cite),
        ...ruleset.notes.map((rule) => rule.cite),
        ...Object.values(ruleset.ratios).map((rule) => rule.cite),
        ruleset.countyAreaClassesCite,
      ];
      for (const cite of cites) expect(cite).toMatch(CITE);
    }
  });

  it('lists the four priority levels of subd. 3(a) in order', () => {
    expect(DEFAULT_RULESET.priorityLevels.map((level) => [level.level, level.cite])).toEqual([
      [1, '103G.222 subd. 3(a)(1)'],
      [2, '103G.222 subd. 3(a)(2)'],
      [3, '103G.222 subd. 3(a)(3)'],
      [4, '103G.222 subd. 3(a)(4)'],
    ]);
  });

  it('the default is the enacted text; the 2026 bill variant is labelled not enacted', () => {
    expect(RULESETS[0]).toBe(DEFAULT_RULESET);
    expect(DEFAULT_RULESET.enacted).toBe(true);
    expect(BILL_2026_STRIKE_3C_RULESET.enacted).toBe(false);
    expect(BILL_2026_STRIKE_3C_RULESET.title).toMatch(/not enacted/);
  });

  it('striking subd. 3(c) is a data change: a bank in the same minor watershed rises from 3 to 1', () => {
    const scenario = oneCandidate({}, { kind: 'bank', action: null });
    const current = rankScenario(scenario);
    const bill = rankScenario(scenario, { ruleset: BILL_2026_STRIKE_3C_RULESET });
    expect(current.candidates[0]?.priority).toBe(3);
    expect(bill.candidates[0]?.priority).toBe(1);
    expect(bill.ruleset).toBe('mn-103G.222-sf4911-draft');
    expect(bill.candidates[0]?.reasons.map((reason) => reason.cite)).not.toContain('103G.222 subd. 3(c)');
  });

  it('the variant leaves everything but subd. 3(c) (its levels and its one ladder) as in the default', () => {
    const withoutLabels = ({
      priorityLevels,
      id,
      title,
      enacted,
      bill,
      ladders,
      description,
      ...rest
    }: RuleSet) => rest;
    expect(withoutLabels(BILL_2026_STRIKE_3C_RULESET)).toEqual(withoutLabels(DEFAULT_RULESET));
    const billLevels = BILL_2026_STRIKE_3C_RULESET.priorityLevels;
    const priorityLevels = DEFAULT_RULESET.priorityLevels;
    expect(billLevels.map(({ closedTo, ...level }) => level)).toEqual(
      priorityLevels.map(({ closedTo, ...level }) => level),
    );
  });

  it('county classes follow Minn. R. 8420.0117 subp. 1: 18, 8 and 61 of 87 counties', () => {
    const counts = { 'greater-than-80': 0, '50-to-80': 0, 'less-than-50': 0 };
    for (const areaClass of Object.values(DEFAULT_RULESET.countyAreaClasses)) counts[areaClass] += 1;
    expect(counts).toEqual({ 'greater-than-80': 18, '50-to-80': 8, 'less-than-50': 61 });
    expect(DEFAULT_RULESET.countyAreaClasses['27137']).toBe('greater-than-80');
    expect(DEFAULT_RULESET.countyAreaClasses['27003']).toBe('50-to-80');
    expect(DEFAULT_RULESET.countyAreaClasses['27109']).toBe('less-than-50');
  });
});
