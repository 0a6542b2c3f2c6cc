/**
 * The server `npm start` ships (and the browser tests run): ranges right, never compressed,
 * validators, CORS on the data, no Vary, nothing outside its folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from '../../../server/staticHandler';

let root: string;
let server: Server;
let base: string;
const LAYER = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 256));

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'static-'));
  mkdirSync(path.join(root, 'data'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>x</title>'.repeat(100));
  writeFileSync(path.join(root, 'data/layer.fgb'), LAYER);
  writeFileSync(path.join(root, 'data/manifest.json'), JSON.stringify({ a: 'b'.repeat(5000) }));
  writeFileSync(path.join(root, 'assets/index-AbCdEf12.js'), 'console.log(1);'.repeat(500));
  writeFileSync(path.join(tmpdir(), 'outside-static.txt'), 'secret');
  server = createServer(createStaticHandler(root));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { headers: { 'accept-encoding': 'gzip, br', ...headers } });

describe('createStaticHandler', () => {
  it('answers a single range with 206, Content-Range and Content-Length, uncompressed', async () => {
    const response = await get('/data/layer.fgb', { range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/5000');
    expect(response.headers.get('content-length')).toBe('100');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer())).toEqual(LAYER.subarray(100, 200));
  });

  it.each([
    ['bytes=4990-', 'bytes 4990-4999/5000', 10],
    ['bytes=-20', 'bytes 4980-4999/5000', 20],
    ['bytes=4000-9999', 'bytes 4000-4999/5000', 1000],
  ])('%s → %s', async (range, contentRange, length) => {
    const response = await get('/data/layer.fgb', { range });
    expect(response.headers.get('content-range')).toBe(contentRange);
    expect((await response.arrayBuffer()).byteLength).toBe(length);
  });

  it('refuses a range past the end with 416 and the size', async () => {
    const response = await get('/data/layer.fgb', { range: 'bytes=5000-5010' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */5000');
  });

  it('never compresses, sends no Vary, and marks hashed assets immutable', async () => {
    for (const url of ['/', '/data/manifest.json', '/assets/index-AbCdEf12.js']) {
      const response = await get(url);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toBeNull();
    }
    expect((await get('/assets/index-AbCdEf12.js')).headers.get('cache-control')).toContain('immutable');
    expect((await get('/data/layer.fgb')).headers.get('cache-control')).toBe('no-cache');
  });

  it('revalidates with 304, and sends the whole file when If-Range names another version', async () => {
    const first = await get('/data/layer.fgb');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await get('/data/layer.fgb', { 'if-none-match': etag })).status).toBe(304);
    const stale = await get('/data/layer.fgb', { range: 'bytes=0-9', 'if-range': '"other"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(5000);
  });

  it('lets any origin read the data and its range headers (CORS), with a preflight', async () => {
    const response = await get('/data/layer.fgb', {
      origin: 'https://elsewhere.example',
      range: 'bytes=0-3',
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const preflight = await fetch(`${base}/data/layer.fgb`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Range');
  });

  it('serves nothing outside its folder', async () => {
    for (const url of [
      '/../outside-static.txt',
      '/%2e%2e/outside-static.txt',
      '/data/..%2f..%2foutside-static.txt',
    ]) {
      expect((await get(url)).status).toBe(404);
    }
  });
});
