/**
 * Bank credits in the page (issue 21): "Load credit listing…" (read in a Web Worker by the
 * src/formats readers, with progress, a column-mapping dialog when the headers do not match, and
 * bad rows named by row and column, kept out only if the user agrees), the as-of date the user
 * gives, the listings kept in this browser until "Remove", the approval filter, and the supply of
 * the impact's bank service area and its neighbours. Loaded lazily (LazyCreditsPanel).
 */

import { useId, useRef, useState } from 'react';
import type { CreditListing } from '../../formats/credits/creditTypes';
import { dateStamp } from '../../formats/dateStamp';
import type { Manifest } from '../../formats/manifest';
import { decodeText, encodingNotice } from '../../formats/text/decodeText';
import type { ApprovalFilter } from '../../siting';
import type { SitingResults } from '../ranking/useSitingResults';
import { CreditColumnsDialog } from './CreditColumnsDialog';
import type { CreditPools } from './creditPoolsOf';
import type { LoadedListing } from './loadedListing';
import { loadedMessage } from './loadedMessage';
import { readListingInWorker } from './readListingInWorker';
import { SupplyPanel } from './SupplyPanel';

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
