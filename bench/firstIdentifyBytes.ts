import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseManifest } from '../src/formats/manifest.ts';
import { locatePoint } from '../src/geo/locatePoint.ts';
import { createUrlFeatureSource } from '../src/geo/urlFeatureSource.ts';
import { startCountingServer } from './countingServer.ts';

/** Bytes the browser-path lookup read for its first point, against the minor-watershed file. */
export interface FirstIdentifyBytes {
  firstIdentifyBytes: number;
  minorWatershedFileBytes: number;
  minorWatershedBytesRead: number;
  requests: number;
  byFile: Record<string, number>;
}

/**
 * Serves `dataDir` on loopback with range support, runs createUrlFeatureSource + locatePoint
 * (the browser's lookup, on node's fetch) for one point in Olmsted County, and counts every
 * body byte sent, all five lookup layers included.
 */
export async function firstIdentifyBytes(dataDir: string): Promise<FirstIdentifyBytes> {
  const manifest = parseManifest(JSON.parse(await readFile(path.join(dataDir, 'manifest.json'), 'utf8')));
  const minorFile = manifest.layers.minorWatersheds?.file ?? 'minor-watersheds.fgb';
  const server = await startCountingServer([dataDir]);
  try {
    await locatePoint([-92.47, 44.02], manifest, createUrlFeatureSource(server.url));
    const byFile = Object.fromEntries(server.bytesByPath);
    return {
      firstIdentifyBytes: [...server.bytesByPath.values()].reduce((sum, bytes) => sum + bytes, 0),
      minorWatershedFileBytes: (await stat(path.join(dataDir, minorFile))).size,
      minorWatershedBytesRead: server.bytesByPath.get(`/${minorFile}`) ?? 0,
      requests: [...server.requestsByPath.values()].reduce((sum, count) => sum + count, 0),
      byFile,
    };
  } finally {
    await server.close();
  }
}
