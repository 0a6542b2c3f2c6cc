/**
 * Which of the bank's pools the application withdraws from, and how much (issue 37): each pool
 * that can serve the plan with a credits field (never more than it lists), each that cannot with
 * the reason; "Fill to cover" goes back to the default fill. Screen only: the form prints the result.
 */
import { useState } from 'react';
import { APPROVAL_WORDS } from '../../siting/bankCredits';
import { roundAcres } from '../../siting/roundForDisplay';
import { type PoolChoice, type PoolUse, poolName } from '../../siting/withdrawalPools';
import { useApplicationStore } from './applicationStore';

const figure = (n: number) => String(roundAcres(n));

export function PoolEditor({
  bankId,
  uses,
  chosen,
  error,
}: {
  bankId: string;
  uses: readonly PoolUse[];
  /** The credits per pool on the form now (the planner's, or the default fill). */
  chosen: readonly PoolChoice[];
  error: string | null;
}) {
  // What is being typed, kept as typed until it reads as a number (an empty field is 0).
  const [typing, setTyping] = useState<Record<string, string>>({});
  const credits = new Map(chosen.map((c) => [c.key, c.credits]));
  const setCredits = (key: string, text: string) => {
    setTyping((t) => ({ ...t, [key]: text }));
    const value = text.trim() === '' ? 0 : Number(text);
    if (!Number.isFinite(value)) return;
    const next = uses
      .filter((use) => use.serves)
      .map((use) => ({ key: use.key, credits: use.key === key ? value : (credits.get(use.key) ?? 0) }))
      .filter((c) => c.credits !== 0 || c.key === key);
    useApplicationStore.getState().setChoices(bankId, next);
  };
  return (
    <section className="application-pools" aria-labelledby="application-pools-title">
      <h3 id="application-pools-title">Pools for this application</h3>
      <table>
        <caption className="visually-hidden">The bank's credit pools</caption>
        <thead>
          <tr>
            <th scope="col">Pool</th>
            <th scope="col">Approval</th>
            <th scope="col">Lists</th>
            <th scope="col">Credits withdrawn</th>
          </tr>
        </thead>
        <tbody>
          {uses.map((use) => {
            const name = poolName(use.pool);
            return (
              <tr key={use.key}>
                <th scope="row">{name}</th>
                <td>
                  {use.pool.approval
                    ? APPROVAL_WORDS[use.pool.approval]
                    : `RIBITS ${use.pool.jurisdiction ?? ''}`}
                </td>
                <td>
                  {use.acres === null ? `${use.pool.available} credits` : `${figure(use.acres)} acres`} (as of{' '}
                  {use.pool.asOf ?? 'not stated'})
                </td>
                <td>
                  {use.serves ? (
                    <input
                      type="number"
                      min={0}
                      max={use.acres ?? undefined}
                      step="any"
                      inputMode="decimal"
                      aria-label={`Credits from ${name}`}
                      value={typing[use.key] ?? figure(credits.get(use.key) ?? 0)}
                      onChange={(event) => setCredits(use.key, event.target.value)}
                      onBlur={() => setTyping(({ [use.key]: _typed, ...rest }) => rest)}
                    />
                  ) : (
                    <span>Not on the form: {use.refusal}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <button
        type="button"
        onClick={() => {
          setTyping({});
          useApplicationStore.getState().setChoices(bankId, null);
        }}
      >
        Fill to cover the credits required
      </button>
    </section>
  );
}
