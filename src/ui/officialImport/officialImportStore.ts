/**
 * The state of importing official layers in this browser — which files, how far, what went
 * wrong — shared by the layer list's button and the map's drop target. The imported layers are
 * stored (officialLayersDb.ts) only after the importer has validated them all, and only then
 * handed to the layer store; a failure or a cancel leaves the layers in use as they were.
 */
import { create } from 'zustand';
import type { LayerFeature } from '../../formats/layers/layerTypes';
import { OFFICIAL_LAYER_TITLES, type StoredOfficialLayer } from '../../geo/officialLayerEntry';
import { useLayerStore } from '../../store/layerStore';
import { clearOfficialLayers, putOfficialLayers, readOfficialLayers } from '../../store/officialLayersDb';
import type { MappingRequest } from './mappingFromError';
import { type RunningImport, runOfficialImport } from './runOfficialImport';

export type OfficialImportStatus =
  | { kind: 'idle' }
  | { kind: 'running'; files: string[]; stage: string; fraction: number }
  | { kind: 'failed'; message: string; mapping: MappingRequest | null }
  | { kind: 'done'; message: string; notes: string[] }
  | { kind: 'cancelled' };

interface OfficialImportStore {
  status: OfficialImportStatus;
  /** The files and mapping of the last import, kept so a mapping can be retried without choosing again. */
  lastFiles: File[];
  lastMap: Record<string, string>;
  start: (files: File[], map?: Record<string, string>) => Promise<void>;
  cancel: () => void;
  returnToDefault: () => Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The official major watersheds in use, for checking a minors file imported alone. */
function currentOfficialMajors(): LayerFeature[] | null {
  const { manifest, loads } = useLayerStore.getState();
  const load = loads.majorWatersheds;
  if (!manifest?.layers.majorWatersheds?.official || load.status !== 'ready' || !load.data) return null;
  return load.data.features as LayerFeature[];
}

let running: RunningImport | null = null;

export const useOfficialImportStore = create<OfficialImportStore>((set) => ({
  status: { kind: 'idle' },
  lastFiles: [],
  lastMap: {},
  async start(files, map = {}) {
    if (files.length === 0) return;
    running?.cancel();
    const names = files.map((file) => file.name);
    set({
      status: { kind: 'running', files: names, stage: 'Starting', fraction: 0 },
      lastFiles: files,
      lastMap: map,
    });
    const job = runOfficialImport(files, map, currentOfficialMajors(), (stage, fraction) => {
      if (running === job) set({ status: { kind: 'running', files: names, stage, fraction } });
    });
    running = job;
    const outcome = await job.outcome;
    if (running !== job) return;
    running = null;
    if (!outcome.ok) {
      set({
        status:
          'cancelled' in outcome
            ? { kind: 'cancelled' }
            : { kind: 'failed', message: outcome.message, mapping: outcome.mapping },
      });
      return;
    }
    if (outcome.layers.length === 0) {
      set({
        status: {
          kind: 'failed',
          message: `${names.join(', ')}: no watershed, bank service area or PLSS layer was found in ${names.length === 1 ? 'this file' : 'these files'}.`,
          mapping: null,
        },
      });
      return;
    }
    const importedAt = new Date().toISOString();
    const stored: StoredOfficialLayer[] = outcome.layers.map((layer) => ({ ...layer, importedAt }));
    try {
      await putOfficialLayers(stored);
      const all = await readOfficialLayers();
      set({
        status: {
          kind: 'done',
          message: `Now using ${stored
            .map(
              (layer) =>
                `${OFFICIAL_LAYER_TITLES[layer.name] ?? layer.name} from ${layer.provenance.file} › ${layer.provenance.sourceLayer}`,
            )
            .join('; ')}.`,
          notes: outcome.notes,
        },
      });
      await useLayerStore.getState().setOfficialLayers(all);
    } catch (error) {
      set({
        status: {
          kind: 'failed',
          message: `${names.join(', ')}: the layers were read but could not be kept in this browser (${messageOf(error)}); the layers in use are unchanged.`,
          mapping: null,
        },
      });
    }
  },
  cancel() {
    running?.cancel();
  },
  async returnToDefault() {
    running?.cancel();
    try {
      await clearOfficialLayers();
      set({ status: { kind: 'done', message: 'Returned to the default layers.', notes: [] } });
      await useLayerStore.getState().setOfficialLayers([]);
    } catch (error) {
      set({
        status: {
          kind: 'failed',
          message: `The imported layers could not be removed (${messageOf(error)}).`,
          mapping: null,
        },
      });
    }
  },
}));
