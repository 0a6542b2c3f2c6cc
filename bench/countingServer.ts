import { existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createStaticHandler } from '../server/staticHandler.ts';

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
 * Serves the files under `roots` (the first root holding a path wins) on 127.0.0.1 with the
 * shipped server's handler (server/staticHandler.ts); the byte counts are the bodies it sent
 * (a 304 counts as a request of 0 bytes), headers excluded.
 */
export async function startCountingServer(roots: readonly string[]): Promise<CountingServer> {
  const bytesByPath = new Map<string, number>();
  const requestsByPath = new Map<string, number>();
  const count = (key: string, bytes: number) => {
    bytesByPath.set(key, (bytesByPath.get(key) ?? 0) + bytes);
    requestsByPath.set(key, (requestsByPath.get(key) ?? 0) + 1);
  };
  // The server `npm start` runs (ranges, validators, immutable assets, CORS on data), one per
  // root: the bench measures what a visitor of the shipped server would fetch.
  const handlers = roots.map((root) => ({ root: path.resolve(root), handle: createStaticHandler(root) }));
  const server: Server = createServer((request, response) => {
    let pathname = '/';
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      // The handler answers 400.
    }
    const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
    const holder =
      handlers.find(({ root }) => {
        const candidate = path.resolve(root, relative);
        return candidate.startsWith(root + path.sep) && existsSync(candidate) && statSync(candidate).isFile();
      }) ?? handlers[0];
    // Count the body as it is written (headers passed to writeHead are not readable back).
    let sent = 0;
    const write = response.write.bind(response);
    response.write = ((chunk: unknown, ...rest: never[]) => {
      if (chunk && typeof chunk !== 'function') sent += Buffer.byteLength(chunk as Buffer);
      return write(chunk as Buffer, ...rest);
    }) as typeof response.write;
    response.on('finish', () => {
      if (response.statusCode === 200 || response.statusCode === 206 || response.statusCode === 304)
        count(pathname, sent);
    });
    holder?.handle(request, response);
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
