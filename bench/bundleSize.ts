import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip size of the JavaScript index.html loads before anything else. */
export interface BundleSize {
  initialGzipBytes: number;
  initialRawBytes: number;
  files: { file: string; rawBytes: number; gzipBytes: number }[];
  /**
   * The map's chunk (MapLibre and src/map), asked for by the entry as it runs, not before it:
   * not in the initial figure, reported beside it.
   */
  mapChunk?: { file: string; rawBytes: number; gzipBytes: number } | null;
}

/**
 * Reads `distDir/index.html`, takes every `<script type="module" src>` and
 * `<link rel="modulepreload" href>` (what the browser fetches before first paint) and gzips each
 * at level 9, as a static server with precompressed files would send it.
 */
export async function bundleSize(distDir: string): Promise<BundleSize> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g))
    sources.add(match[1] as string);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g))
    sources.add(match[1] as string);
  const files = await Promise.all(
    [...sources].map(async (source) => {
      const bytes = await readFile(path.join(distDir, source.replace(/^\.?\//, '')));
      return {
        file: source,
        rawBytes: bytes.byteLength,
        gzipBytes: gzipSync(bytes, { level: 9 }).byteLength,
      };
    }),
  );
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const mapFile = (await readdir(path.join(distDir, 'assets'))).find((f) => /^MapView-.*\.js$/.test(f));
  let mapChunk: BundleSize['mapChunk'] = null;
  if (mapFile) {
    const bytes = await readFile(path.join(distDir, 'assets', mapFile));
    mapChunk = {
      file: `./assets/${mapFile}`,
      rawBytes: bytes.byteLength,
      gzipBytes: gzipSync(bytes, { level: 9 }).byteLength,
    };
  }
  return {
    mapChunk,
    initialGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    initialRawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    files,
  };
}
