import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.geojson': 'application/geo+json',
  '.fgb': 'application/octet-stream',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A loopback static server that answers single HTTP ranges and counts the body bytes it sends. */
export interface CountingServer {
  url: string;
  /** Body bytes sent per request path since the last reset. */
  bytesByPath: Map<string, number>;
  /** Requests answered per path since the last reset. */
  requestsByPath: Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}

/**
 * Serves the files under `roots` (the first root holding a path wins) on 127.0.0.1. Range
 * support (`bytes=a-b`, `bytes=a-`) is what FlatGeobuf's HTTP reader needs; the byte counts are
 * what the page or the lookup really read, headers excluded.
 */
export async function startCountingServer(roots: readonly string[]): Promise<CountingServer> {
  const bytesByPath = new Map<string, number>();
  const requestsByPath = new Map<string, number>();
  const count = (key: string, bytes: number) => {
    bytesByPath.set(key, (bytesByPath.get(key) ?? 0) + bytes);
    requestsByPath.set(key, (requestsByPath.get(key) ?? 0) + 1);
  };
  const server: Server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
    let file: string | null = null;
    let size = 0;
    for (const root of roots) {
      const candidate = path.resolve(root, relative);
      if (!candidate.startsWith(path.resolve(root))) continue;
      try {
        const info = await stat(candidate);
        if (info.isFile()) {
          file = candidate;
          size = info.size;
          break;
        }
      } catch {
        // Not under this root; try the next.
      }
    }
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const headers = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
      'cache-control': 'no-store',
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (range && (range[1] !== '' || range[2] !== '')) {
      const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
      const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || end < start) {
        response.writeHead(416, { 'content-range': `bytes */${size}` }).end();
        return;
      }
      count(pathname, end - start + 1);
      response.writeHead(206, {
        ...headers,
        'content-length': end - start + 1,
        'content-range': `bytes ${start}-${end}/${size}`,
      });
      createReadStream(file, { start, end }).pipe(response);
      return;
    }
    count(pathname, size);
    response.writeHead(200, { ...headers, 'content-length': size });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('counting server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    bytesByPath,
    requestsByPath,
    reset() {
      bytesByPath.clear();
      requestsByPath.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
