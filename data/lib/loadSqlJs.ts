import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import initSqlJs, { type SqlJsStatic } from 'sql.js';

let loading: Promise<SqlJsStatic> | undefined;

/**
 * sql.js (SQLite compiled to WebAssembly) for node: its wasm file is read from node_modules.
 * The page loads the same library with the wasm's `?url` in its import worker.
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  const dist = dirname(createRequire(import.meta.url).resolve('sql.js'));
  loading ??= initSqlJs({ locateFile: (file: string) => join(dist, file) });
  return loading;
}
