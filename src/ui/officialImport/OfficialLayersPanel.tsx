/**
 * "Load official layers…": the planner's DNR and BWSR downloads (GeoPackage or shapefile zips,
 * .gpkg, .fgb, .geojson; several at once) replace the demonstration stand-ins in this browser.
 * Shows what is in use and from which file, the import's progress with a cancel button, a named
 * error (with a field mapping to choose when a field cannot be identified), and the way back
 * to the default layers.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { OFFICIAL_LAYER_TITLES, officialSourceText } from '../../geo/officialLayerEntry';
import { useLayerStore } from '../../store/layerStore';
import { useOfficialImportStore } from './officialImportStore';
import './officialImport.css';

/** What the file chooser offers: the formats the importer reads. */
export const OFFICIAL_FILE_TYPES = '.zip,.gpkg,.fgb,.geojson,.json';

const STATUTORY = ['majorWatersheds', 'minorWatersheds', 'bankServiceAreas', 'plss'] as const;

/** The importer's message as a sentence, so the next one does not run into it. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function MappingForm({
  layer,
  field,
  choices,
  onRetry,
}: {
  layer: string;
  field: string;
  choices: string[];
  onRetry: (choice: string) => void;
}) {
  // A sections file wholly within one principal meridian may carry no meridian field: the CLI
  // takes `--map plss.meridian=4` (or 5) for it, and so does this list.
  const options = [
    ...(layer === 'plss' && field === 'meridian'
      ? [
          { value: '4', label: '4th principal meridian (the whole file)' },
          { value: '5', label: '5th principal meridian (the whole file)' },
        ]
      : []),
    ...choices.map((name) => ({ value: name, label: name })),
  ];
  const [choice, setChoice] = useState(options[0]?.value ?? '');
  const selectId = useId();
  const title = OFFICIAL_LAYER_TITLES[layer as (typeof STATUTORY)[number]] ?? layer;
  return (
    <form
      className="official-mapping"
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) onRetry(choice);
      }}
    >
      <label htmlFor={selectId}>
        Which field of the file holds the {field} of {title}?
      </label>
      <select id={selectId} value={choice} onChange={(event) => setChoice(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit">Retry with this field</button>
      <p className="hint">
        The same as{' '}
        <code>
          --map {layer}.{field}={choice || 'FIELD'}
        </code>{' '}
        on the command line.
      </p>
    </form>
  );
}

export function OfficialLayersPanel() {
  const manifest = useLayerStore((state) => state.manifest);
  const official = useLayerStore((state) => state.official);
  const officialError = useLayerStore((state) => state.officialError);
  const status = useOfficialImportStore((state) => state.status);
  const start = useOfficialImportStore((state) => state.start);
  const cancel = useOfficialImportStore((state) => state.cancel);
  const returnToDefault = useOfficialImportStore((state) => state.returnToDefault);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const running = status.kind === 'running';
  const section = useRef<HTMLElement>(null);
  // A drop on the map starts an import here, out of view on a small screen: bring it into view.
  useEffect(() => {
    if (running) section.current?.scrollIntoView?.({ block: 'nearest' });
  }, [running]);
  const percent = running ? Math.round(status.fraction * 100) : 0;

  return (
    <section ref={section} className="official-layers" aria-labelledby="official-layers-heading">
      <h3 id="official-layers-heading">Official layers</h3>
      <ul className="official-in-use">
        {STATUTORY.map((name) => {
          const stored = official.find((layer) => layer.name === name);
          const entry = manifest?.layers[name];
          const title = OFFICIAL_LAYER_TITLES[name];
          let text: string;
          if (stored) text = `official, ${officialSourceText(stored.provenance)}`;
          else if (entry?.demonstration) text = 'demonstration stand-in (not official)';
          else if (entry) text = entry.official ? 'official (built)' : 'built';
          else text = 'not loaded';
          return (
            <li key={name}>
              <strong>{title}:</strong> {text}
            </li>
          );
        })}
      </ul>
      <p className="hint">
        Use the files as downloaded from the Minnesota Geospatial Commons (the DNR watershed GeoPackage or
        shapefile zip, the BWSR bank service area zip, MnGeo PLSS sections), or .gpkg, .fgb and .geojson
        files. Several at once; or drop them on the map. They are read in this browser and never uploaded.
      </p>
      <input
        ref={input}
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        accept={OFFICIAL_FILE_TYPES}
        aria-label="Official layer files"
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Reset so choosing the same file again (after fixing it) starts a new import.
          event.target.value = '';
          void start(files);
        }}
      />
      <div className="official-actions">
        <button type="button" onClick={() => input.current?.click()} disabled={running}>
          Load official layers…
        </button>
        {official.length > 0 && (
          <button type="button" onClick={() => void returnToDefault()} disabled={running}>
            Return to the default layers
          </button>
        )}
      </div>
      {running && (
        <div className="official-progress">
          <div
            role="progressbar"
            aria-label="Importing official layers"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${status.stage}, ${percent} %`}
            className="official-progress-bar"
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <p aria-live="polite">
            {status.files.join(', ')}: {status.stage} ({percent} %)
          </p>
          <button type="button" onClick={cancel}>
            Cancel the import
          </button>
        </div>
      )}
      {status.kind === 'failed' && (
        <div className="alert" role="alert">
          <p>
            <strong>The official layers were not loaded.</strong> {sentence(status.message)} The layers in use
            are unchanged.
          </p>
          {status.mapping && (
            <MappingForm
              key={`${status.mapping.layer}.${status.mapping.field}`}
              {...status.mapping}
              onRetry={(choice) => {
                const { lastFiles, lastMap } = useOfficialImportStore.getState();
                if (!status.mapping) return;
                void start(lastFiles, {
                  ...lastMap,
                  [`${status.mapping.layer}.${status.mapping.field}`]: choice,
                });
              }}
            />
          )}
        </div>
      )}
      {status.kind === 'cancelled' && (
        <p role="status">The import was cancelled; the layers in use are unchanged.</p>
      )}
      {status.kind === 'done' && (
        <div role="status">
          <p>{status.message}</p>
          {status.notes.length > 0 && (
            <ul className="official-notes">
              {status.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {officialError && (
        <div className="alert" role="alert">
          <p>{officialError}</p>
        </div>
      )}
    </section>
  );
}
