/**
 * Tells the presenter whether the page and its data are stored for use without a network, and
 * offers "Make available offline" (for hearings) with the size first, then progress, then done.
 * The copy lives in the browser's Cache Storage, so it survives a reload and a restart.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLayerStore } from '../../store/layerStore';
import { useOnline } from '../useOnline';
import { manifestFiles, missingOffline, type OfflineFile, storeForOffline } from './storeForOffline';
import { useLookedUpPlaces } from './useLookedUpPlaces';

type State =
  | { kind: 'unknown' }
  | { kind: 'missing'; files: OfflineFile[]; bytes: number }
  | { kind: 'storing'; done: number; total: number }
  | { kind: 'failed'; message: string }
  | { kind: 'ready' };

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

export function OfflineStatus() {
  // The files the host serves: layers imported in this browser are already on this device.
  const manifest = useLayerStore((state) => state.builtManifest ?? state.manifest);
  const baseUrl = useLayerStore((state) => state.baseUrl);
  // Re-check when layers finish: the page stores each layer it fetched.
  const settled = useLayerStore((state) =>
    Object.values(state.loads)
      .filter((load) => load.status !== 'loading')
      .length.toString(),
  );
  const [workerReady, setWorkerReady] = useState(false);
  // Offline is what the reads found (no answer from the data host), or what the browser says:
  // navigator.onLine alone reads true after an offline reload in Chromium 150.
  const browserOnline = useOnline();
  const hostUnreachable = useLayerStore((state) => state.hostUnreachable);
  const online = browserOnline && !hostUnreachable;
  const places = useLookedUpPlaces(manifest?.generatedAt ?? null);
  const [state, setState] = useState<State>({ kind: 'unknown' });
  const supported = import.meta.env.PROD && 'serviceWorker' in navigator && typeof caches !== 'undefined';

  useEffect(() => {
    if (!supported) return;
    let live = true;
    // 'ready' resolves once the worker is active, i.e. after its install stored the app.
    void navigator.serviceWorker.ready.then(() => {
      if (live) setWorkerReady(true);
    });
    return () => {
      live = false;
    };
  }, [supported]);

  const check = useCallback(async () => {
    if (!manifest) return;
    const files = await missingOffline(manifestFiles(manifest, baseUrl));
    setState((previous) => {
      if (previous.kind === 'storing') return previous;
      if (files.length === 0) return { kind: 'ready' };
      return { kind: 'missing', files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) };
    });
  }, [manifest, baseUrl]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever a layer settles (each stores itself).
  useEffect(() => {
    if (!supported || !workerReady) return;
    void check();
    // The browser may evict stored data while the tab is away: check again on return.
    const recheck = () => void check();
    window.addEventListener('focus', recheck);
    return () => window.removeEventListener('focus', recheck);
  }, [supported, workerReady, settled, check]);

  const store = async (files: OfflineFile[]) => {
    setState({ kind: 'storing', done: 0, total: files.reduce((sum, file) => sum + file.bytes, 0) });
    try {
      await storeForOffline(files, (done, total) => setState({ kind: 'storing', done, total }));
      setState({ kind: 'ready' });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  // The box is there from the first render, empty until the check answers: in the header, a status
  // that appeared later moved the map under the user's pointer (a click landed 3 km off).
  if (!supported || !workerReady)
    return (
      <div className="offline-status">
        <p role="status" />
      </div>
    );
  return (
    <div className="offline-status">
      <p role="status">
        {state.kind === 'ready' && 'Available offline on this device'}
        {state.kind === 'storing' && `Storing for offline use: ${mb(state.done)} of ${mb(state.total)}`}
        {state.kind === 'failed' && `Could not store the map for offline use: ${state.message}`}
      </p>
      {state.kind === 'storing' && (
        <progress aria-label="Storing for offline use" max={state.total || 1} value={state.done} />
      )}
      {/* The offer comes first in reading and tab order, the places it would add after it (issue 33). */}
      {state.kind === 'missing' && online && (
        <button type="button" onClick={() => void store(state.files)}>
          Make available offline ({mb(state.bytes)})
        </button>
      )}
      {state.kind === 'missing' && (
        // Up front, before anyone is offline: which places work without a network until the whole state is stored.
        // One line while online (the ranking needs the header's height at 1280×860); open offline.
        <details className="offline-places" open={!online}>
          <summary>
            {/* One short line beside the title, about places (not the connection: "Without a network: no
                place" read as a status of the network; issue 33); the paragraph below says which and why. */}
            {places.length > 0
              ? `Works offline now: ${places.length === 1 ? '1 place' : `${places.length} places`}`
              : 'Works offline now: no place yet'}
          </summary>
          <p>
            {online ? 'Without a network, ' : 'Offline, '}
            {places.length > 0
              ? `only places already looked up here work${online ? ' until the map is stored' : ''}: ${places.map((place) => place.label).join('; ')}. Elsewhere units read “not stored on this device”.`
              : `no place can be looked up${online ? ' until the map is stored' : ': nothing is stored on this device'}.`}
          </p>
        </details>
      )}
      {state.kind === 'failed' && (
        <button type="button" onClick={() => void check()}>
          Check again
        </button>
      )}
    </div>
  );
}
