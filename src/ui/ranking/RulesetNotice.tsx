/**
 * Where a ranking applied a rule set that is not law (a bill), the line saying so, with the
 * bill's status as verified — read from the rule set's data (rulesetNotice), the same line the
 * CLI, batch CSV and the exports carry. Nothing for the enacted text. Shared by the ranking
 * table, the report and hearing mode.
 */
import { type RankResult, rulesetNoticeById } from '../../siting';

export function RulesetNotice({ result, className }: { result: RankResult; className?: string }) {
  const notice = rulesetNoticeById(result.ruleset);
  if (notice === null) return null;
  return (
    <p role="note" aria-label="Rule set not enacted" className={className ?? 'ruleset-notice'}>
      <strong>{notice}</strong>
    </p>
  );
}
