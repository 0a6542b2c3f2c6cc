/**
 * The one store of user inputs (design/PRACTICES.md habit 6). Results — units, requirement,
 * ranking — are derived from it by selectors and never stored. Every change is mirrored
 * into the URL (shareable) and local storage (survives reload and a closed tab).
 */

import { create } from 'zustand';
import type { UserSite } from '../siting/userSite';
import { combineLinkNotices } from './combineLinkNotices';
import {
  defaultInputs,
  type ImpactInputs,
  type Inputs,
  type LayerSetting,
  type Mode,
  type View,
} from './inputs';
import type { MapLayerId } from './mapLayers';
import type { RowFilters } from './rowFilters';
import { decodeUrlState, encodeUrlState, MAX_SITES_STORED } from './urlState';
import { readStoredSites } from './userSitesDb';

export const STORAGE_KEY = 'mn-wetland-siting:inputs:v1';

/** What a map click does: choose the impact, add a proposed site, or add a vertex of the impact area. */
export type ClickMode = 'impact' | 'add-site' | 'draw-impact';

interface SitingStore extends Inputs {
  clickMode: ClickMode;
  /** Messages about ignored URL parameters or restored work, shown once. */
  notices: string[];
  setImpactLocation: (location: [number, number] | null) => void;
  setImpactPolygon: (polygon: [number, number][] | null, centroid: [number, number] | null) => void;
  updateImpact: (patch: Partial<Omit<ImpactInputs, 'location' | 'polygon'>>) => void;
  addUserSites: (sites: UserSite[]) => void;
  removeUserSite: (id: string) => void;
  /** Puts a removed site back at its place in the list (Undo); nothing when it is there already. */
  restoreUserSite: (site: UserSite, index: number) => void;
  /** Removes every proposed site (and, through persistInputs, their copy in IndexedDB). */
  removeAllUserSites: () => void;
  setRankingFilters: (filters: RowFilters) => void;
  setLayer: (id: MapLayerId, patch: Partial<LayerSetting>) => void;
  selectCandidate: (id: string | null) => void;
  /** Shows or hides the banks of one status on the map and in the ranking. */
  setBankStatusHidden: (status: string, hidden: boolean) => void;
  setView: (view: View) => void;
  setClickMode: (mode: ClickMode) => void;
  setMode: (mode: Mode) => void;
  dismissNotice: (index: number) => void;
  replaceInputs: (inputs: Inputs) => void;
}

/**
 * Reads the starting inputs: the link's state wins; otherwise the last session's work.
 * `sitesPending` says the sites are in this browser's IndexedDB, still to be read
 * (restoreStoredSites in persistUserSites.ts).
 */
export function initialInputs(
  search: string,
  storage: Pick<Storage, 'getItem'> | null,
): {
  inputs: Inputs;
  notices: string[];
  displaced: Inputs | null;
  /** The displaced work's sites are in IndexedDB, not in `displaced`. */
  displacedSitesInBrowser?: boolean;
  sitesPending: boolean;
} {
  const saved = storage?.getItem(STORAGE_KEY) ?? null;
  const restored = saved
    ? decodeUrlState(saved, { maxSites: MAX_SITES_STORED, deferStoredSites: true })
    : null;
  const storedSites = restored && restored.inputs.userSites.length > 0 ? restored.inputs.userSites : null;
  const fromUrl = decodeUrlState(search, { storedSites, deferStoredSites: true });
  if (fromUrl.hasState || !restored) {
    // A link with other work than the saved one replaces it: hand the saved work back so it
    // can be kept as a named scenario instead of being overwritten by the first change.
    const hadWork =
      restored !== null &&
      (restored.inputs.impact.location !== null ||
        restored.inputs.userSites.length > 0 ||
        restored.sitesInBrowser);
    const differs = saved !== encodeUrlState(fromUrl.inputs, { maxSites: MAX_SITES_STORED });
    return {
      inputs: fromUrl.inputs,
      notices: combineLinkNotices(fromUrl.notices),
      displaced: hadWork && differs ? restored.inputs : null,
      displacedSitesInBrowser: restored?.sitesInBrowser === true && !fromUrl.sitesInBrowser,
      sitesPending: fromUrl.sitesInBrowser,
    };
  }
  return {
    inputs: restored.inputs,
    notices: [...combineLinkNotices(fromUrl.notices), ...restored.notices],
    displaced: null,
    sitesPending: restored.sitesInBrowser,
  };
}

export function pickInputs(state: Inputs): Inputs {
  return {
    impact: state.impact,
    userSites: state.userSites,
    layers: state.layers,
    selectedCandidateId: state.selectedCandidateId,
    view: state.view,
    mode: state.mode,
    hiddenBankStatuses: state.hiddenBankStatuses,
    rankingFilters: state.rankingFilters,
  };
}

