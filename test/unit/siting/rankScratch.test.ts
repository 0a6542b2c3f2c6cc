import { describe, expect, it } from 'vitest';
import { generateCandidates } from '../../../bench/generateScenario.ts';
import { DEFAULT_RULESET } from '../../../src/siting/defaultRuleset.ts';
import { rankCompact } from '../../../src/siting/rankCompact.ts';
import { giveBackRankScratch, takeRankScratch } from '../../../src/siting/rankScratch.ts';
import type { ExclusionRule, RuleSet } from '../../../src/siting/ruleset.ts';
import type { Impact } from '../../../src/siting/types.ts';
import { referenceRankScenario } from './reference/rankScenario.ts';

const impact: Impact = {
  location: [-92.47, 44.02],
  units: { minorWatershed: '41001', bankServiceArea: 9, county: '27109' },
  acres: 1,
  land: 'nonagricultural',
  cultivatedField: false,
  project: 'general',
  afterTheFact: false,
};

const idsOf = (ranking: ReturnType<typeof rankCompact>, candidates: { id: string }[]) =>
  Array.from(ranking.order, (index) => (candidates[index] as { id: string }).id);

describe('rank scratch', () => {
  it('a ranking after a larger one (the scratch holds its leftovers) ranks as the object ranking', () => {
    const large = generateCandidates(3000, 5);
    const small = generateCandidates(700, 6);
    rankCompact({ impact, candidates: large });
    const ranking = rankCompact({ impact, candidates: small });
    expect(idsOf(ranking, small)).toEqual(
      referenceRankScenario({ impact, candidates: small }).candidates.map((row) => row.id),
    );
  });

  it('a ranking started inside another (a rule that ranks) gets its own memory', () => {
    const inner = generateCandidates(500, 7);
    const outer = generateCandidates(800, 8);
    let innerIds: string[] = [];
    const ranking: ExclusionRule = {
      id: 'ranks-inside',
      cite: 'test',
      summary: 'ranks another scenario while it decides',
      evaluate() {
        innerIds = idsOf(rankCompact({ impact, candidates: inner }), inner);
        return null;
      },
    };
    const ruleset: RuleSet = { ...DEFAULT_RULESET, exclusions: [...DEFAULT_RULESET.exclusions, ranking] };
    const ranked = rankCompact({ impact, candidates: outer }, { ruleset });
    expect(idsOf(ranked, outer)).toEqual(
      referenceRankScenario({ impact, candidates: outer }).candidates.map((row) => row.id),
    );
    expect(innerIds).toEqual(
      referenceRankScenario({ impact, candidates: inner }).candidates.map((row) => row.id),
    );
  });

  it('hands out separate memory while one is taken, and the kept one again once given back', () => {
    const first = takeRankScratch(10);
    const second = takeRankScratch(10);
    expect(second.records.buffer).not.toBe(first.records.buffer);
    giveBackRankScratch(first);
    giveBackRankScratch(second);
    const again = takeRankScratch(5);
    expect([first.records.buffer, second.records.buffer]).toContain(again.records.buffer);
    expect(again.records.length).toBe(10);
    giveBackRankScratch(again);
  });
});
