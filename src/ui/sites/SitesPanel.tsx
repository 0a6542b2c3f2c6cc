/**
 * Proposed project-specific replacement sites: add by clicking the map or by importing a CSV
 * (lon/lat columns) or GeoJSON file; each can be removed.
 */
import { useEffect, useRef, useState } from 'react';
import { LOOKUP_LAYERS } from '../../geo/location';
import { parseCoordinates } from '../../geo/parseCoordinates';
import { MAX_IMPORT_BYTES } from '../../geo/siteImport/importLimits';
import { useLayerStore } from '../../store/layerStore';
import { useSitingStore } from '../../store/sitingStore';
import { MAX_SITES_IN_URL } from '../../store/urlState';
import type { LocatePoint } from '../location/locateOnce';
import { addSiteAt } from './addSiteAt';
import { ImportProgress } from './ImportProgress';
import { importSitesFile, type RunningSitesImport, type SitesImportProgress } from './importSitesFile';
import type { SiteLookupLayers } from './locateSiteOutlines';
import { RemoveAllSites } from './RemoveAllSites';
import { SiteColumnsDialog } from './SiteColumnsDialog';
import { type RemovedSite, SiteRemovedNotice } from './SiteRemovedNotice';
import {
  type NeedsMapping,
  needsMapping,
  rememberedMapping,
  rememberMapping,
  type SiteColumnMapping,
} from './siteColumnMapping';

export interface SitesPanelProps {
  /** Looks a point up, to tell a point outside Minnesota. */
  locate: LocatePoint;
  /** Why the last map click did not add a site, if it did not. */
  clickRefusal: string | null;
}

