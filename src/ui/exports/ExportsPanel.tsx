/**
 * Keep and show what the explorer found: the ranked options as CSV, the impact and sites as
 * GeoJSON, losses and replacements by major watershed as CSV (once a ledger is loaded), the whole scenario as a project file (and opening one), and the one-page report
 * to print or download.
 */

import { useState } from 'react';
import type { ExportNotice } from '../../exports/exportNotice';
import { layerSources } from '../../exports/layerSources';
import { rankedCsv } from '../../exports/rankedCsv';
import { scenarioGeoJson } from '../../exports/scenarioGeoJson';
import { buildGaps, gapLine } from '../../formats/buildGaps';
import type { Inputs } from '../../store/inputs';
import { useLayerStore } from '../../store/layerStore';
import { pickInputs, useSitingStore } from '../../store/sitingStore';
import { useCreditsStore } from '../credits/creditsStore';
import { useFlowsStore } from '../flows/flowsStore';
import type { SitingResults } from '../ranking/useSitingResults';
import { dateStamp, downloadFile } from './downloadFile';

export interface ExportsPanelProps {
  results: SitingResults;
  /** Prints the report (after taking the map image). */
  onPrintReport: () => void;
  /** Downloads the report as a standalone HTML file. */
  onDownloadReport: () => void;
  /** Called after a project file replaced the inputs, to move the map to its view. */
  onOpened: (inputs: Inputs) => void;
}

function locationsOf(results: SitingResults) {
  return new Map((results.scenario?.candidates ?? []).map((candidate) => [candidate.id, candidate.location]));
}

export function ExportsPanel({ results, onPrintReport, onDownloadReport, onOpened }: ExportsPanelProps) {
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const { result, scenario } = results;
  const stamp = dateStamp();
  const manifest = useLayerStore((state) => state.manifest);
  const listingsLoaded = useCreditsStore((state) => state.listings.length > 0);
  const flowsAnswer = useFlowsStore((state) => state.answer);
  const flows = flowsAnswer?.kind === 'ready' ? flowsAnswer.view : null;
  const exportNotice: ExportNotice = {
    demonstrationLayers: Object.values(manifest?.layers ?? {})
      .filter((layer) => layer.demonstration)
      .map((layer) => layer.title.split(' — ')[0] ?? layer.title),
    buildGaps: manifest ? buildGaps(manifest, { listingsLoaded }).map(gapLine) : [],
  };

  return (
    <section className="card" aria-labelledby="exports-heading">
      <h2 id="exports-heading">Report and exports</h2>
      <div className="row wrap">
        <button type="button" onClick={onPrintReport}>
          Print report
        </button>
        <button type="button" onClick={onDownloadReport}>
          Download report
        </button>
      </div>
      <div className="row wrap button-row">
        <button
          type="button"
          disabled={!result}
          onClick={() => {
            if (!result) return;
            downloadFile(
              `ranked-options-${stamp}.csv`,
              'text/csv;charset=utf-8',
              rankedCsv(
                result,
                results.info,
                locationsOf(results),
                exportNotice,
                useSitingStore.getState().impact,
              ),
            );
          }}
        >
          Ranked options (CSV)
        </button>
        <button
          type="button"
          disabled={!result || !scenario}
          onClick={() => {
            if (!result || !scenario) return;
            const collection = scenarioGeoJson(
              useSitingStore.getState().impact,
              scenario,
              result,
              results.info,
              exportNotice,
            );
            downloadFile(
              `impact-and-sites-${stamp}.geojson`,
              'application/geo+json',
              // A foreign member (RFC 7946 §6.1): which file and date each answer came from.
              `${JSON.stringify({ ...collection, sources: layerSources(useLayerStore.getState().manifest) })}\n`,
            );
          }}
        >
          Impact and sites (GeoJSON)
        </button>
        <button
          type="button"
          disabled={flows === null}
          title={flows ? undefined : 'Load a RIBITS ledger under Losses and replacements first'}
          onClick={async () => {
            if (!flows) return;
            // The writer loads when first used, not on first paint.
            const { flowsCsv } = await import('../../exports/flowsCsv');
            downloadFile(
              `losses-and-replacements-by-major-${stamp}.csv`,
              'text/csv;charset=utf-8',
              flowsCsv(flows.byMajor),
            );
          }}
        >
          Losses and replacements (CSV)
        </button>
        <button
          type="button"
          onClick={async () => {
            const inputs = pickInputs(useSitingStore.getState());
            // The project file's reader and writer load when first used, not on first paint.
            const { encodeProjectFile } = await import('../../exports/projectFile');
            // What was typed into the withdrawal application travels in the file, not in the link.
            const { useApplicationStore } = await import('../application/applicationStore');
            downloadFile(
              `wetland-siting-project-${stamp}.json`,
              'application/json',
              encodeProjectFile(inputs, useApplicationStore.getState().draft),
            );
          }}
        >
          Save project file
        </button>
      </div>
      <label htmlFor="project-file" className="file-label">
        Open a project file
      </label>
      <input
        id="project-file"
        type="file"
        accept=".json,application/json"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const { decodeProjectFile } = await import('../../exports/projectFile');
          const read = decodeProjectFile(await file.text());
          if (!read.ok) {
            setMessage({ kind: 'alert', text: `${file.name} was not opened: ${read.error}` });
            return;
          }
          useSitingStore.getState().replaceInputs(read.inputs);
          if (read.application) {
            const { useApplicationStore } = await import('../application/applicationStore');
            useApplicationStore.getState().replaceDraft(read.application);
          }
          onOpened(read.inputs);
          setMessage({ kind: 'status', text: `Opened ${file.name}.` });
        }}
      />
      <p
        role={message?.kind === 'alert' ? 'alert' : 'status'}
        className={message?.kind === 'alert' ? 'field-error' : 'hint'}
      >
        {message?.text ?? ''}
      </p>
    </section>
  );
}
