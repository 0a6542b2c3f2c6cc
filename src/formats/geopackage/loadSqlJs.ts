import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SqlJsStatic } from 'sql.js';

let loading: Promise<SqlJsStatic> | undefined;

/**
 * sql.js (SQLite compiled to WebAssembly) for node: its wasm file is read from node_modules.
 * The page loads the same library with the wasm's `?url` in its import worker. Imported when
 * first needed: the compiled CLI keeps sql.js outside its bundle (bin/siting.mjs), and a command
 * that reads no GeoPackage never loads it.
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  loading ??= import('sql.js').then(({ default: initSqlJs }) => {
    const dist = dirname(createRequire(import.meta.url).resolve('sql.js'));
    return initSqlJs({ locateFile: (file: string) => join(dist, file) });
  });
  return loading;
}
