/**
 * The offline copy's order (issue 24, item 12): layers are fetched while the manifest's copy is
 * kept, but no layer is stored before it, since a new build empties the old build's copy.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Cache Storage with one cache, logging what is put and deleted, in order. */
function fakeCaches(stored: Map<string, string>, log: string[]) {
  const cache = {
    match: async (url: string) => (stored.has(url) ? new Response(stored.get(url)) : undefined),
    put: async (url: string, response: Response) => {
      stored.set(url, await response.text());
      log.push(`put ${url}`);
    },
    keys: async () => [...stored.keys()].map((url) => new Request(url)),
    delete: async (request: Request) => {
      log.push(`delete ${request.url}`);
      return stored.delete(request.url);
    },
  };
  return { open: async () => cache };
}

const MANIFEST = 'http://host/data/manifest.json';
const LAYER = 'http://host/data/counties.overview.json';
const OLD_LAYER = 'http://host/data/old.fgb';
const build = (generatedAt: string) => JSON.stringify({ generatedAt, inputsHash: 'x' });

describe('the offline copy keeps the manifest before any layer', () => {
  let stored: Map<string, string>;
  let log: string[];
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('PROD', true);
    stored = new Map([
      [MANIFEST, build('2026-01-01')],
      [OLD_LAYER, 'old'],
    ]);
    log = [];
    vi.stubGlobal('caches', fakeCaches(stored, log));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('a layer stored while a new build’s manifest is being kept waits for it, and survives the old build’s removal', async () => {
    const { keepManifestCopy, keepOfflineCopy } = await import('../../../src/geo/offlineCopy.ts');
    const kept = keepManifestCopy(MANIFEST, build('2026-12-02'));
    const layer = keepOfflineCopy(LAYER, new TextEncoder().encode('{}'), 'application/json');
    await Promise.all([kept, layer]);
    expect(log.indexOf(`put ${LAYER}`)).toBeGreaterThan(log.indexOf(`delete ${OLD_LAYER}`));
    expect(log.indexOf(`put ${LAYER}`)).toBeGreaterThan(log.indexOf(`put ${MANIFEST}`));
    expect([...stored.keys()].sort()).toEqual([LAYER, MANIFEST].sort());
  });

  it('held stores (the other side keeps the manifest) wait until opened', async () => {
    const { holdStores, keepOfflineCopy, openStores } = await import('../../../src/geo/offlineCopy.ts');
    holdStores();
    const layer = keepOfflineCopy(LAYER, new TextEncoder().encode('{}'), 'application/json');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual([]);
    openStores();
    await layer;
    expect(log).toEqual([`put ${LAYER}`]);
  });

  it('never tries to keep a layer imported in this browser (a blob: URL), nor its ranges, and says nothing', async () => {
    const { keepOfflineCopy, keepOfflineRange } = await import('../../../src/geo/offlineCopy.ts');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await keepOfflineCopy('blob:http://host/3f2a', new TextEncoder().encode('{}'), 'application/json');
    await keepOfflineRange('blob:http://host/3f2a', 0, new ArrayBuffer(8));
    expect(log).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
    await keepOfflineRange(LAYER, 0, new ArrayBuffer(8));
    expect(log).toEqual([`put ${LAYER}.range/0-7`]);
    warn.mockRestore();
  });
});
