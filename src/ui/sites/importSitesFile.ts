/**
 * Parses a proposed-sites file in a worker (on the page where workers are unavailable).
 */
import { type ParsedSites, parseSitesFile } from './parseSitesFile';
import type { SitesImportRequest } from './sitesImport.worker';

export function importSitesFile(file: File, idPrefix: string): Promise<ParsedSites> {
  if (typeof Worker === 'undefined')
    return file.text().then((text) => parseSitesFile(file.name, text, idPrefix));
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./sitesImport.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ParsedSites>) => {
      resolve(event.data);
      worker.terminate();
    };
    worker.onerror = (event) => {
      resolve({
        ok: false,
        message: `${file.name}: the import stopped (${event.message || 'worker error'})`,
      });
      worker.terminate();
    };
    worker.postMessage({ file, idPrefix } satisfies SitesImportRequest);
  });
}
