/**
 * Bank credits in the page (issue 21): "Load credit listing…" (read in a Web Worker by the
 * src/formats readers, with progress, a column-mapping dialog when the headers do not match, and
 * bad rows named by row and column, kept out only if the user agrees), the as-of date the user
 * gives, the listings kept in this browser until "Remove", the approval filter, and the supply of
 * the impact's bank service area and its neighbours. Loaded lazily (LazyCreditsPanel).
 */

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CreditListing } from '../../formats/credits/creditTypes';
import { dateStamp } from '../../formats/dateStamp';
import type { Manifest } from '../../formats/manifest';
import { decodeText, encodingNotice } from '../../formats/text/decodeText';
import type { ApprovalFilter } from '../../siting';
import type { SitingResults } from '../ranking/useSitingResults';
import { bsaNeighbours } from './bsaNeighbours';
import { CreditColumnsDialog } from './CreditColumnsDialog';
import type { CreditPools } from './creditPoolsOf';
import { creditSupply } from './creditSupply';
import { ledgerFigure, ledgerSupplyView } from './ledgerSupplyView';
import type { LoadedListing } from './loadedListing';
import { loadedMessage } from './loadedMessage';
import { type LedgersAnswer, loadLedgers } from './loadLedgers';
import { readListingInWorker } from './readListingInWorker';

/**
 * What the panel reads of the page, handed in by LazyCreditsPanel: the stores stay in the page's
 * first JavaScript and this chunk shares none of their modules (a shared module splits them off
 * into a chunk of their own, which costs the first load).
 */
export interface CreditsPanelProps {
  results: SitingResults;
  pools: CreditPools | null;
  manifest: Manifest | null;
  baseUrl: string;
  listings: LoadedListing[];
  add: (listing: LoadedListing) => void;
  remove: (id: string) => void;
  approval: ApprovalFilter | null;
  setApproval: (approval: ApprovalFilter | null) => void;
  storageError: string | null;
  /** The notice to confirm availability with BWSR, with its citation (CONFIRM_WITH_BWSR). */
  confirm: { text: string; cite: string };
}

type Step =
  | { kind: 'idle' }
  | { kind: 'reading'; message: string }
  | {
      kind: 'mapping';
      text: string;
      file: string;
      fileDate: string | null;
      notices: string[];
      message: string;
      headers: string[];
    }
  | { kind: 'bad'; listing: CreditListing }
  | { kind: 'error'; message: string }
  | { kind: 'done'; message: string };

const APPROVALS: { value: ApprovalFilter | ''; label: string }[] = [
  { value: '', label: 'Any approval' },
  { value: 'wca', label: 'WCA (WCA only, or both)' },
  { value: '404', label: 'Section 404 (404 only, or both)' },
  { value: 'both', label: 'Both WCA and Section 404' },
];

