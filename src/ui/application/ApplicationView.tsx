/**
 * The withdrawal application for one ranked bank (issue 37), over the page: the controls (the
 * approval it rests on, print, CSV and JSON), the filled-in Letter page, and the pools it
 * withdraws from. When no application can be prepared, the reason instead. Loaded when first
 * opened; printing prints this page, not the screening report.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { applicationCsv, applicationJson } from '../../exports/applicationOutput';
import type { LguPlace } from '../../geo/lguPlaceAt';
import { withdrawalApplication } from '../../siting/withdrawalApplication';
import {
  defaultWithdrawals,
  PLAN_APPROVAL_WORDS,
  PLAN_APPROVALS,
  poolUses,
} from '../../siting/withdrawalPools';
import { useLayerStore } from '../../store/layerStore';
import { downloadFile } from '../exports/downloadFile';
import { Citation } from '../ranking/Citation';
import type { SitingResults } from '../ranking/useSitingResults';
import { ApplicationForm } from './ApplicationForm';
import { accountOf, lguOf } from './applicationData';
import { useApplicationOpen } from './applicationOpen';
import { useApplicationStore } from './applicationStore';
import { PoolEditor } from './PoolEditor';
import './application.css';

const today = () => new Date().toISOString().slice(0, 10);

function useLookups(bankId: string, results: SitingResults) {
  const manifest = useLayerStore((s) => s.manifest);
  const baseUrl = useLayerStore((s) => s.baseUrl);
  const [account, setAccount] = useState<Awaited<ReturnType<typeof accountOf>> | null>(null);
  const [lgu, setLgu] = useState<LguPlace | string | null>(null);
  const point = results.scenario?.impact.location ?? null;
  const county = results.result?.impact.units.county ?? null;
  useEffect(() => {
    if (!manifest) return;
    let live = true;
    void accountOf(baseUrl, manifest, bankId).then((found) => live && setAccount(found));
    return () => {
      live = false;
    };
  }, [manifest, baseUrl, bankId]);
  useEffect(() => {
    if (!manifest) return;
    let live = true;
    setLgu(null);
    void lguOf(baseUrl, manifest, point, county).then((found) => live && setLgu(found));
    return () => {
      live = false;
    };
  }, [manifest, baseUrl, point, county]);
  return { manifest, account, lgu };
}

export function ApplicationView({ bankId, results }: { bankId: string; results: SitingResults }) {
  const draft = useApplicationStore((s) => s.draft);
  const { manifest, account, lgu } = useLookups(bankId, results);
  const heading = useRef<HTMLHeadingElement>(null);
  const ranked = results.result?.candidates.find((c) => c.id === bankId) ?? null;
  const candidate = results.scenario?.candidates.find((c) => c.id === bankId) ?? null;
  const impact = results.scenario?.impact ?? null;
  const outcome = useMemo(() => {
    if (!results.result || !ranked || !candidate || !impact) return null;
    return withdrawalApplication({
      result: results.result,
      ranked,
      candidate,
      impact,
      account: account?.account ?? { number: null, owner: null },
      plan: draft.plan,
      choices: draft.choices[bankId] ?? null,
      demonstration: manifest?.demonstration ?? false,
      sources: [
        `Units: the layers of the build of ${manifest?.generatedAt.slice(0, 10) ?? '—'} loaded on this page`,
        `Bank records: ${manifest?.bankRecords ? `${manifest.bankRecords.source}, as of ${manifest.bankRecords.asOf}` : 'none'}`,
        'Credit pools: the listings named in section 4',
      ],
    });
  }, [results.result, ranked, candidate, impact, account, draft.plan, draft.choices, bankId, manifest]);
  const uses = useMemo(
    () => poolUses(candidate?.creditPools ?? [], draft.plan, impact?.wetlandType),
    [candidate, draft.plan, impact],
  );
  const chosen =
    draft.choices[bankId] ?? defaultWithdrawals(uses, results.result?.requirement.replacementAcres ?? 0);
  const ok = outcome?.ok ? outcome.application : null;

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    // The report names the bank and credits of the application prepared last.
    if (ok) useApplicationStore.getState().setPrepared(bankId);
  }, [ok, bankId]);

  const close = () => useApplicationOpen.getState().close();
  const stamp = today();
  const name = candidate?.name ?? bankId;
  return (
    <div
      className="application-host"
      role="dialog"
      aria-modal="true"
      aria-label={`Withdrawal application: ${name}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className="application-controls">
        <h2 ref={heading} tabIndex={-1}>
          Withdrawal application: {name}
        </h2>
        <fieldset>
          <legend>The approval the withdrawal rests on</legend>
          {PLAN_APPROVALS.map((plan) => (
            <label key={plan}>
              <input
                type="radio"
                name="application-plan"
                checked={draft.plan === plan}
                onChange={() => useApplicationStore.getState().setPlan(plan)}
              />{' '}
              {PLAN_APPROVAL_WORDS[plan]}
            </label>
          ))}
          <p className="hint">
            A USDA program decision uses BWSR's agricultural withdrawal form; not prepared here.
          </p>
        </fieldset>
        <div className="application-buttons">
          <button type="button" disabled={!ok} onClick={() => window.print()}>
            Print the application
          </button>
          <button
            type="button"
            disabled={!ok}
            onClick={() =>
              ok &&
              downloadFile(
                `withdrawal-application-${stamp}.csv`,
                'text/csv;charset=utf-8',
                applicationCsv(ok, draft),
              )
            }
          >
            Download the application (CSV)
          </button>
          <button
            type="button"
            disabled={!ok}
            onClick={() => {
              if (!ok) return;
              const json = applicationJson(ok, {
                lgu: typeof lgu === 'object' ? lgu : null,
                draft,
                generatedAt: new Date().toISOString(),
              });
              downloadFile(
                `withdrawal-application-${stamp}.json`,
                'application/json',
                `${JSON.stringify(json, null, 2)}\n`,
              );
            }}
          >
            Download the application (JSON)
          </button>
          <button type="button" onClick={close}>
            Close the application
          </button>
        </div>
      </div>
      {outcome === null && <p role="status">The ranking is not ready: no application can be prepared yet.</p>}
      {outcome && !outcome.ok && outcome.refusal !== 'bad-choice' && (
        <p role="alert" className="application-refused">
          No withdrawal application for {name}: {outcome.reason.text} <Citation cite={outcome.reason.cite} />
        </p>
      )}
      {ok && (
        <ApplicationForm
          app={ok}
          lgu={lgu}
          accountNotes={account}
          buildDate={manifest?.generatedAt.slice(0, 10) ?? '—'}
          today={stamp}
        />
      )}
      {candidate?.creditPools && candidate.creditPools.length > 0 && (
        <PoolEditor
          bankId={bankId}
          uses={uses}
          chosen={chosen}
          error={outcome && !outcome.ok && outcome.refusal === 'bad-choice' ? outcome.reason.text : null}
        />
      )}
    </div>
  );
}
