import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingServer, startCountingServer } from '../../../bench/countingServer.ts';
import { randomPoints } from '../../../bench/randomPoints.ts';
import { type Manifest, parseManifest } from '../../../src/formats/manifest.ts';
import { type DetailReply, handleDetailRequest } from '../../../src/geo/detailRequests.ts';
import type { Rect } from '../../../src/geo/featureSource.ts';
import { httpRangeFetch, RangeLayerReader } from '../../../src/geo/rangeLayerReader.ts';
import { RangeLocator } from '../../../src/geo/rangeLocator.ts';
import { readFeatureCollection } from '../../../src/geo/readFeatureCollection.ts';
import { UnitIndex } from '../../../src/geo/unitIndex.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';

let dir: string;
let server: CountingServer;
let manifest: Manifest;

beforeAll(async () => {
  dir = await buildDataDir({ indexed: true });
  server = await startCountingServer([dir]);
  manifest = parseManifest(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function openMinor(): Promise<{ reader: RangeLayerReader; bytes: Uint8Array }> {
  const entry = manifest.layers.minorWatersheds;
  if (!entry) throw new Error('fixture has no minor layer');
  const bytes = new Uint8Array(await readFile(path.join(dir, entry.file)));
  const reader = await RangeLayerReader.open(httpRangeFetch(`${server.url}${entry.file}`), bytes.length);
  return { reader, bytes };
}

async function wholeLayers(): Promise<Record<string, Awaited<ReturnType<typeof readFeatureCollection>>>> {
  const collections: Record<string, Awaited<ReturnType<typeof readFeatureCollection>>> = {};
  for (const [name, entry] of Object.entries(manifest.layers))
    collections[name] = await readFeatureCollection(
      new Uint8Array(await readFile(path.join(dir, entry.file))),
    );
  return collections;
}

describe('RangeLayerReader', () => {
  it('reads through HTTP ranges exactly the features flatgeobuf finds in the file for a box', async () => {
    const { reader, bytes } = await openMinor();
    const boxes: Rect[] = [
      { minX: -93.3, minY: 44.9, maxX: -93.2, maxY: 45 },
      { minX: -180, minY: -90, maxX: 180, maxY: 90 },
      { minX: 0, minY: 0, maxX: 1, maxY: 1 },
    ];
    for (const rect of boxes) {
      const expected: string[] = [];
      for await (const feature of deserialize(bytes, { rect })) expected.push(String(feature.properties?.id));
      const got: string[] = [];
      for await (const batch of reader.read(reader.search(rect)))
        for (const { feature } of batch) got.push(String(feature.properties?.id));
      expect(got.sort()).toEqual(expected.sort());
    }
  });

  it('locates a batch of points as the whole-layer index does, reading less than the files', async () => {
    const collections: Record<string, Awaited<ReturnType<typeof readFeatureCollection>>> = {};
    let fileBytes = 0;
    for (const [name, entry] of Object.entries(manifest.layers)) {
      const bytes = new Uint8Array(await readFile(path.join(dir, entry.file)));
      fileBytes += bytes.length;
      collections[name] = await readFeatureCollection(bytes);
    }
    const index = new UnitIndex(manifest, collections);
    const bounds = manifest.layers.state?.bounds ?? [-97.3, 43.4, -89.4, 49.4];
    const points = randomPoints(200, bounds, 7);
    server.reset();
    const locator = new RangeLocator(manifest, (entry) => httpRangeFetch(`${server.url}${entry.file}`));
    const located = await locator.locateMany(points);
    expect(located).toEqual(points.map((point) => index.locate(point)));
    // A second batch over the same places reads nothing new.
    const before = server.requestsByPath.size;
    const requests = [...server.requestsByPath.values()].reduce((a, b) => a + b, 0);
    await locator.locateMany(points.slice(0, 50));
    expect([...server.requestsByPath.values()].reduce((a, b) => a + b, 0)).toBe(requests);
    expect(server.requestsByPath.size).toBe(before);
    expect(fileBytes).toBeGreaterThan(0);
  });

  it('offline, names the layers it could not read for a new place, and answers a place read before', async () => {
    let offline = false;
    const locator = new RangeLocator(manifest, (entry) => {
      const read = httpRangeFetch(`${server.url}${entry.file}`);
      return (start, end, signal) =>
        offline ? Promise.reject(new TypeError('Failed to fetch')) : read(start, end, signal);
    });
    const index = new UnitIndex(manifest, await wholeLayers());
    const visited: [number, number] = [-93.3, 44.95];
    const bounds = manifest.layers.state?.bounds ?? [-97.3, 43.4, -89.4, 49.4];
    // A place far from the visited one (no minor watershed's box holds both).
    const fresh = randomPoints(50, bounds, 11).find((point) => index.locate(point).minorWatershed !== null);
    if (!fresh) throw new Error('no point in a minor watershed');
    const [before] = await locator.locateMany([visited]);
    expect(before?.unreadable).toBeUndefined();
    offline = true;
    const failed: string[] = [];
    const [again, unread] = await locator.locateMany([visited, fresh], undefined, failed);
    // The place read before answers as it did; the new one is not "not found" but unreadable.
    expect(again).toEqual(before);
    expect(unread?.unreadable).toEqual(expect.arrayContaining(['minorWatersheds']));
    expect(unread?.minorWatershed).toBeNull();
    expect(failed.join('\n')).toMatch(/Failed to fetch/);
  });

  it('slices a whole-file answer when the host ignores the range (HTTP 200)', async () => {
    const entry = manifest.layers.counties;
    if (!entry) throw new Error('no counties');
    const bytes = new Uint8Array(await readFile(path.join(dir, entry.file)));
    const plain: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-length': bytes.length });
      response.end(bytes);
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/counties.fgb`;
      const reader = await RangeLayerReader.open(httpRangeFetch(url), bytes.length);
      expect(reader.featureCount).toBe(entry.featureCount);
      const all = reader.search({ minX: -180, minY: -90, maxX: 180, maxY: 90 });
      let n = 0;
      for await (const batch of reader.read(all)) n += batch.length;
      expect(n).toBe(entry.featureCount);
    } finally {
      plain.closeAllConnections();
      plain.close();
    }
  });
});

describe('a stream of full-resolution features', () => {
  it('cancels its request on the wire when aborted, and asks for nothing more', async () => {
    const entry = manifest.layers.minorWatersheds;
    if (!entry) throw new Error('no minor layer');
    const bytes = new Uint8Array(await readFile(path.join(dir, entry.file)));
    const { reader } = await openMinor();
    const headerAndTree = reader.byteRangeOf(0)[0];
    const seen: string[] = [];
    let cancelled = 0;
    let firstFeatureRequest: () => void = () => {};
    const featureRequested = new Promise<void>((resolve) => {
      firstFeatureRequest = resolve;
    });
    // Answers header and index at once; holds every feature range, as a slow network would.
    const slow: Server = createServer((request, response) => {
      const [, a, b] = /bytes=(\d+)-(\d+)/.exec(request.headers.range ?? '') ?? [];
      const start = Number(a);
      const end = Math.min(Number(b), bytes.length - 1);
      seen.push(`${start}-${end}`);
      const send = () => {
        response.writeHead(206, { 'content-range': `bytes ${start}-${end}/${bytes.length}` });
        response.end(bytes.subarray(start, end + 1));
      };
      if (start < headerAndTree) return send();
      response.on('close', () => {
        if (!response.writableEnded) cancelled++;
      });
      firstFeatureRequest();
      setTimeout(() => {
        if (!response.destroyed) send();
      }, 5_000);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/minor.fgb`;
      const replies: DetailReply[] = [];
      const done = handleDetailRequest(
        {
          op: 'stream',
          id: 1,
          url,
          bytes: bytes.length,
          rect: { minX: -180, minY: -90, maxX: 180, maxY: 90 },
          have: [],
        },
        (reply) => replies.push(reply),
      );
      await featureRequested;
      const requestsBeforeAbort = seen.length;
      await handleDetailRequest({ op: 'abort', id: 1 }, () => {});
      await done;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(replies.at(-1)).toMatchObject({ id: 1, kind: 'failed', aborted: true });
      expect(replies.some((reply) => reply.kind === 'streamed')).toBe(false);
      expect(cancelled).toBe(1);
      expect(seen.length).toBe(requestsBeforeAbort);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  }, 20_000);
});
