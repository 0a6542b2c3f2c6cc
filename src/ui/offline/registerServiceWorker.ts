/**
 * Registers public/sw.js, which keeps an offline copy of the app and its data. Production
 * builds only: in development Vite serves unbundled modules a cache would only get wrong.
 * The worker is told the data's base URL (it may be on another origin: src/geo/dataSource.ts).
 *
 * Registered once the page has settled, not while it loads: installing the worker fetches and
 * compiles every script of the app for the offline copy, about 1 s of a 2-core machine's time
 * that a first visit otherwise spent beside drawing the map (a state view took 5.2 s to draw
 * with it, 4.2 s without). Settled is: the page's `load` event, every layer read or failed (or
 * the manifest refused), then an idle moment; at the latest SETTLE_LIMIT_MS after the start.
 */
import { dataSource } from '../../geo/dataSource';
import { useLayerStore } from '../../store/layerStore';

const SETTLE_LIMIT_MS = 20_000;
const IDLE_TIMEOUT_MS = 2_000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void whenSettled().then(register);
}

function register(): void {
  void dataSource().then(({ baseUrl }) =>
    // Relative to the page, like every other path here (the app may live in a sub-folder).
    navigator.serviceWorker
      .register(`./sw.js?data=${encodeURIComponent(baseUrl)}`)
      .catch((error: unknown) => {
        console.warn('The offline copy could not be set up; the explorer still works online.', error);
      }),
  );
}

/** Resolves once the page has loaded and its layers are read, in an idle moment, or at the limit. */
function whenSettled(limitMs = SETTLE_LIMIT_MS): Promise<void> {
  const limit = new Promise<void>((resolve) => setTimeout(resolve, limitMs));
  const settled = Promise.all([pageLoaded(), layersSettled()]).then(idle);
  return Promise.race([settled, limit]);
}

function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function layersSettled(): Promise<void> {
  const done = (state: ReturnType<typeof useLayerStore.getState>) =>
    state.manifestError !== null ||
    (state.manifest !== null && Object.values(state.loads).every((load) => load.status !== 'loading'));
  return new Promise((resolve) => {
    if (done(useLayerStore.getState())) return resolve();
    const stop = useLayerStore.subscribe((state) => {
      if (!done(state)) return;
      stop();
      resolve();
    });
  });
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}
