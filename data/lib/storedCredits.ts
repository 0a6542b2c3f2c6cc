import { existsSync, statSync } from 'node:fs';
import type { ImportRecord } from './readImportedLayers.ts';

/** The credit listings of a build (`--credits`, `--as-of`, `--skip-bad-rows`), as the manifest records them. */
export interface CreditSpec {
  files: ImportRecord[];
  asOf: string | null;
  skipBadRows: boolean;
}

/**
 * The credit listings a manifest records (`credits.inputs`), and which of those files are gone
 * or no longer the same (size or mtime changed), or null when the build read none — exactly as
 * storedImports does for `--import`, so `data:ensure` rebuilds from the same listings.
 */
export function storedCredits(value: unknown): { spec: CreditSpec; gone: string[] } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { files, asOf, skipBadRows } = value as { files?: unknown; asOf?: unknown; skipBadRows?: unknown };
  if (!Array.isArray(files) || files.length === 0) return null;
  const records: ImportRecord[] = files
    .filter(
      (f): f is ImportRecord =>
        typeof f?.path === 'string' && typeof f?.bytes === 'number' && typeof f?.mtime === 'string',
    )
    .map((f) => ({ path: f.path, bytes: f.bytes, mtime: f.mtime }));
  if (records.length === 0) return null;
  const gone = records
    .filter((r) => {
      if (!existsSync(r.path)) return true;
      const s = statSync(r.path);
      return s.size !== r.bytes || s.mtime.toISOString() !== r.mtime;
    })
    .map((r) => r.path);
  return {
    spec: {
      files: records,
      asOf: typeof asOf === 'string' ? asOf : null,
      skipBadRows: skipBadRows === true,
    },
    gone,
  };
}
