/**
 * Starts one official-layer import in its own worker and answers with the worker's outcome;
 * `cancel` ends the worker at once (nothing has been stored by then).
 */
import type { LayerFeature } from '../../formats/layers/layerTypes';
import type { MappingRequest } from './mappingFromError';
import type { ImportedLayerBytes, OfficialImportReply, OfficialImportRequest } from './officialImport.worker';

export type OfficialImportOutcome =
  | { ok: true; layers: ImportedLayerBytes[]; notes: string[] }
  | { ok: false; message: string; mapping: MappingRequest | null }
  | { ok: false; cancelled: true };

export interface RunningImport {
  outcome: Promise<OfficialImportOutcome>;
  cancel: () => void;
}

export function runOfficialImport(
  files: File[],
  map: Record<string, string>,
  currentMajors: LayerFeature[] | null,
  onProgress: (stage: string, fraction: number) => void,
): RunningImport {
  const names = files.map((file) => file.name).join(', ');
  if (typeof Worker === 'undefined') {
    return {
      outcome: Promise.resolve({
        ok: false,
        message: `${names}: this browser cannot run the importer (no Web Workers).`,
        mapping: null,
      }),
      cancel: () => {},
    };
  }
  const worker = new Worker(new URL('./officialImport.worker.ts', import.meta.url), { type: 'module' });
  let settle: (outcome: OfficialImportOutcome) => void = () => {};
  const outcome = new Promise<OfficialImportOutcome>((resolve) => {
    settle = (value) => {
      worker.terminate();
      resolve(value);
    };
  });
  worker.onmessage = (event: MessageEvent<OfficialImportReply>) => {
    const reply = event.data;
    if (reply.kind === 'progress') onProgress(reply.stage, reply.fraction);
    else if (reply.kind === 'done') settle({ ok: true, layers: reply.layers, notes: reply.notes });
    else settle({ ok: false, message: reply.message, mapping: reply.mapping });
  };
  worker.onerror = (event) => {
    event.preventDefault();
    settle({
      ok: false,
      message: `${names}: the import stopped (${event.message || 'the worker failed, perhaps out of memory'}).`,
      mapping: null,
    });
  };
  worker.postMessage({ files, map, currentMajors } satisfies OfficialImportRequest);
  return { outcome, cancel: () => settle({ ok: false, cancelled: true }) };
}
