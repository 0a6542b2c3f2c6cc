/**
 * `npm start`: the production build, as a visitor gets it (service worker, offline copy,
 * hashed assets), served on http://127.0.0.1:5173/. Builds first when dist/ is missing or older
 * than any of its inputs (the source, public/ with the data layers, index.html, the configs).
 * `npm run dev` is the Vite development server instead.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { build } from 'vite';
import { createStaticHandler } from './staticHandler.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleReason(): string | null {
  const built = path.join(DIST, 'index.html');
  if (!existsSync(built) || !existsSync(path.join(DIST, 'data/manifest.json'))) return 'dist/ has no build';
  const builtAt = statSync(built).mtimeMs;
  const changed = INPUTS.find((input) => newestMtime(path.join(ROOT, input)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

const reason = staleReason();
if (reason) {
  console.log(`Building the app: ${reason}.`);
  await build({ root: ROOT, logLevel: 'warn' });
} else console.log('The app build is up to date (dist/).');

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 5173);
const server = createServer(createStaticHandler(DIST));
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is in use: stop the other server or run PORT=<free port> npm start.`
      : `The server could not start: ${error.message}`,
  );
  process.exit(1);
});
server.listen(port, host, () => {
  console.log(`The explorer is running at http://${host}:${port}/ (Ctrl+C stops it).`);
});
