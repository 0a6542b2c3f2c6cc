/**
 * The proposed sites' side of keeping the work: read back from IndexedDB at start when the
 * saved work says they are there (`sites=stored`), and written there a moment after each
 * change. Failures become notices; nothing entered is dropped silently.
 */

import type { UserSite } from '../siting/userSite';
import { addNotice } from './addNotice';
import { isReplacementAction, isWetlandType } from './inputs';
import { sitesPendingAtStart, useSitingStore } from './sitingStore';
import { readStoredSites, writeStoredSites } from './userSitesDb';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Sites as this page wrote them; anything else (an older or damaged record) is left out. */
export function validSites(value: unknown): UserSite[] {
  if (!Array.isArray(value)) return [];
  const ids = new Set<string>();
  return value.filter((site): site is UserSite => {
    if (typeof site !== 'object' || site === null) return false;
    const { id, name, location, action, wetlandType } = site as Record<string, unknown>;
    const ok =
      typeof id === 'string' &&
      id !== '' &&
      !ids.has(id) &&
      typeof name === 'string' &&
      Array.isArray(location) &&
      location.length === 2 &&
      location.every((value) => typeof value === 'number' && Number.isFinite(value)) &&
      isReplacementAction(action) &&
      (wetlandType === undefined || isWetlandType(wetlandType));
    if (ok) ids.add(id as string);
    return ok;
  });
}

let restoring: Promise<void> | null = null;

/** Reads the saved sites back once (when the saved work says they are in IndexedDB). */
export function restoreStoredSites(read = readStoredSites): Promise<void> {
  if (!restoring) restoring = sitesPendingAtStart ? restore(read) : Promise.resolve();
  return restoring;
}

async function restore(read: typeof readStoredSites): Promise<void> {
  try {
    const sites = validSites(await read());
    if (sites.length === 0) {
      addNotice(
        'The saved work’s sites were kept in this browser’s storage and are not there any more; import them again from their file or a project file.',
      );
      return;
    }
    // Sites added while they were read are kept after them.
    useSitingStore.setState((state) => {
      const kept = new Set(sites.map((site) => site.id));
      return { userSites: [...sites, ...state.userSites.filter((site) => !kept.has(site.id))] };
    });
  } catch (error) {
    addNotice(
      `The saved work’s sites could not be read from this browser’s storage (${messageOf(error)}); reload to try again before changing the sites.`,
    );
  }
}

/** A writer that keeps the latest sites in IndexedDB, a moment after the last change. */
export function sitesKeeper(write = writeStoredSites, delayMs = 250): (sites: UserSite[]) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failedOnce = false;
  return (sites) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      write(sites).then(
        () => {
          failedOnce = false;
        },
        (error: unknown) => {
          if (failedOnce) return;
          failedOnce = true;
          addNotice(
            `Your ${sites.length.toLocaleString('en-US')} sites could not be kept in this browser’s storage (${messageOf(error)}); save a project file to keep them.`,
          );
        },
      );
    }, delayMs);
  };
}
