/**
 * Loaded map data: the manifest and each layer's features, with load progress and errors.
 * This is not user input (that lives in the siting store); it is what the server holds,
 * fetched once per page.
 */
import type { FeatureCollection } from 'geojson';
import { create } from 'zustand';
import { LAYER_NAMES, type LayerName, type Manifest, usableOverview } from '../formats/manifest';
import { dataSource } from '../geo/dataSource';
import {
  LayerLoadError,
  type LoadedLayer,
  loadLayer,
  loadManifest,
  onLayerNotice,
  startLayerWorker,
} from '../geo/layerLoader';
import { overlayOfficialLayers, type StoredOfficialLayer } from '../geo/officialLayerEntry';
import { fromOfflineCopy, keepOfflineCopy } from '../geo/offlineCopy';
import { type AreaClassOverride, parseAreaClassOverrides } from '../siting';
import { addNotice } from './addNotice';
import { type LocalLayerFiles, localLayerFiles, NO_LOCAL_FILES } from './localLayerFiles';
import { readOfficialLayers } from './officialLayersDb';

export type LayerLoad =
  /** Its share read so far is in the store's `progress`, apart, so a tick re-renders only the bar. */
  | { status: 'loading' }
  /**
   * `data`: the features, for the layers the page reads (PAGE_READS); null for a layer only the
   * map draws (from `drawUrl`). `labels`: the counties' name points, computed in the layer worker.
   */
  | ({ status: 'ready' } & LoadedLayer)
  | { status: 'error'; message: string }
  | { status: 'absent' }
  /** Not needed for the first view; loaded by `ensureLoaded` (see DEFERRED_LAYERS). */
  | { status: 'deferred' };

/**
 * Not drawn at the state view (minor watersheds appear from zoom 8), so not fetched on a first
 * visit: the map asks for them when zooming towards that scale or to highlight one.
 */
const DEFERRED_LAYERS: readonly LayerName[] = ['minorWatersheds'];

/** A layer's features once loaded, for the layers the page reads (PAGE_READS); else undefined. */
export function featuresOf(load: LayerLoad): FeatureCollection | undefined {
  return load.status === 'ready' ? (load.data ?? undefined) : undefined;
}

/**
 * The layers whose features the page itself reads: the banks and sites (ranking, legend), towns,
 * counties, major watersheds and service areas (search, county names), an imported PLSS layer
 * (its section). The others are only drawn: their geometry stays with the map, and the page's
 * lookups read the files by range in the layer worker (src/geo/rangeLocator.ts).
 */
const PAGE_READS: ReadonlySet<LayerName> = new Set<LayerName>([
  'sites',
  'places',
  'counties',
  'majorWatersheds',
  'bankServiceAreas',
  'plss',
]);

export interface LayerStore {
  baseUrl: string;
  /** What the page reads: the built manifest with imported official layers in place of stand-ins. */
  manifest: Manifest | null;
  /** The manifest as built and served, before imported layers replace entries. */
  builtManifest: Manifest | null;
  /** Official layers imported in this browser (officialLayersDb.ts), and their bytes. */
  official: StoredOfficialLayer[];
  localFiles: LocalLayerFiles;
  /** Why the imported layers kept in this browser could not be read (the built layers are used). */
  officialError: string | null;
  manifestError: string | null;
  loads: Record<LayerName, LayerLoad>;
  /**
   * Each loading layer's share read (0-1). Kept apart from `loads`: the page's results and map
   * read `loads`, and a progress tick (one per network chunk) would re-render all of them.
   */
  progress: Partial<Record<LayerName, number>>;
  /** Area class reclassifications shipped with the data (subd. 1(o)/(p)). */
  overrides: AreaClassOverride[];
  overridesError: string | null;
  /**
   * The page's last point lookup read some units with no answer at all from the data host
   * (offline and not stored on this device, or the host cannot be reached): the header then offers
   * nothing that needs a network. Decided from the reads, never from navigator.onLine.
   */
  hostUnreachable: boolean;
  setHostUnreachable: (unreachable: boolean) => void;
  /** Loads from `baseUrl`, by default the hosting's data source (src/geo/dataSource.ts). */
  loadAll: (baseUrl?: string) => Promise<void>;
  /**
   * The page's first load (loadAll from the hosting's data source), started once: by main.tsx
   * before React's first render, so the data's requests overlap the render and the map's setup.
   */
  start: () => Promise<void>;
  retry: (name: LayerName) => Promise<void>;
  /** Uses `official` (all imported layers, already stored) in place of their stand-ins. */
  setOfficialLayers: (official: StoredOfficialLayer[]) => Promise<void>;
  /** Loads a deferred layer (no-op otherwise). */
  ensureLoaded: (name: LayerName) => void;
}

