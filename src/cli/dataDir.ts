import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Manifest, parseManifest } from '../formats/manifest.ts';
import {
  type CachedFeatureSource,
  createCachedBytesFeatureSource,
  type OpenRanges,
} from '../geo/cachedBytesFeatureSource.ts';
import { locatePoint } from '../geo/locatePoint.ts';
import type { Location } from '../geo/location.ts';
import { type AreaClassOverride, parseAreaClassOverrides } from '../siting/index.ts';
import { DataError, UsageError } from './cliErrors.ts';

/** The built data the CLI reads: manifest, features and area class overrides. */
export interface DataDir {
  dir: string;
  manifest: Manifest;
  source: CachedFeatureSource;
  /** The units of a point, through the files' R-trees, each polygon decoded once per run. */
  locate: (point: readonly [number, number]) => Promise<Location>;
}

function describe(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'not found';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

/** Closes a layer file's descriptor once nothing can read through it. */
const closeWhenUnreachable = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed (the process is ending): nothing to do.
  }
});

/** Bytes [start, end) of an open file, read whole (a short read goes on; the file ending early fails). */
function readRange(fd: number, start: number, end: number): Uint8Array {
  const bytes = new Uint8Array(Math.max(0, end - start));
  let done = 0;
  while (done < bytes.length) {
    const read = readSync(fd, bytes, done, bytes.length - done, start + done);
    if (read === 0) throw new Error(`the file ended at byte ${start + done}, before ${end}`);
    done += read;
  }
  return bytes;
}

/** Opens `dir/manifest.json`; layer files are read on first use. @throws DataError */
export async function openDataDir(dir: string): Promise<DataDir> {
  const manifestPath = path.join(dir, 'manifest.json');
  let text: string;
  try {
    text = await readFile(manifestPath, 'utf8');
  } catch (error) {
    throw new DataError(
      `${manifestPath}: ${describe(error)} (build the data with "npm run data" or pass --data DIR)`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = parseManifest(JSON.parse(text));
  } catch (error) {
    throw new DataError(`${manifestPath}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A layer without an R-tree is read whole (the source scans it): at once (a command waits for
  // it anyway: no round trips through the thread pool) and not copied.
  const readLayer = async (file: string) => {
    const filePath = path.join(dir, file);
    try {
      const bytes = readFileSync(filePath);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      throw new DataError(`${filePath}: ${describe(error)}`);
    }
  };
  // Indexed layers are read by ranges, synchronously (no round trips through the thread pool):
  // the header, the R-tree and the features a lookup needs, not the file (the official minor
  // watersheds are ~86 MB, of which one lookup needs a few kilobytes). A batch reads ~900 ranges:
  // each file is opened once, and closed when its reader is no longer reachable (the DataDirs
  // tests open are never closed).
  const openRanges: OpenRanges = async (file) => {
    const filePath = path.join(dir, file);
    let fd: number;
    let size: number;
    try {
      fd = openSync(filePath, 'r');
      size = fstatSync(fd).size;
    } catch (error) {
      throw new DataError(`${filePath}: ${describe(error)}`);
    }
    const read = async (start: number, end: number) => readRange(fd, start, Math.min(end, size));
    closeWhenUnreachable.register(read, fd);
    return { size, read };
  };
  // A batch locates hundreds of points: the cached source reads each R-tree once and decodes only
  // the polygons the points fall in (decoding the layers whole for an in-memory index cost more).
  const source = createCachedBytesFeatureSource(readLayer, openRanges);
  return { dir, manifest, source, locate: (point) => locatePoint(point, manifest, source) };
}

async function readDefaultOverrides(dataDir: string): Promise<{ target: string; text: string } | null> {
  for (const target of [
    path.join(dataDir, 'area-class-overrides.json'),
    path.join('data', 'area-class-overrides.json'),
  ]) {
    try {
      return { target, text: await readFile(target, 'utf8') };
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT')
        throw new DataError(`${target}: ${describe(error)}`);
    }
  }
  return null;
}

/**
 * Reads area class overrides (103G.222 subd. 1(o)/(p)) from `file`; with no file, from
 * `<dataDir>/area-class-overrides.json`, else `data/area-class-overrides.json`, else none.
 * @throws UsageError for a file given that is bad, DataError for a default file being bad.
 */
export async function loadOverrides(
  file: string | undefined,
  dataDir: string,
): Promise<readonly AreaClassOverride[]> {
  let target: string;
  let text: string;
  if (file === undefined) {
    const found = await readDefaultOverrides(dataDir);
    if (found === null) return [];
    ({ target, text } = found);
  } else {
    target = file;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`${file}: ${describe(error)}`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new (file === undefined ? DataError : UsageError)(`${target}: not valid JSON`);
  }
  const result = parseAreaClassOverrides(parsed);
  if (!result.ok) {
    throw new (file === undefined ? DataError : UsageError)(
      `${target}: ${result.error.field}: ${result.error.message}`,
    );
  }
  return result.value;
}
