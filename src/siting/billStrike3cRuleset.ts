import { DEFAULT_RULESET, PRIORITY_LEVELS_WITH_3C } from './defaultRuleset.ts';
import type { RuleSet } from './ruleset.ts';

/**
 * NOT ENACTED. The 2026 bill SF 4911 / HF 4764 would strike subd. 3(c), so bank credits would
 * follow the same priority order as project-specific replacement. This variant exists to show
 * that a change in the law is a change of data: it differs from the default only in its table.
 */
export const BILL_2026_STRIKE_3C_RULESET: RuleSet = {
  ...DEFAULT_RULESET,
  id: 'mn-103G.222-sf4911-draft',
  title: 'Draft: 2026 bill SF 4911 / HF 4764 striking subd. 3(c) (not enacted)',
  enacted: false,
  description:
    'Not law. As the default rule set, but without subd. 3(c): bank credits may reach priority levels 1 and 2.',
  priorityLevels: PRIORITY_LEVELS_WITH_3C.map((level) => ({ ...level, closedTo: [] })),
};
