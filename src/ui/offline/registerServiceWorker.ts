/**
 * Registers public/sw.js, which keeps an offline copy of the app and its data. Production
 * builds only: in development Vite serves unbundled modules a cache would only get wrong.
 * The worker is told the data's base URL (it may be on another origin: src/geo/dataSource.ts).
 */
import { dataSource } from '../../geo/dataSource';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void dataSource().then(({ baseUrl }) =>
    // Relative to the page, like every other path here (the app may live in a sub-folder).
    navigator.serviceWorker
      .register(`./sw.js?data=${encodeURIComponent(baseUrl)}`)
      .catch((error: unknown) => {
        console.warn('The offline copy could not be set up; the explorer still works online.', error);
      }),
  );
}
