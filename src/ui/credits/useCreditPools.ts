/**
 * Each bank's credit pools as the page knows them (issue 21): the build's credits.json when the
 * data has one, and the listings the user loaded, joined to the banks (banks.json) by record
 * identity only (creditPoolsOf, loaded on demand). Null when neither is there: every bank row then
 * says credits are not loaded.
 */
import { useEffect, useState } from 'react';
import { useLayerStore } from '../../store/layerStore';
import type { CreditPools } from './creditPoolsOf';
import { restoreCreditListings, useCreditsStore } from './creditsStore';

export type { CreditPools } from './creditPoolsOf';

const cache = new Map<string, Promise<unknown>>();
/** JSON at a URL, once per page; null when absent or not JSON (a host's HTML fallback). */
function fetchJson(url: string): Promise<unknown> {
  let found = cache.get(url);
  if (!found) {
    found = fetch(url)
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
    cache.set(url, found);
  }
  return found;
}

export function useCreditPools(): CreditPools | null {
  const baseUrl = useLayerStore((state) => (state.manifest ? state.baseUrl : null));
  // Only a build made with credit listings has credits.json (a request for it otherwise is a 404).
  const creditsFile = useLayerStore((state) => state.manifest?.creditsFile ?? null);
  const listings = useCreditsStore((state) => state.listings);
  const [pools, setPools] = useState<CreditPools | null>(null);
  useEffect(restoreCreditListings, []);
  useEffect(() => {
    if (baseUrl === null) return;
    let live = true;
    void (async () => {
      const build = creditsFile ? await fetchJson(`${baseUrl}${creditsFile}`) : null;
      if (build === null && listings.length === 0) {
        if (live) setPools(null);
        return;
      }
      const banks = listings.length > 0 ? await fetchJson(`${baseUrl}banks.json`) : null;
      const { creditPoolsOf } = await import('./creditPoolsOf');
      if (live) setPools(creditPoolsOf(build, listings, banks));
    })();
    return () => {
      live = false;
    };
  }, [baseUrl, creditsFile, listings]);
  return pools;
}
