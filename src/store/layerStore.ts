/**
 * Loaded map data: the manifest and each layer's features, with load progress and errors.
 * This is not user input (that lives in the siting store); it is what the server holds,
 * fetched once per page.
 */
import type { FeatureCollection } from 'geojson';
import { create } from 'zustand';
import { dataSource } from '../geo/dataSource';
import { LayerLoadError, loadLayer, loadManifest } from '../geo/layerLoader';
import { LAYER_NAMES, type LayerName, type Manifest } from '../geo/manifest';
import { fromOfflineCopy, keepOfflineCopy } from '../geo/offlineCopy';
import { type AreaClassOverride, parseAreaClassOverrides } from '../siting';
import { addNotice } from './addNotice';

export type LayerLoad =
  | { status: 'loading'; progress: number }
  | { status: 'ready'; data: FeatureCollection; drawUrl: string | null }
  | { status: 'error'; message: string }
  | { status: 'absent' };

interface LayerStore {
  baseUrl: string;
  manifest: Manifest | null;
  manifestError: string | null;
  loads: Record<LayerName, LayerLoad>;
  /** Area class reclassifications shipped with the data (subd. 1(o)/(p)). */
  overrides: AreaClassOverride[];
  overridesError: string | null;
  /** Loads from `baseUrl`, by default the hosting's data source (src/geo/dataSource.ts). */
  loadAll: (baseUrl?: string) => Promise<void>;
  retry: (name: LayerName) => Promise<void>;
}

const initialLoads = Object.fromEntries(
  LAYER_NAMES.map((name) => [name, { status: 'loading', progress: 0 }]),
) as Record<LayerName, LayerLoad>;

function messageOf(error: unknown): string {
  if (error instanceof LayerLoadError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export const useLayerStore = create<LayerStore>((set, get) => {
  const setLoad = (name: LayerName, load: LayerLoad) =>
    set((state) => ({ loads: { ...state.loads, [name]: load } }));

  async function loadOne(name: LayerName): Promise<void> {
    const { manifest, baseUrl } = get();
    const entry = manifest?.layers[name];
    if (!entry) {
      setLoad(name, { status: 'absent' });
      return;
    }
    setLoad(name, { status: 'loading', progress: 0 });
    try {
      let lastReported = 0;
      const { data, drawUrl } = await loadLayer(baseUrl, entry, (progress) => {
        // Re-render at most every 5 % so a large layer does not flood React.
        if (progress - lastReported >= 0.05 || progress === 1) {
          lastReported = progress;
          setLoad(name, { status: 'loading', progress });
        }
      });
      setLoad(name, { status: 'ready', data, drawUrl });
    } catch (error) {
      setLoad(name, { status: 'error', message: messageOf(error) });
    }
  }

  async function loadOverrides(): Promise<void> {
    const { manifest, baseUrl } = get();
    if (!manifest?.areaClassOverrides) return;
    try {
      const response = await fetch(`${baseUrl}${manifest.areaClassOverrides}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const text = await response.text();
      const parsed = parseAreaClassOverrides(JSON.parse(text));
      if (!parsed.ok) throw new Error(`${parsed.error.field} ${parsed.error.message}`);
      if (!fromOfflineCopy(response))
        void keepOfflineCopy(response.url, new TextEncoder().encode(text), 'application/json');
      set({ overrides: parsed.value });
    } catch (error) {
      set({
        overridesError: `Area class reclassifications could not be read (${messageOf(error)}); county classes are used.`,
      });
    }
  }

  return {
    baseUrl: './data/',
    manifest: null,
    manifestError: null,
    loads: initialLoads,
    overrides: [],
    overridesError: null,
    async loadAll(requested?: string) {
      const source = requested ? { baseUrl: requested, notices: [] } : await dataSource();
      for (const notice of source.notices) addNotice(notice);
      const { baseUrl } = source;
      set({
        baseUrl,
        manifest: null,
        manifestError: null,
        loads: initialLoads,
        overrides: [],
        overridesError: null,
      });
      try {
        set({ manifest: await loadManifest(baseUrl) });
      } catch (error) {
        const message = messageOf(error);
        set({
          manifestError: message,
          loads: Object.fromEntries(
            LAYER_NAMES.map((name) => [name, { status: 'error', message }]),
          ) as Record<LayerName, LayerLoad>,
        });
        return;
      }
      // Small layers first so the state outline and counties appear while minors stream in.
      const order = [...LAYER_NAMES].sort(
        (a, b) => (get().manifest?.layers[a]?.bytes ?? 0) - (get().manifest?.layers[b]?.bytes ?? 0),
      );
      await Promise.all([...order.map((name) => loadOne(name)), loadOverrides()]);
    },
    retry: loadOne,
  };
});
