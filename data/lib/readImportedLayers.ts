import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { loadSqlJs } from '../../src/formats/geopackage/loadSqlJs.ts';
import type { ImportedLayer, ImportResult } from '../../src/formats/official/index.ts';
import { importOfficialLayers } from '../../src/formats/official/index.ts';
import { PipelineError } from '../../src/formats/PipelineError.ts';

/** An imported file as the manifest records it, so `data:ensure` can rebuild from it. */
export interface ImportRecord {
  /** Absolute path. */
  path: string;
  bytes: number;
  /** ISO modification time. */
  mtime: string;
}

/** The imports of a build: the files and the --map choices. */
export interface ImportSpec {
  files: ImportRecord[];
  map: Record<string, string>;
}

/**
 * The size and modification time of each file to import.
 * @throws PipelineError naming a file that cannot be read
 */
export function statImports(paths: string[]): ImportRecord[] {
  return paths.map((path) => {
    try {
      const s = statSync(path);
      if (!s.isFile()) throw new Error('not a file');
      return { path, bytes: s.size, mtime: s.mtime.toISOString() };
    } catch (error) {
      throw new PipelineError(`--import ${path}: cannot read the file (${(error as Error).message})`);
    }
  });
}

/** A file's bytes as the Uint8Array the reader takes, without a second copy of them. */
function wholeFile(path: string): Uint8Array {
  const buffer = readFileSync(path);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * Reads the imported files from disk and hands them to the shared reader (the page runs the
 * same one in its worker), with sql.js from node_modules. Files holding MnDOT's civil divisions
 * are returned apart: they feed the search's place names (buildPlaceNames), not a layer.
 * @throws ImportError (a PipelineError) naming the file, the layer and the problem
 */
export async function readImportedLayers(
  spec: ImportSpec,
  log: (line: string) => void,
): Promise<{ layers: ImportedLayer[]; civilDivisionFiles: ImportRecord[] }> {
  const files = spec.files.map((f) => ({
    name: basename(f.path),
    bytes: wholeFile(f.path),
    lastModified: f.mtime,
  }));
  const result: ImportResult = await importOfficialLayers(files, {
    map: spec.map,
    sqlJs: loadSqlJs,
    civilDivisions: true,
  });
  for (const note of result.notes) log(`import: ${note}`);
  for (const layer of result.layers)
    log(
      `import: ${layer.name} ← ${layer.provenance.file}, layer ${layer.provenance.sourceLayer} (${layer.features.length} features, ${layer.provenance.crs}, fields ${Object.entries(
        layer.provenance.fieldsUsed,
      )
        .map(([k, v]) => `${k}=${v}`)
        .join('; ')})`,
    );
  const civil = new Set(result.civilDivisionFiles ?? []);
  const civilDivisionFiles = spec.files.filter((f) => civil.has(basename(f.path)));
  for (const f of civilDivisionFiles)
    log(`import: civil divisions (the search's place names) ← ${basename(f.path)}`);
  return { layers: result.layers, civilDivisionFiles };
}
