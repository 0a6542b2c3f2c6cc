/**
 * Starts one sites import in its own worker. Progress arrives through `onProgress`; `cancel`
 * ends the worker at once and settles with `cancelled` (nothing has been added by then, so the
 * sites loaded before stay as they were).
 */

import type { SiteLookupLayers } from './locateSiteOutlines';
import type { SiteColumnMapping, SitesReadResult } from './siteColumnMapping';
import type { SitesImportReply, SitesImportRequest } from './sitesImport.worker';

export type SitesImportOutcome = SitesReadResult | { ok: false; cancelled: true; message: string };

export interface SitesImportProgress {
  stage: 'reading' | 'sites' | 'layers' | 'locating';
  done: number;
  total: number;
}

export interface RunningSitesImport {
  outcome: Promise<SitesImportOutcome>;
  cancel: () => void;
}

export function importSitesFile(
  file: File,
  idPrefix: string,
  onProgress: (progress: SitesImportProgress) => void,
  mapping?: SiteColumnMapping,
  lookup?: SiteLookupLayers,
): RunningSitesImport {
  if (typeof Worker === 'undefined') {
    return {
      outcome: Promise.resolve({
        ok: false,
        message: `${file.name}: this browser cannot read a sites file off the page (no Web Workers).`,
      }),
      cancel: () => {},
    };
  }
  const worker = new Worker(new URL('./sitesImport.worker.ts', import.meta.url), { type: 'module' });
  let settle: (outcome: SitesImportOutcome) => void = () => {};
  const outcome = new Promise<SitesImportOutcome>((resolve) => {
    let settled = false;
    settle = (value) => {
      if (settled) return;
      settled = true;
      worker.terminate();
      resolve(value);
    };
  });
  worker.onmessage = (event: MessageEvent<SitesImportReply>) => {
    const reply = event.data;
    if (reply.kind === 'progress') onProgress({ stage: reply.stage, done: reply.done, total: reply.total });
    else settle(reply.result);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    settle({
      ok: false,
      message: `${file.name}: the import stopped (${event.message || 'the worker failed, perhaps out of memory'})`,
    });
  };
  worker.postMessage({
    file,
    idPrefix,
    ...(mapping ? { mapping } : {}),
    ...(lookup ? { lookup } : {}),
  } satisfies SitesImportRequest);
  return {
    outcome,
    cancel: () =>
      settle({ ok: false, cancelled: true, message: `${file.name}: import cancelled; no sites were added.` }),
  };
}
