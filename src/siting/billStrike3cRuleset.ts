import { DEFAULT_RULESET, PRIORITY_LEVELS_WITH_3C } from './defaultRuleset.ts';
import type { RuleSet } from './ruleset.ts';

/**
 * NOT ENACTED. The 2026 bill SF 4911 / HF 4764 would strike subd. 3(c), so bank credits would
 * follow the same priority order as project-specific replacement. This variant exists to show
 * that a change in the law is a change of data: it differs from the default only in its table.
 * Its status (`bill`) is said in every output under it; see src/siting/LAW.md for where it was
 * verified.
 */
export const BILL_2026_STRIKE_3C_RULESET: RuleSet = {
  ...DEFAULT_RULESET,
  id: 'mn-103G.222-sf4911-draft',
  title: 'Draft: 2026 bill SF 4911 / HF 4764 striking subd. 3(c) (not enacted)',
  enacted: false,
  bill: {
    name: 'SF 4911 / HF 4764 (94th Legislature, 2026)',
    change:
      'would strike 103G.222 subd. 3(c), so bank credits follow the same priority order as project-specific sites, one ladder for both (clauses are cited as the enacted text letters them)',
    status:
      'introduced (HF 4764 as introduced, posted 2026-03-26); its passage and enactment were not verified',
    seen: 'revisor.mn.gov/bills/94/2026/0/HF/4764/versions/0',
  },
  // Without 3(c) nothing starts banking at level 3: subd. 3(a) orders "all wetland replacement".
  ladders: 'one',
  description:
    'Not law. As the default rule set, but without subd. 3(c): bank credits may reach priority levels 1 and 2, and one ladder orders sites and banks.',
  priorityLevels: PRIORITY_LEVELS_WITH_3C.map((level) => ({ ...level, closedTo: [] })),
};
