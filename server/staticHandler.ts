/**
 * The static file server the explorer ships (`npm start`) and the browser tests run: the built
 * app (dist/) with what FlatGeobuf and the offline copy need from a host, and nothing a host may
 * get wrong for them.
 *
 * - Single HTTP ranges (206 with Content-Range and Content-Length; 416 when unsatisfiable;
 *   If-Range honoured), as FlatGeobuf's index reads need.
 * - Never compresses: a gzipped 206 (what `vite preview` sends) corrupts range reads and the
 *   browser's cache of partial files (issue 15).
 * - Validators for the browser's HTTP cache (ETag, Last-Modified, 304), so the service worker's
 *   copy of what the page already fetched is a revalidation, not a second download; hashed
 *   assets are immutable for a year.
 * - No `Vary` header (the offline copy would otherwise miss on a differing request header).
 * - CORS on ./data/ (any origin may read the public layers, including their ranges), so the
 *   same files can be copied to another host as they are.
 */
import { createReadStream, type Stats, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.geojson': 'application/geo+json',
  '.wasm': 'application/wasm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.fgb': 'application/octet-stream',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** The CORS headers a host of the layers must send (data/README.md "Hosting the layers"). */
export const DATA_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Range, If-Range, If-None-Match, If-Modified-Since',
  'access-control-expose-headers': 'Accept-Ranges, Content-Range, Content-Length, Content-Encoding, ETag',
  'access-control-max-age': '86400',
};

export type StaticHandler = (request: IncomingMessage, response: ServerResponse) => void;

function etagOf(stats: Stats): string {
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a file of `size` bytes; null when unsatisfiable. */
export function parseRange(header: string, size: number): { start: number; end: number } | null | 'whole' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

/** Serves the files under `root`; `/` is index.html. */
export function createStaticHandler(root: string): StaticHandler {
  const base = path.resolve(root);
  return (request, response) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      return;
    }
    const isData = pathname.startsWith('/data/');
    const cors = isData ? DATA_CORS_HEADERS : {};
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...cors, 'content-length': '0' }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD, OPTIONS', 'content-type': 'text/plain' }).end();
      return;
    }
    const file = path.resolve(base, `.${pathname === '/' ? '/index.html' : pathname}`);
    let stats: Stats | null = null;
    if (file === base || file.startsWith(base + path.sep)) {
      try {
        stats = statSync(file);
      } catch {
        stats = null;
      }
    }
    if (!stats?.isFile()) {
      response.writeHead(404, { ...cors, 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const etag = etagOf(stats);
    const headers: Record<string, string> = {
      ...cors,
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
      etag,
      'last-modified': stats.mtime.toUTCString(),
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    const rangeHeader = request.headers.range;
    const ifRange = request.headers['if-range'];
    const rangeApplies = typeof rangeHeader === 'string' && (ifRange === undefined || ifRange === etag);
    if (!rangeApplies && request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers).end();
      return;
    }
    const range = rangeApplies ? parseRange(rangeHeader, stats.size) : 'whole';
    if (range === null) {
      response.writeHead(416, { ...cors, 'content-range': `bytes */${stats.size}` }).end();
      return;
    }
    const { start, end } = range === 'whole' ? { start: 0, end: stats.size - 1 } : range;
    const status = range === 'whole' ? 200 : 206;
    if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${stats.size}`;
    headers['content-length'] = String(Math.max(0, end - start + 1));
    response.writeHead(status, headers);
    if (request.method === 'HEAD' || stats.size === 0) {
      response.end();
      return;
    }
    const stream = createReadStream(file, { start, end });
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  };
}
