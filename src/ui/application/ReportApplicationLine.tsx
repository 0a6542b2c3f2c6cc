/**
 * The screening report's line for the withdrawal application prepared last (issue 37): its bank,
 * the credits from each subgroup and any shortfall, worked out by the same engine as the form.
 */

import { roundAcres } from '../../siting/roundForDisplay';
import { withdrawalApplication } from '../../siting/withdrawalApplication';
import { Citation } from '../ranking/Citation';
import type { SitingResults } from '../ranking/useSitingResults';
import { useApplicationStore } from './applicationStore';

const figure = (n: number) => String(roundAcres(n));

export function ReportApplicationLine({ results }: { results: SitingResults }) {
  const draft = useApplicationStore((s) => s.draft);
  const id = draft.preparedFor;
  const ranked = id ? results.result?.candidates.find((c) => c.id === id) : undefined;
  const candidate = id ? results.scenario?.candidates.find((c) => c.id === id) : undefined;
  if (!id || !ranked || !candidate || !results.result || !results.scenario) return null;
  const outcome = withdrawalApplication({
    result: results.result,
    ranked,
    candidate,
    impact: results.scenario.impact,
    account: { number: null, owner: null },
    plan: draft.plan,
    choices: draft.choices[id] ?? null,
    demonstration: false,
    sources: [],
  });
  if (!outcome.ok) return null;
  const app = outcome.application;
  const rows = app.withdrawals.map(
    (w) => `${figure(w.credits)} from ${w.subgroup ? `subgroup ${w.subgroup}` : `row ${w.row}`}`,
  );
  return (
    <p className="report-application">
      Withdrawal application prepared: {candidate.name ?? id}, {figure(app.creditsWithdrawn)} credits (
      {rows.join(', ')})
      {app.shortfall > 0 ? `; ${figure(app.shortfall)} acres short, to be replaced elsewhere` : ''}.{' '}
      <Citation cite="Minn. R. 8420.0745" />
    </p>
  );
}