export function CreditsPanel(props: CreditsPanelProps) {
  const { results, pools, listings, add, remove, approval, setApproval, storageError } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [asOf, setAsOf] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const keep = (listing: CreditListing, leftOut: CreditListing['bad']) => {
    add({
      id: `${Date.now()}-${listing.file}`,
      file: listing.file,
      kind: listing.kind,
      asOf: asOf || null,
      loadedAt: new Date().toISOString(),
      rows: listing.rows,
      leftOut,
    });
    setStep({
      kind: 'done',
      message: loadedMessage(listing.file, listing.rows.length, leftOut, listing.notices ?? []),
    });
  };

  const read = async (
    text: string,
    file: string,
    fileDate: string | null,
    notices: string[],
    rename?: Record<string, string>,
  ) => {
    setStep({ kind: 'reading', message: `Reading ${file}…` });
    const answer = await readListingInWorker(
      { text, file, asOf: asOf || null, fileDate, rename, notices, today: dateStamp() },
      (message) => setStep({ kind: 'reading', message }),
    );
    if (answer.kind === 'error') {
      // A required column not found: ask which column holds it.
      if (answer.column !== null && answer.headers.length > 0 && !rename)
        setStep({
          kind: 'mapping',
          text,
          file,
          fileDate,
          notices,
          message: answer.message,
          headers: answer.headers,
        });
      else setStep({ kind: 'error', message: answer.message });
      return;
    }
    if (answer.listing.bad.length > 0) setStep({ kind: 'bad', listing: answer.listing });
    else keep(answer.listing, []);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const fileDate = Number.isFinite(file.lastModified)
      ? new Date(file.lastModified).toISOString().slice(0, 10)
      : null;
    // In the encoding it was saved in (a Windows "ANSI" file is not UTF-8), said when not UTF-8.
    const decoded = decodeText(new Uint8Array(await file.arrayBuffer()));
    const notice = encodingNotice(file.name, decoded);
    await read(decoded.text, file.name, fileDate, notice === null ? [] : [notice]);
    if (input.current) input.current.value = '';
  };

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Bank credits</h2>
      <p className="hint">
        {pools === null
          ? 'Credits not loaded: bank rows show no credit figures. Load a RIBITS Credit Classification report or BWSR’s Available Wetland Bank Credits Listing (in the project’s template, data/templates/bwsr-credit-listing-template.csv).'
          : `${props.confirm.text} (${props.confirm.cite})`}
      </p>
      <div className="row wrap">
        <label htmlFor={`${id}-asof`}>As-of date (used where the file states none)</label>
        <input id={`${id}-asof`} type="date" value={asOf} onChange={(event) => setAsOf(event.target.value)} />
      </div>
      <div className="row wrap">
        <button type="button" onClick={() => input.current?.click()} disabled={step.kind === 'reading'}>
          Load credit listing…
        </button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="visually-hidden"
          aria-label="Credit listing file"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </div>
      {step.kind === 'reading' && (
        <p role="status">
          <progress aria-label="Reading the credit listing" /> {step.message}
        </p>
      )}
      {(step.kind === 'done' || step.kind === 'error') && (
        <p
          role={step.kind === 'error' ? 'alert' : 'status'}
          className={step.kind === 'error' ? 'field-error' : 'hint'}
        >
          {step.message}
        </p>
      )}
      {step.kind === 'mapping' && (
        <CreditColumnsDialog
          fileName={step.file}
          message={step.message}
          headers={step.headers}
          onRead={(rename) => void read(step.text, step.file, step.fileDate, step.notices, rename)}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      )}
      {step.kind === 'bad' && (
        <div role="alertdialog" aria-labelledby={`${id}-bad`} className="card">
          <p id={`${id}-bad`}>
            {step.listing.file}: {new Set(step.listing.bad.map((b) => b.row)).size} rows cannot be read. Keep
            the {step.listing.rows.length} good rows and leave these out?
          </p>
          <ul>
            {step.listing.bad.slice(0, 20).map((bad) => (
              <li key={`${bad.row}-${bad.column}`}>
                Row {bad.row}
                {bad.column ? `, column ${bad.column}` : ''}: {bad.message}
              </li>
            ))}
            {step.listing.bad.length > 20 && <li>and {step.listing.bad.length - 20} more</li>}
          </ul>
          <div className="row">
            <button type="button" onClick={() => keep(step.listing, step.listing.bad)}>
              Keep the good rows
            </button>
            <button
              type="button"
              onClick={() => setStep({ kind: 'error', message: `${step.listing.file}: not loaded.` })}
            >
              Do not load
            </button>
          </div>
        </div>
      )}
      {storageError && (
        <p className="field-error" role="alert">
          {storageError}
        </p>
      )}
      {listings.length > 0 && (
        <ul aria-label="Loaded credit listings">
          {listings.map((listing) => (
            <li key={listing.id}>
              {listing.file}: {listing.rows.length} rows
              {listing.asOf ? `, as of ${listing.asOf} (given)` : ''}, loaded {listing.loadedAt.slice(0, 10)}{' '}
              <button type="button" onClick={() => remove(listing.id)} aria-label={`Remove ${listing.file}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {pools?.loaded && pools.loaded.unmatched.length > 0 && (
        <details>
          <summary>{pools.loaded.unmatched.length} listing rows match no bank (for review)</summary>
          <ul>
            {pools.loaded.unmatched.slice(0, 50).map((row) => (
              <li key={`${row.file}-${row.row}`}>
                {row.file} row {row.row}: {row.bankName} — {row.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="row wrap">
        <label htmlFor={`${id}-approval`}>Banks with credits of approval</label>
        <select
          id={`${id}-approval`}
          value={approval ?? ''}
          onChange={(event) => setApproval((event.target.value || null) as ApprovalFilter | null)}
        >
          {APPROVALS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {approval && (
        <p className="hint">
          Banks without credits of this approval in a loaded listing are left out of the ranking.
        </p>
      )}
      <SupplyPanel
        results={results}
        bySite={pools?.bySite ?? null}
        manifest={props.manifest}
        baseUrl={props.baseUrl}
      />
    </section>
  );
}

function SupplyPanel({
  results,
  bySite,
  manifest,
  baseUrl,
}: {
  results: SitingResults;
  bySite: CreditPools['bySite'] | null;
  manifest: Manifest | null;
  baseUrl: string;
}) {
  const area = results.result?.impact.units.bankServiceArea ?? null;
  const [neighbours, setNeighbours] = useState<number[] | null>(null);
  useEffect(() => {
    if (!manifest || area === null) return;
    let live = true;
    void bsaNeighbours(manifest, baseUrl).then((found) => live && setNeighbours(found.get(area) ?? []));
    return () => {
      live = false;
    };
  }, [manifest, baseUrl, area]);
  const areas = useMemo(() => (area === null ? [] : [area, ...(neighbours ?? [])]), [area, neighbours]);
  const rows = useMemo(
    () => (bySite && results.scenario ? creditSupply(results.scenario.candidates, bySite, areas) : []),
    [bySite, results.scenario, areas],
  );
  const [ledgers, setLedgers] = useState<LedgersAnswer | null>(null);
  useEffect(() => {
    if (!manifest) return;
    let live = true;
    void loadLedgers(baseUrl, manifest.bankRecords ?? null).then((answer) => live && setLedgers(answer));
    return () => {
      live = false;
    };
  }, [manifest, baseUrl]);
  const ledgerView = useMemo(
    () =>
      ledgers?.kind === 'loaded' && results.scenario
        ? ledgerSupplyView(results.scenario.candidates, bySite, ledgers.loaded, areas)
        : null,
    [ledgers, bySite, results.scenario, areas],
  );
  if (area === null) return null;
  return (
    <section aria-label="Credit supply near the impact">
      <h3>Credit supply: bank service area {area} and its neighbours</h3>
      <p className="hint">
        Neighbours: {neighbours === null ? '…' : neighbours.length ? neighbours.join(', ') : 'none known'}.
        Pools of one approval, type and unit added over the area’s banks; different approvals, types and units
        are never added.
      </p>
      {bySite === null ? (
        <p>Credits not loaded: no supply figures.</p>
      ) : rows.length === 0 ? (
        <p>No credits listed for these bank service areas.</p>
      ) : (
        <table>
          <caption className="visually-hidden">
            Credits available by bank service area, approval and type
          </caption>
          <thead>
            <tr>
              <th scope="col">BSA</th>
              <th scope="col">Approval</th>
              <th scope="col">Type</th>
              <th scope="col">Available</th>
              <th scope="col">Banks</th>
              <th scope="col">Oldest as of</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.bankServiceArea}-${row.approval}-${row.type}-${row.unit}`}>
                <td>{row.bankServiceArea}</td>
                <td>{row.approval}</td>
                <td>{row.type}</td>
                <td>
                  {Math.round(row.available * 10_000) / 10_000} {row.unit}
                </td>
                <td>{row.banks}</td>
                <td>{row.oldestAsOf ?? 'unknown'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LedgerSupply answer={ledgers} view={ledgerView} />
    </section>
  );
}

function LedgerSupply({
  answer,
  view,
}: {
  answer: LedgersAnswer | null;
  view: ReturnType<typeof ledgerSupplyView> | null;
}) {
  if (answer === null) return <p role="status">Reading the RIBITS ledgers…</p>;
  if (answer.kind === 'none') return <p>{answer.why}</p>;
  if (view === null) return null;
  return (
    <section aria-label="Withdrawals per year and years of supply">
      <h4>Withdrawals per year and years of supply</h4>
      <p className="hint">
        {view.label}. Only ledger entries whose type is a withdrawal count; each jurisdiction apart; years of
        supply = available credits (RIBITS Credit Classification report, same jurisdiction) ÷ credits
        withdrawn per year.
      </p>
      {view.banks.length === 0 ? (
        <p>No bank of these bank service areas has a RIBITS ledger.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Withdrawals per year and years of supply, by bank</caption>
          <thead>
            <tr>
              <th scope="col">BSA</th>
              <th scope="col">Bank</th>
              <th scope="col">Jurisdiction</th>
              <th scope="col">Withdrawn per year</th>
              <th scope="col">Available</th>
              <th scope="col">Years of supply</th>
              <th scope="col">Window</th>
            </tr>
          </thead>
          <tbody>
            {view.areas.map((row) => (
              <tr key={`area-${row.bankServiceArea}-${row.jurisdiction}`}>
                <td>{row.bankServiceArea}</td>
                <td>
                  Area total: {row.banks} of {row.banks + row.banksLeftOut} bank(s) with a ledger have both a
                  rate and an available figure
                </td>
                <td>{row.jurisdiction}</td>
                <td>{row.banks ? `${ledgerFigure(row.perYear)} credits` : '—'}</td>
                <td>{row.banks ? `${ledgerFigure(row.available)} credits` : '—'}</td>
                <td>
                  {row.yearsOfSupply === null ? `none: ${row.reason}` : ledgerFigure(row.yearsOfSupply)}
                </td>
                <td>as stated above</td>
              </tr>
            ))}
            {view.banks.flatMap((bank) =>
              bank.rows.length === 0
                ? [
                    <tr key={bank.siteId}>
                      <td>{bank.bankServiceArea}</td>
                      <td>{bank.name}</td>
                      <td colSpan={5}>{bank.reason}</td>
                    </tr>,
                  ]
                : bank.rows.map((row) => (
                    <tr key={`${bank.siteId}-${row.jurisdiction}`}>
                      <td>{bank.bankServiceArea}</td>
                      <td>{bank.name}</td>
                      <td>{row.jurisdiction}</td>
                      <td>
                        {ledgerFigure(row.perYear)} credits ({row.withdrawals} withdrawal
                        {row.withdrawals === 1 ? '' : 's'})
                      </td>
                      <td>
                        {row.available === null ? '—' : `${ledgerFigure(row.available)} credits`}
                        {row.availableAsOf ? ` as of ${row.availableAsOf}` : ''}
                      </td>
                      <td>
                        {row.yearsOfSupply === null ? `none: ${row.reason}` : ledgerFigure(row.yearsOfSupply)}
                      </td>
                      <td>
                        {bank.window?.from} to {bank.window?.to}
                        {bank.skipped.length ? `; ${bank.skipped.length} entries unreadable, left out` : ''}
                      </td>
                    </tr>
                  )),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
