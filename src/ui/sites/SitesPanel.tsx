/**
 * Proposed project-specific replacement sites: add by clicking the map or by importing a CSV
 * (lon/lat columns) or GeoJSON file; each can be removed.
 */
import { useRef, useState } from 'react';
import { parseCoordinates } from '../../geo/parseCoordinates';
import { useSitingStore } from '../../store/sitingStore';
import type { LocatePoint } from '../location/locateOnce';
import { addSiteAt } from './addSiteAt';
import { importSitesFile } from './importSitesFile';
import { MAX_SITES_FILE_BYTES } from './parseSitesFile';

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
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
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

  async function importFile(file: File) {
    // Refuse an oversized file before reading it, so a 50 MB drop cannot stall the tab.
    if (file.size > MAX_SITES_FILE_BYTES) {
      setMessage({
        kind: 'error',
        text: `${file.name}: ${(file.size / 1024 / 1024).toFixed(1)} MB is larger than ${MAX_SITES_FILE_BYTES / 1024 / 1024} MB; split it into smaller files`,
      });
      return;
    }
    setMessage({ kind: 'info', text: `Reading ${file.name}…` });
    const prefix = `${file.name.replace(/\.[^.]+$/, '').slice(0, 40)}-`;
    const parsed = await importSitesFile(file, prefix);
    const existing = new Set(useSitingStore.getState().userSites.map((site) => site.id));
    if (!parsed.ok) {
      setMessage({ kind: 'error', text: parsed.message });
      return;
    }
    const fresh = parsed.sites.filter((site) => !existing.has(site.id));
    addUserSites(fresh);
    const skipped = parsed.sites.length - fresh.length;
    setMessage({
      kind: 'info',
      text: `Imported ${fresh.length} site${fresh.length === 1 ? '' : 's'} from ${file.name}.${skipped ? ` ${skipped} already present were skipped.` : ''}${parsed.warnings.length ? ` ${parsed.warnings.join(' ')}` : ''}`,
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
        <button type="button" onClick={() => fileInput.current?.click()}>
          Import sites (CSV or GeoJSON)
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.geojson,.json,text/csv,application/geo+json,application/json"
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
      {clickMode === 'add-site' && <p className="hint">Click the map where a replacement could be made.</p>}
      {shown && (
        <p
          className={shown.kind === 'error' ? 'field-error' : 'hint'}
          role={shown.kind === 'error' ? 'alert' : 'status'}
        >
          {shown.text}
        </p>
      )}
      {userSites.length > 0 && (
        <ul className="site-list">
          {userSites.slice(0, 200).map((site) => (
            <li key={site.id}>
              <span>
                {site.name} <span className="kind">(action: {site.action})</span>
              </span>
              <button
                type="button"
                onClick={() => removeUserSite(site.id)}
                aria-label={`Remove ${site.name}`}
              >
                Remove
              </button>
            </li>
          ))}
          {userSites.length > 200 && <li>…and {userSites.length - 200} more (all are ranked).</li>}
        </ul>
      )}
    </section>
  );
}