export function createSitingStore(
  start: { inputs: Inputs; notices: string[] } = { inputs: defaultInputs(), notices: [] },
) {
  return create<SitingStore>((set) => ({
    ...start.inputs,
    clickMode: 'impact',
    notices: start.notices,
    setImpactLocation: (location) =>
      set((state) => ({ impact: { ...state.impact, location, polygon: null }, selectedCandidateId: null })),
    setImpactPolygon: (polygon, centroid) =>
      set((state) => ({
        impact: { ...state.impact, polygon, location: centroid },
        selectedCandidateId: null,
      })),
    updateImpact: (patch) => set((state) => ({ impact: { ...state.impact, ...patch } })),
    addUserSites: (sites) => set((state) => ({ userSites: [...state.userSites, ...sites] })),
    removeUserSite: (id) =>
      set((state) => ({
        userSites: state.userSites.filter((site) => site.id !== id),
        selectedCandidateId: state.selectedCandidateId === id ? null : state.selectedCandidateId,
      })),
    restoreUserSite: (site, index) =>
      set((state) => {
        if (state.userSites.some((kept) => kept.id === site.id)) return {};
        const userSites = [...state.userSites];
        userSites.splice(Math.min(Math.max(0, index), userSites.length), 0, site);
        return { userSites };
      }),
    removeAllUserSites: () =>
      set((state) => {
        const selectedIsSite = state.userSites.some((site) => site.id === state.selectedCandidateId);
        return { userSites: [], selectedCandidateId: selectedIsSite ? null : state.selectedCandidateId };
      }),
    setRankingFilters: (rankingFilters) => set({ rankingFilters }),
    setLayer: (id, patch) =>
      set((state) => ({ layers: { ...state.layers, [id]: { ...state.layers[id], ...patch } } })),
    selectCandidate: (selectedCandidateId) => set({ selectedCandidateId }),
    setBankStatusHidden: (status, hidden) =>
      set((state) => ({
        hiddenBankStatuses: hidden
          ? [...new Set([...state.hiddenBankStatuses, status])]
          : state.hiddenBankStatuses.filter((item) => item !== status),
      })),
    setView: (view) => set({ view }),
    setClickMode: (clickMode) => set({ clickMode }),
    setMode: (mode) => set({ mode }),
    dismissNotice: (index) => set((state) => ({ notices: state.notices.filter((_, i) => i !== index) })),
    replaceInputs: (inputs) => set({ ...inputs }),
  }));
}

const browserStart =
  typeof window === 'undefined'
    ? undefined
    : initialInputs(
        window.location.search,
        (() => {
          try {
            return window.localStorage;
          } catch {
            return null;
          }
        })(),
      );

export const useSitingStore = createSitingStore(browserStart);

/** True while the sites of the saved work are still being read from IndexedDB. */
export const sitesPendingAtStart = browserStart?.sitesPending ?? false;

/**
 * Keeps the work a link displaced as a saved scenario, and says so. Call once at start-up,
 * before the first change overwrites local storage.
 */
export async function keepDisplacedWork(
  save: (scenario: { id: string; name: string; savedAt: string; inputs: Inputs }) => Promise<void>,
  newId: () => string,
): Promise<void> {
  let displaced = browserStart?.displaced;
  if (!displaced) return;
  if (browserStart?.displacedSitesInBrowser) {
    // The displaced work's sites live in IndexedDB; the scenario keeps them before the link's replace them.
    const sites = await readStoredSites().catch(() => null);
    if (sites) displaced = { ...displaced, userSites: sites };
  }
  const savedAt = new Date().toISOString();
  const name = `Work before opening a link (${savedAt.slice(0, 16).replace('T', ' ')} UTC)`;
  try {
    await save({ id: newId(), name, savedAt, inputs: displaced });
    useSitingStore.setState((state) => ({
      notices: [
        ...state.notices,
        `This link replaced the work you had open; it was kept as the saved scenario "${name}".`,
      ],
    }));
  } catch {
    useSitingStore.setState((state) => ({
      notices: [
        ...state.notices,
        'This link replaced the work you had open, and it could not be kept as a saved scenario (browser storage refused).',
      ],
    }));
  }
}

/**
 * Mirrors inputs into the URL and local storage on every change, and the sites into IndexedDB
 * (keepSites). Nothing is written while the saved sites are still being read (`ready`), so a
 * reload cannot overwrite them with none.
 */
export function persistInputs(
  ready: Promise<void> = Promise.resolve(),
  keepSites: (sites: UserSite[]) => void = () => {},
): () => void {
  let last = '';
  let lastSites: UserSite[] | null = null;
  let live = false;
  const write = (state: SitingStore) => {
    if (!live) return;
    if (state.userSites !== lastSites) {
      lastSites = state.userSites;
      keepSites(state.userSites);
    }
    const encoded = encodeUrlState(pickInputs(state));
    if (encoded === last) return;
    last = encoded;
    const url = `${window.location.pathname}${encoded ? `?${encoded}` : ''}${window.location.hash}`;
    window.history.replaceState(null, '', url);
    try {
      // Storage keeps up to MAX_SITES_STORED sites, also when there are too many for the link.
      window.localStorage.setItem(
        STORAGE_KEY,
        encodeUrlState(pickInputs(state), { maxSites: MAX_SITES_STORED }),
      );
    } catch {
      // Storage full or disabled (private mode): the URL still holds the state.
    }
  };
  const unsubscribe = useSitingStore.subscribe(write);
  let stopped = false;
  void ready.then(() => {
    if (stopped) return;
    live = true;
    // Sites read back from IndexedDB are already kept there.
    if (!sitesPendingAtStart) return;
    lastSites = useSitingStore.getState().userSites;
    write(useSitingStore.getState());
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}
