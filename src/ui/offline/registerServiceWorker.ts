/**
 * Registers public/sw.js, which keeps an offline copy of the app and its data. Production
 * builds only: in development Vite serves unbundled modules a cache would only get wrong.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Relative to the page, like every other path here (the app may live in a sub-folder).
  navigator.serviceWorker.register('./sw.js').catch((error: unknown) => {
    console.warn('The offline copy could not be set up; the explorer still works online.', error);
  });
}
