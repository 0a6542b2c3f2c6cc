/**
 * Whether a failed read got no answer at all (offline, the host down) or an error the host sent:
 * the page's offline wording rests on this, decided from the read itself, because navigator.onLine
 * reads true after an offline reload in some Chromium versions (issue 33, CI on Chromium 150).
 */
import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Manifest, parseManifest } from '../../../src/formats/manifest.ts';
import { HostUnreachableError, isHostUnreachable } from '../../../src/geo/hostUnreachable.ts';
import { httpRangeFetch } from '../../../src/geo/rangeLayerReader.ts';
import { RangeLocator } from '../../../src/geo/rangeLocator.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';

let dir: string;
let manifest: Manifest;

beforeAll(async () => {
  dir = await buildDataDir({ indexed: true });
  manifest = parseManifest(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A loopback host answering every request with `status`, or the fixture's files with ranges. */
async function host(status: number | null): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    if (status !== null) {
      response.writeHead(status).end('no');
      return;
    }
    const bytes = await readFile(path.join(dir, (request.url ?? '/').slice(1)));
    const match = /bytes=(\d+)-(\d+)/.exec(request.headers.range ?? '');
    if (!match) {
      response.writeHead(200, { 'content-length': bytes.length }).end(bytes);
      return;
    }
    const end = Math.min(Number(match[2]), bytes.length - 1);
    response
      .writeHead(206, { 'content-range': `bytes ${match[1]}-${end}/${bytes.length}` })
      .end(bytes.subarray(Number(match[1]), end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const POINT: [number, number] = [-93.3, 44.95];

describe('a lookup whose reads fail', () => {
  it('marks the place hostUnreachable when the host gives no answer at all (connection refused)', async () => {
    const gone = await host(null);
    await gone.close();
    const locator = new RangeLocator(manifest, (entry) => httpRangeFetch(`${gone.url}${entry.file}`));
    const failed: string[] = [];
    const [location] = await locator.locateMany([POINT], undefined, failed);
    expect(location?.unreadable).toEqual(expect.arrayContaining(['minorWatersheds', 'counties']));
    expect(location?.hostUnreachable).toBe(true);
    expect(failed.join('\n')).toMatch(/the data host cannot be reached/);
  });

  it('does not when the host answered with an error (HTTP 404, 500)', async () => {
    for (const status of [404, 500]) {
      const broken = await host(status);
      try {
        const locator = new RangeLocator(manifest, (entry) => httpRangeFetch(`${broken.url}${entry.file}`));
        const [location] = await locator.locateMany([POINT]);
        expect(location?.unreadable?.length).toBeGreaterThan(0);
        expect(location?.hostUnreachable).toBeUndefined();
      } finally {
        await broken.close();
      }
    }
  });

  it('answers a place read before even when the host is gone since, and marks only the new one', async () => {
    const up = await host(null);
    const locator = new RangeLocator(manifest, (entry) => httpRangeFetch(`${up.url}${entry.file}`));
    const [before] = await locator.locateMany([POINT]);
    expect(before?.unreadable).toBeUndefined();
    await up.close();
    const bounds = manifest.layers.state?.bounds ?? [-97.3, 43.4, -89.4, 49.4];
    const far: [number, number] = [bounds[0] + 0.3, bounds[3] - 0.3];
    const [again, fresh] = await locator.locateMany([POINT, far]);
    expect(again).toEqual(before);
    expect(fresh?.hostUnreachable).toBe(true);
  });
});

describe('isHostUnreachable', () => {
  it('finds the error through its causes, and not a host error', () => {
    const gone = new HostUnreachableError('http://x/a.fgb', new TypeError('Failed to fetch'));
    expect(isHostUnreachable(gone)).toBe(true);
    expect(isHostUnreachable(new Error('layer', { cause: gone }))).toBe(true);
    expect(isHostUnreachable(new Error('http://x/a.fgb: HTTP 404'))).toBe(false);
    expect(isHostUnreachable('Failed to fetch')).toBe(false);
  });
});