const initialLoads = Object.fromEntries(LAYER_NAMES.map((name) => [name, { status: 'loading' }])) as Record<
  LayerName,
  LayerLoad
>;

function messageOf(error: unknown): string {
  if (error instanceof LayerLoadError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export const useLayerStore = create<LayerStore>((set, get) => {
  let started: Promise<void> | null = null;
  const setLoad = (name: LayerName, load: LayerLoad) =>
    set((state) =>
      // Loading again what is loading changes nothing a reader sees: no new `loads` to re-render.
      load.status === 'loading' && state.loads[name].status === 'loading'
        ? state
        : { loads: { ...state.loads, [name]: load } },
    );
  const setProgress = (name: LayerName, fraction: number) =>
    set((state) => ({ progress: { ...state.progress, [name]: fraction } }));

  async function loadOne(name: LayerName): Promise<void> {
    const { manifest, baseUrl } = get();
    const entry = manifest?.layers[name];
    if (!entry) {
      setLoad(name, { status: 'absent' });
      return;
    }
    setLoad(name, { status: 'loading' });
    setProgress(name, 0);
    try {
      let lastReported = 0;
      const localUrl = get().localFiles.urls[entry.file];
      const loaded = await loadLayer(
        baseUrl,
        entry,
        (progress) => {
          // Re-render at most every 5 % so a large layer does not flood React.
          if (progress - lastReported >= 0.05 || progress === 1) {
            lastReported = progress;
            setProgress(name, progress);
          }
        },
        localUrl,
        name === 'counties',
        !PAGE_READS.has(name),
      );
      // A newer import (or a return to the default layers) may have replaced the entry meanwhile.
      if (get().manifest?.layers[name] !== entry) return;
      setLoad(name, { status: 'ready', ...loaded });
    } catch (error) {
      if (get().manifest?.layers[name] !== entry) return;
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
    builtManifest: null,
    official: [],
    localFiles: NO_LOCAL_FILES,
    officialError: null,
    manifestError: null,
    loads: initialLoads,
    progress: {},
    overrides: [],
    overridesError: null,
    hostUnreachable: false,
    setHostUnreachable(unreachable) {
      if (get().hostUnreachable !== unreachable) set({ hostUnreachable: unreachable });
    },
    start() {
      started ??= get().loadAll();
      return started;
    },
    async loadAll(requested?: string) {
      // A host whose ranges cannot be used is named once, in the page's notices.
      onLayerNotice(addNotice);
      startLayerWorker(DEFERRED_LAYERS);
      // The browser's own imported layers are read (IndexedDB) while the host is asked for the
      // data source and its manifest: they do not depend on each other.
      const officialRead = readOfficialLayers().then(
        (official) => ({ official, officialError: null }),
        (error: unknown) => ({
          official: [] as StoredOfficialLayer[],
          officialError: `The official layers imported in this browser could not be read (${messageOf(error)}); the built layers are used.`,
        }),
      );
      const source = requested ? { baseUrl: requested, notices: [] } : await dataSource();
      for (const notice of source.notices) addNotice(notice);
      const { baseUrl } = source;
      set({
        baseUrl,
        manifest: null,
        manifestError: null,
        loads: initialLoads,
        progress: {},
        overrides: [],
        overridesError: null,
      });
      try {
        const built = await loadManifest(baseUrl);
        const { official, officialError } = await officialRead;
        const localFiles = localLayerFiles(official, get().localFiles);
        set({
          builtManifest: built,
          manifest: overlayOfficialLayers(built, official),
          official,
          localFiles,
          officialError,
        });
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
      const deferred = (name: LayerName) => {
        const entry = get().manifest?.layers[name];
        return DEFERRED_LAYERS.includes(name) && entry !== undefined && usableOverview(entry) !== null;
      };
      for (const name of order.filter(deferred)) setLoad(name, { status: 'deferred' });
      await Promise.all([
        ...order.filter((name) => !deferred(name)).map((name) => loadOne(name)),
        loadOverrides(),
      ]);
    },
    retry: loadOne,
    async setOfficialLayers(official) {
      const { builtManifest, manifest, localFiles } = get();
      if (!builtManifest || !manifest) return;
      const next = overlayOfficialLayers(builtManifest, official);
      set({ official, manifest: next, localFiles: localLayerFiles(official, localFiles) });
      const changed = LAYER_NAMES.filter((name) => next.layers[name] !== manifest.layers[name]);
      await Promise.all(changed.map((name) => loadOne(name)));
    },
    ensureLoaded(name) {
      if (get().loads[name].status === 'deferred') void loadOne(name);
    },
  };
});
