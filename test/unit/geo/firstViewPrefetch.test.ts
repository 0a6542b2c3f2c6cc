/**
 * The first view read in the layer worker at start-up (issue 24, item 12): the data source, the
 * manifest and the first view's layers are read once, before the page asks, from a loopback host.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingServer, startCountingServer } from '../../../bench/countingServer.ts';
import { LAYER_NAMES, parseManifest, usableOverview } from '../../../src/formats/manifest.ts';
import { decodeRequestOf } from '../../../src/geo/decodeRequestOf.ts';
import { type PrefetchReply, prefetchFirstView, takePrefetched } from '../../../src/geo/firstViewPrefetch.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let host: CountingServer;

beforeAll(async () => {
  // public/ holds the built data under data/ (npm test builds it first), as a deployed site does.
  host = await startCountingServer([path.join(ROOT, 'public')]);
});
afterAll(() => host.close());

const prefetch = async (built: string, deferred = ['minorWatersheds'] as const) => {
  const replies: PrefetchReply[] = [];
  await prefetchFirstView({ op: 'prefetch', pageUrl: host.url, policy: null, built, deferred }, (reply) =>
    replies.push(reply),
  );
  return replies;
};

describe('prefetchFirstView', () => {
  it('reads config.json and the manifest once each, and hands over every first-view layer decoded, once; deferred minors are not read', async () => {
    host.reset();
    const replies = await prefetch('./data/');
    const source = replies.find((reply) => reply.kind === 'source');
    expect(source?.kind === 'source' && source.source.baseUrl).toBe(`${host.url}data/`);
    const answered = replies.find((reply) => reply.kind === 'manifest');
    if (answered?.kind !== 'manifest' || !answered.answer.reached) throw new Error('no manifest answer');
    expect(answered.answer.ok).toBe(true);
    const manifest = parseManifest(JSON.parse(answered.answer.text ?? ''));
    const baseUrl = `${host.url}data/`;
    let handed = 0;
    for (const name of LAYER_NAMES) {
      const entry = manifest.layers[name];
      if (!entry) continue;
      const { request } = decodeRequestOf(baseUrl, entry);
      const decoding = takePrefetched(request.url);
      if (name === 'minorWatersheds' && usableOverview(entry)) {
        expect(decoding, 'the deferred minor watersheds').toBeNull();
        continue;
      }
      expect(decoding, name).not.toBeNull();
      const data = await decoding;
      expect(data?.features.length, name).toBe(entry.featureCount);
      // Handed over once: the page's next request for it reads it again.
      expect(takePrefetched(request.url)).toBeNull();
      handed += 1;
    }
    expect(handed).toBeGreaterThanOrEqual(6);
    expect(host.requestsByPath.get('/config.json')).toBe(1);
    expect(host.requestsByPath.get('/data/manifest.json')).toBe(1);
    expect(host.requestsByPath.has('/data/minor-watersheds.fgb')).toBe(false);
  });

  it('a data source without a manifest: the answer carries the HTTP status for the page to name, and nothing is decoded', async () => {
    host.reset();
    const replies = await prefetch('./nowhere/');
    const answered = replies.find((reply) => reply.kind === 'manifest');
    expect(answered?.kind === 'manifest' && answered.answer.reached && answered.answer.status).toBe(404);
    expect(answered?.kind === 'manifest' && answered.keeping).toBe(false);
    // No layer of the build's own data was read for a source that has none.
    expect([...host.requestsByPath.keys()].filter((key) => key.startsWith('/data/'))).toEqual([]);
  });
});
