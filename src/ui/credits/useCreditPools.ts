/**
 * Each bank's credit pools as the page knows them (issue 21): the build's credits.json when the
 * data has one, and the listings the user loaded, joined to the banks (banks.json) by record
 * identity only. Null when neither is loaded: every bank row then says credits are not loaded.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  buildCreditsFile,
  type CreditPool,
  type CreditsFile,
  parseCreditsFile,
} from '../../formats/credits/creditsFile';
import { type BankIdentity, joinCreditRows } from '../../formats/credits/joinCreditRows';
import { parseBanksFile } from '../../formats/ribits/banksFile';
import { useLayerStore } from '../../store/layerStore';
import { restoreCreditListings, useCreditsStore } from './creditsStore';

/** What the page's credit figures rest on. */
export interface CreditPools {
  /** `sites` id → its pools (a bank no row names: absent). */
  bySite: Record<string, CreditPool[]>;
  /** The build's credits.json, or null. */
  build: CreditsFile | null;
  /** The loaded listings joined: rows that matched no bank are named here. */
  loaded: CreditsFile | null;
}

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

/** The build's credits.json, or null (a build without `--credits`). */
function useBuildCredits(baseUrl: string | null): CreditsFile | null {
  const [credits, setCredits] = useState<CreditsFile | null>(null);
  useEffect(() => {
    if (baseUrl === null) return;
    let live = true;
    void fetchJson(`${baseUrl}credits.json`).then((json) => {
      if (!live || json === null) return;
      try {
        setCredits(parseCreditsFile(json));
      } catch {
        setCredits(null);
      }
    });
    return () => {
      live = false;
    };
  }, [baseUrl]);
  return credits;
}

/** The banks' identities (banks.json) for joining listings, read once a listing is loaded. */
function useBankIdentities(baseUrl: string | null, wanted: boolean): BankIdentity[] | null {
  const [banks, setBanks] = useState<BankIdentity[] | null>(null);
  useEffect(() => {
    if (baseUrl === null || !wanted) return;
    let live = true;
    void fetchJson(`${baseUrl}banks.json`).then((json) => {
      if (!live || json === null) return;
      try {
        setBanks(parseBanksFile(json).banks);
      } catch {
        setBanks([]);
      }
    });
    return () => {
      live = false;
    };
  }, [baseUrl, wanted]);
  return banks;
}

export function useCreditPools(): CreditPools | null {
  const manifest = useLayerStore((state) => state.manifest);
  const baseUrl = useLayerStore((state) => (state.manifest ? state.baseUrl : null));
  const listings = useCreditsStore((state) => state.listings);
  useEffect(restoreCreditListings, []);
  const build = useBuildCredits(manifest ? baseUrl : null);
  const identities = useBankIdentities(baseUrl, listings.length > 0);
  return useMemo(() => {
    let loaded: CreditsFile | null = null;
    if (listings.length > 0 && identities !== null) {
      const rows = listings.flatMap((listing) => listing.rows);
      loaded = buildCreditsFile(
        listings.map((listing) => ({
          file: listing.file,
          kind: listing.kind,
          rows: listing.rows,
          bad: listing.leftOut,
          headerRow: 1,
          columns: {},
        })),
        joinCreditRows(rows, identities),
        new Date().toISOString(),
      );
    }
    if (build === null && loaded === null) return null;
    const bySite: Record<string, CreditPool[]> = {};
    for (const file of [build, loaded])
      for (const [siteId, { pools }] of Object.entries(file?.banks ?? {}))
        bySite[siteId] = [...(bySite[siteId] ?? []), ...pools];
    return { bySite, build, loaded };
  }, [build, listings, identities]);
}