export function SitesPanel({ locate, clickRefusal }: SitesPanelProps) {
  const userSites = useSitingStore((state) => state.userSites);
  const clickMode = useSitingStore((state) => state.clickMode);
  const setClickMode = useSitingStore((state) => state.setClickMode);
  const addUserSites = useSitingStore((state) => state.addUserSites);
  const removeUserSite = useSitingStore((state) => state.removeUserSite);
  const restoreUserSite = useSitingStore((state) => state.restoreUserSite);
  /** The site removed last, for Undo. */
  const [removed, setRemoved] = useState<RemovedSite | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const userSitesCount = () => useSitingStore.getState().userSites.length;
  const shown =
    clickRefusal && clickMode === 'add-site' ? { kind: 'error' as const, text: clickRefusal } : message;

  async function addTyped() {
    const parsed = parseCoordinates(typed);
    if (!parsed.ok) {
      setMessage({ kind: 'error', text: parsed.message });
      return;
    }
    const refusal = await addSiteAt(parsed.lngLat, locate);
    if (refusal) {
      const hint = parsed.suggestion ? ` Did you mean ${parsed.suggestion[1]}, ${parsed.suggestion[0]}?` : '';
      setMessage({ kind: 'error', text: `${refusal}${hint}` });
      return;
    }
    setTyped('');
    setMessage({ kind: 'info', text: `Added a site at ${parsed.lngLat[1]}, ${parsed.lngLat[0]}.` });
  }

  const [running, setRunning] = useState<{
    fileName: string;
    progress: SitesImportProgress | null;
    job: RunningSitesImport;
  } | null>(null);
  const [asking, setAsking] = useState<{ file: File; request: NeedsMapping } | null>(null);
  // A closed panel (mode change) ends its import rather than leaving a worker behind.
  const runningRef = useRef(running);
  runningRef.current = running;
  useEffect(() => () => runningRef.current?.job.cancel(), []);

  /** The page's lookup layers, for the worker to place site outlines by area. */
  function siteLookupLayers(): SiteLookupLayers | undefined {
    const { manifest, baseUrl, localFiles } = useLayerStore.getState();
    if (!manifest) return undefined;
    const base = new URL(baseUrl, window.location.href);
    const urls: SiteLookupLayers['urls'] = {};
    for (const layer of LOOKUP_LAYERS) {
      const entry = manifest.layers[layer];
      if (entry) urls[layer] = localFiles.urls[entry.file] ?? new URL(entry.file, base).href;
    }
    return { manifest, urls };
  }

  async function importFile(file: File, mapping?: SiteColumnMapping) {
    // Refuse an oversized file before reading it, so a huge drop cannot stall the tab.
    if (file.size > MAX_IMPORT_BYTES) {
      setMessage({
        kind: 'error',
        text: `${file.name}: ${(file.size / 1024 / 1024).toFixed(1)} MB is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into smaller files`,
      });
      return;
    }
    runningRef.current?.job.cancel();
    setMessage(null);
    const prefix = `${file.name.replace(/\.[^.]+$/, '').slice(0, 40)}-`;
    const job = importSitesFile(
      file,
      prefix,
      (progress) => setRunning((current) => (current?.job === job ? { ...current, progress } : current)),
      mapping,
      siteLookupLayers(),
    );
    setRunning({ fileName: file.name, progress: null, job });
    const parsed = await job.outcome;
    setRunning((current) => (current?.job === job ? null : current));
    if (needsMapping(parsed)) {
      const { columns } = parsed.needsMapping;
      const remembered = mapping ? null : rememberedMapping(columns);
      // A remembered choice for the same columns is used at once; the dialog asks otherwise.
      if (remembered && Object.keys(remembered).length > 0) {
        void importFile(file, remembered);
        return;
      }
      setAsking({ file, request: parsed });
      return;
    }
    if (!parsed.ok) {
      setMessage({
        kind: 'cancelled' in parsed ? 'info' : 'error',
        text:
          'cancelled' in parsed
            ? `${parsed.message} Your ${userSitesCount()} earlier site${userSitesCount() === 1 ? '' : 's'} are kept.`
            : `${parsed.message}. Nothing was added; your earlier sites are kept.`,
      });
      return;
    }
    const existing = new Set(useSitingStore.getState().userSites.map((site) => site.id));
    const fresh = parsed.sites.filter((site) => !existing.has(site.id));
    addUserSites(fresh);
    const skipped = parsed.sites.length - fresh.length;
    setMessage({
      kind: 'info',
      text: `Imported ${fresh.length.toLocaleString('en-US')} site${fresh.length === 1 ? '' : 's'} from ${file.name}.${skipped ? ` ${skipped} already present were skipped.` : ''}${parsed.warnings.length ? ` ${parsed.warnings.slice(0, 20).join(' ')}${parsed.warnings.length > 20 ? ` …and ${parsed.warnings.length - 20} more warnings.` : ''}` : ''}`,
    });
  }

  return (
    <section className="card" aria-labelledby="sites-heading">
      <h2 id="sites-heading">Your proposed sites</h2>
      <div className="row wrap">
        <button
          type="button"
          aria-pressed={clickMode === 'add-site'}
          onClick={() => setClickMode(clickMode === 'add-site' ? 'impact' : 'add-site')}
        >
          {clickMode === 'add-site' ? 'Stop adding sites' : 'Add a site by clicking the map'}
        </button>
        <button type="button" onClick={() => fileInput.current?.click()} disabled={running !== null}>
          Import sites (CSV or GeoJSON)
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.geojson,.json,.zip,.gpkg,.fgb,text/csv,application/geo+json,application/json,application/zip,application/geopackage+sqlite3"
          className="visually-hidden"
          aria-label="Sites file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void importFile(file);
            event.target.value = '';
          }}
        />
      </div>
      <form
        className="coordinates"
        onSubmit={(event) => {
          event.preventDefault();
          void addTyped();
        }}
      >
        <label htmlFor="site-coordinates">Add a site at coordinates</label>
        <div className="row">
          <input
            id="site-coordinates"
            value={typed}
            placeholder="44.05, -92.40"
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit">Add site</button>
        </div>
      </form>
      {running && (
        <ImportProgress
          fileName={running.fileName}
          progress={running.progress}
          onCancel={() => running.job.cancel()}
        />
      )}
      {asking && (
        <SiteColumnsDialog
          fileName={asking.file.name}
          message={asking.request.message}
          columns={asking.request.needsMapping.columns}
          initial={
            rememberedMapping(asking.request.needsMapping.columns) ?? asking.request.needsMapping.guess
          }
          onImport={(mapping) => {
            rememberMapping(asking.request.needsMapping.columns, mapping);
            const { file } = asking;
            setAsking(null);
            void importFile(file, mapping);
          }}
          onCancel={() => {
            setAsking(null);
            setMessage({
              kind: 'info',
              text: `${asking.file.name}: not imported; your earlier sites are kept.`,
            });
          }}
        />
      )}
      {clickMode === 'add-site' && <p className="hint">Click the map where a replacement could be made.</p>}
      {shown && (
        <p
          className={shown.kind === 'error' ? 'field-error' : 'hint'}
          role={shown.kind === 'error' ? 'alert' : 'status'}
        >
          {shown.text}
        </p>
      )}
      {removed && (
        <SiteRemovedNotice
          removed={removed}
          onUndo={() => {
            restoreUserSite(removed.site, removed.index);
            setRemoved(null);
          }}
        />
      )}
      <RemoveAllSites />
      {userSites.length > 0 && (
        <ul className="site-list">
          {userSites.slice(0, 200).map((site, index) => (
            <li key={site.id}>
              <span>
                {site.name} <span className="kind">(action: {site.action})</span>
              </span>
              <button
                type="button"
                onClick={() => {
                  setRemoved({ site, index });
                  removeUserSite(site.id);
                }}
                aria-label={`Remove ${site.name}`}
              >
                Remove
              </button>
            </li>
          ))}
          {userSites.length > 200 && (
            <li>…and {(userSites.length - 200).toLocaleString('en-US')} more (all are ranked).</li>
          )}
        </ul>
      )}
      {userSites.length > 0 && (
        <p className="hint">
          Your {userSites.length.toLocaleString('en-US')} site{userSites.length === 1 ? ' is' : 's are'} kept
          on this device only (this browser’s storage), with your work. A link carries at most{' '}
          {MAX_SITES_IN_URL} sites; for more, share a project file.
        </p>
      )}
    </section>
  );
}
