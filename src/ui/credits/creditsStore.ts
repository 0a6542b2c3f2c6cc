/**
 * The credit listings the user loaded in the page and the credit filters (issue 21): inputs,
 * kept in IndexedDB (listings, until "Remove") and local storage (filters) so they survive a
 * reload. The build's own credits.json is read beside them (useCreditPools).
 */
import { create } from 'zustand';
import type { ApprovalFilter } from '../../siting';
import { readStoredListings, writeStoredListings } from './creditListingsDb';
import type { LoadedListing } from './loadedListing';

export type { LoadedListing } from './loadedListing';

interface CreditsState {
  listings: LoadedListing[];
  /** Whether the kept listings were read back (the ranking waits for nothing: none until then). */
  restored: boolean;
  storageError: string | null;
  approval: ApprovalFilter | null;
  add: (listing: LoadedListing) => void;
  remove: (id: string) => void;
  setApproval: (approval: ApprovalFilter | null) => void;
}

const FILTER_KEY = 'mn-wetland-siting-credit-approval';
const storedApproval = (): ApprovalFilter | null => {
  try {
    const value = globalThis.localStorage?.getItem(FILTER_KEY);
    return value === 'wca' || value === '404' || value === 'both' ? value : null;
  } catch {
    return null;
  }
};

export const useCreditsStore = create<CreditsState>((set, get) => {
  const persist = (listings: LoadedListing[]) =>
    writeStoredListings(listings).catch((error: unknown) =>
      set({ storageError: `Credit listings are not kept in this browser: ${String(error)}` }),
    );
  return {
    listings: [],
    restored: false,
    storageError: null,
    approval: storedApproval(),
    add: (listing) => {
      const listings = [...get().listings, listing];
      set({ listings });
      void persist(listings);
    },
    remove: (id) => {
      const listings = get().listings.filter((listing) => listing.id !== id);
      set({ listings });
      void persist(listings);
    },
    setApproval: (approval) => {
      set({ approval });
      try {
        if (approval === null) globalThis.localStorage?.removeItem(FILTER_KEY);
        else globalThis.localStorage?.setItem(FILTER_KEY, approval);
      } catch {
        // Private mode: the filter lasts this visit.
      }
    },
  };
});

/** Reads the kept listings back once, at start. */
export function restoreCreditListings(): void {
  if (useCreditsStore.getState().restored) return;
  readStoredListings()
    .then(({ listings, lost }) =>
      useCreditsStore.setState((state) => ({
        listings: [...listings, ...state.listings],
        restored: true,
        ...(lost.length > 0 ? { storageError: lostText(lost, listings.length) } : {}),
      })),
    )
    .catch((error: unknown) =>
      useCreditsStore.setState({
        restored: true,
        storageError: `The credit listings kept in this browser could not be read (${String(error)}); none is used.`,
      }),
    );
}

/** What the page says of listings whose saved copy was damaged: each by name, and what was kept. */
export function lostText(lost: readonly string[], kept: number): string {
  const names = lost.map((name) => `"${name}"`).join(', ');
  return `${lost.length === 1 ? 'A credit listing' : `${lost.length} credit listings`} kept in this browser could not be read and ${lost.length === 1 ? 'is' : 'are'} not used: ${names} (the saved copy is damaged). Load ${lost.length === 1 ? 'the file' : 'the files'} again to use ${lost.length === 1 ? 'it' : 'them'}. ${kept === 0 ? 'No other listing was kept.' : `The other ${kept === 1 ? 'listing is' : `${kept} listings are`} kept.`}`;
}
