/**
 * Losses and replacements (issue 34, item 4): load a RIBITS ledger export ("Load RIBITS
 * ledger…", kept on this device until removed), the card for the chosen place's major watershed,
 * the map layer's legend and jurisdiction, what was not counted, and the CSV by major or by BSA.
 */
import { useRef, useState } from 'react';
import { flowsCsv } from '../../exports/flowsCsv';
import type { FlowReport } from '../../siting/ledgerFlows';
import { useSitingStore } from '../../store/sitingStore';
import { dateStamp, downloadFile } from '../exports/downloadFile';
import type { PlaceUnits } from '../location/placeUnits';
import { useFlowsStore } from './flowsStore';
import { FLOW_LINE_COLOUR, NO_WITHDRAWAL_COLOUR, SHARE_STEPS, shownJurisdiction } from './flowsView';
import { LossesAndReplacements } from './LossesAndReplacements';
import type { PageLedger } from './pageLedgersDb';
import { useFlows } from './useFlows';

/** Largest file read on the page (the reader refuses a larger text too). */
const MAX_FILE_BYTES = 50_000_000;

type Pending = { ledger: PageLedger; badRows: number; shown: string[] };

async function readLedgerFile(file: File): Promise<{ ledger: PageLedger; badRows: number; shown: string[] }> {
  if (file.size > MAX_FILE_BYTES)
    throw new Error(
      `${file.name}: ${file.size.toLocaleString('en-US')} bytes, more than a ledger export holds`,
    );
  const text = await file.text();
  const { readLedgerExport } = await import('../../formats/ledgers/readLedgerExport');
  const read = readLedgerExport(text, file.name);
  const badRows = new Set(read.bad.map((b) => b.row)).size;
  return {
    ledger: {
      id: `${file.name}:${file.lastModified}:${file.size}`,
      name: file.name,
      asOf: new Date(file.lastModified || Date.now()).toISOString().slice(0, 10),
      text,
      skipBadRows: badRows > 0,
    },
    badRows,
    shown: read.bad.slice(0, 5).map((b) => b.message),
  };
}

/** Downloads one accounting as the `siting flows` CSV; disabled until a ledger is accounted. */
function CsvButton({
  report,
  file,
  children,
}: {
  report: FlowReport | null;
  file: string;
  children: string;
}) {
  return (
    <button
      type="button"
      disabled={!report}
      onClick={() =>
        report &&
        downloadFile(
          `losses-and-replacements-${file}-${dateStamp()}.csv`,
          'text/csv;charset=utf-8',
          flowsCsv(report),
        )
      }
    >
      {children}
    </button>
  );
}

export function FlowsPanel({ place }: { place: PlaceUnits | null }) {
  const answer = useFlows();
  const { ledgers, add, remove, storageError, jurisdiction, setJurisdiction } = useFlowsStore();
  const layerOn = useSitingStore((state) => state.layers.flows.visible);
  const setLayer = useSitingStore((state) => state.setLayer);
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const view = answer?.kind === 'ready' ? answer.view : null;
  const shown = view ? shownJurisdiction(view, jurisdiction) : null;
  const major = place?.inMinnesota ? (place.majorWatershed ?? null) : null;
  return (
    <section className="card flows-panel" aria-labelledby="flows-heading">
      <h2 id="flows-heading">Losses and replacements</h2>
      <LossesAndReplacements major={major} />
      {/* The layer, its jurisdiction and legend once there is something to draw. */}
      {view && (
        <>
          <label className="inline">
            <input
              type="checkbox"
              checked={layerOn}
              onChange={(event) => setLayer('flows', { visible: event.target.checked })}
            />
            Show losses and replacements on the map
          </label>
          {view.jurisdictions.length > 1 && (
            <label>
              Jurisdiction (never added together){' '}
              <select value={shown ?? ''} onChange={(event) => setJurisdiction(event.target.value)}>
                {view.jurisdictions.map((j) => (
                  <option key={j}>{j}</option>
                ))}
              </select>
            </label>
          )}
          <ul className="legend" aria-label="Losses and replacements legend">
            <li>
              Major watersheds by the share of credits withdrawn for their impacts that came from banks in the
              same major{shown ? ` (${shown})` : ''}:
            </li>
            {SHARE_STEPS.map((step) => (
              <li key={step.from}>
                <span className="swatch fill" style={{ background: step.colour }} aria-hidden="true" />{' '}
                {step.label}
              </li>
            ))}
            <li>
              <span className="swatch fill" style={{ background: NO_WITHDRAWAL_COLOUR }} aria-hidden="true" />{' '}
              No withdrawal for impacts in it
            </li>
            <li>
              <span
                className="swatch line thick"
                style={{ borderColor: FLOW_LINE_COLOUR }}
                aria-hidden="true"
              />{' '}
              A line from an impact’s major watershed to the bank that sold the credits; wider for more
              credits
            </li>
          </ul>
        </>
      )}
      {view && view.notices.length > 0 && (
        <details>
          <summary>Not counted ({view.notices.length})</summary>
          <ul>
            {view.notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="row wrap button-row">
        <button type="button" onClick={() => fileInput.current?.click()}>
          Load RIBITS ledger…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="RIBITS ledger export (CSV)"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            try {
              const read = await readLedgerFile(file);
              if (read.badRows > 0) {
                setPending(read);
                setMessage(null);
                return;
              }
              add(read.ledger);
              setMessage({
                kind: 'status',
                text: `Loaded ${file.name}; kept in this browser until removed.`,
              });
            } catch (error) {
              setMessage({
                kind: 'alert',
                text: `${file.name} was not loaded: ${error instanceof Error ? error.message : String(error)}`,
              });
            }
          }}
        />
        <CsvButton report={view?.byMajor ?? null} file="by-major">
          By major watershed (CSV)
        </CsvButton>
        <CsvButton report={view?.byBsa ?? null} file="by-bsa">
          By bank service area (CSV)
        </CsvButton>
      </div>
      {pending && (
        <div role="alert" className="field-error">
          <p>
            {pending.ledger.name}: {pending.badRows} bad row{pending.badRows === 1 ? '' : 's'}, not loaded
            yet: {pending.shown.join('; ')}
            {pending.badRows > pending.shown.length ? ' …' : ''}
          </p>
          <button
            type="button"
            onClick={() => {
              add(pending.ledger);
              setMessage({
                kind: 'status',
                text: `Loaded ${pending.ledger.name} without its ${pending.badRows} bad rows.`,
              });
              setPending(null);
            }}
          >
            Load without the bad rows
          </button>{' '}
          <button type="button" onClick={() => setPending(null)}>
            Cancel
          </button>
        </div>
      )}
      {ledgers.length > 0 && (
        <ul aria-label="Ledger files loaded">
          {ledgers.map((l) => (
            <li key={l.id}>
              {l.name} (file dated {l.asOf}){' '}
              <button type="button" className="link-button" onClick={() => remove(l.id)}>
                Remove {l.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {storageError && <p className="field-error">{storageError}</p>}
      <p
        role={message?.kind === 'alert' ? 'alert' : 'status'}
        className={message?.kind === 'alert' ? 'field-error' : 'hint'}
      >
        {message?.text ?? ''}
      </p>
    </section>
  );
}
