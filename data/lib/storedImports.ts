import { existsSync, statSync } from 'node:fs';
import type { ImportRecord, ImportSpec } from './readImportedLayers.ts';

/**
 * The imports a manifest records (`npm run data -- --import …`), and which of those files are
 * gone or no longer the same (size or mtime changed), or null when the build imported nothing.
 */
export function storedImports(value: unknown): { spec: ImportSpec; gone: string[] } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { files, map } = value as { files?: unknown; map?: unknown };
  if (!Array.isArray(files) || files.length === 0) return null;
  const records: ImportRecord[] = files
    .filter(
      (f): f is ImportRecord =>
        typeof f?.path === 'string' && typeof f?.bytes === 'number' && typeof f?.mtime === 'string',
    )
    .map((f) => ({ path: f.path, bytes: f.bytes, mtime: f.mtime }));
  const cleanMap: Record<string, string> = {};
  if (typeof map === 'object' && map !== null)
    for (const [k, v] of Object.entries(map)) if (typeof v === 'string') cleanMap[k] = v;
  const gone = records
    .filter((r) => {
      if (!existsSync(r.path)) return true;
      const s = statSync(r.path);
      return s.size !== r.bytes || s.mtime.toISOString() !== r.mtime;
    })
    .map((r) => r.path);
  return { spec: { files: records, map: cleanMap }, gone };
}
