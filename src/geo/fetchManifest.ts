/**
 * The layer manifest as read from the host, before it is checked: the page's loadManifest and the
 * layer worker's start-up (firstViewPrefetch.ts) read it the same way. Small on purpose: the page
 * imports it without the worker's decoders.
 */
import { fromOfflineCopy } from './offlineCopy';

/** What the page's loadManifest would have read from the host. */
export type ManifestAnswer =
  | { baseUrl: string; reached: false }
  | {
      baseUrl: string;
      reached: true;
      ok: boolean;
      status: number;
      url: string;
      /** null when the body could not be read. */
      text: string | null;
      /** Served from the offline copy (src/geo/offlineCopy.ts). */
      offline: boolean;
    };

/** Fetches `manifest.json` under `baseUrl` as the page does (revalidated, never a stale copy). */
export async function fetchManifest(baseUrl: string, signal?: AbortSignal): Promise<ManifestAnswer> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}manifest.json`, { signal, cache: 'no-cache' });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { baseUrl, reached: false };
  }
  const text = response.ok ? await response.text().catch(() => null) : null;
  return {
    baseUrl,
    reached: true,
    ok: response.ok,
    status: response.status,
    url: response.url,
    text,
    offline: fromOfflineCopy(response),
  };
}
