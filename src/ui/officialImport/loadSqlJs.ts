/**
 * sql.js for a worker that meets a GeoPackage: the reader and its WebAssembly are separate
 * chunks, fetched only then (the official-layer import and the sites import share it).
 */
import type { SqlJsStatic } from 'sql.js';

export async function loadSqlJs(): Promise<SqlJsStatic> {
  const [{ default: initSqlJs }, { default: wasmUrl }] = await Promise.all([
    import('sql.js'),
    import('sql.js/dist/sql-wasm-browser.wasm?url'),
  ]);
  return initSqlJs({ locateFile: () => wasmUrl });
}
