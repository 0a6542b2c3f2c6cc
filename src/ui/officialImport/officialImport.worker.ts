/**
 * The official-layer import worker: reads the files a planner chose, runs the shared importer
 * (src/formats/official, the CLI's own code path, which validates every feature), and writes
 * each layer as the indexed FlatGeobuf the pipeline writes. sql.js and its WebAssembly are
 * loaded only here, only when a file is dropped, so the page's first load does not carry them.
 */

import { writeFlatGeobuf } from '../../formats/flatgeobuf/writeFlatGeobuf';
import { LAYER_SCHEMAS } from '../../formats/layers/layerSchemas';
import type { LayerFeature } from '../../formats/layers/layerTypes';
import type { LayerName } from '../../formats/manifest';
import type { OfficialProvenance } from '../../geo/officialLayerEntry';
import { loadSqlJs } from './loadSqlJs';
import { type MappingRequest, mappingFromError } from './mappingFromError';

export interface OfficialImportRequest {
  files: File[];
  /** `layer.field` → source field, as the CLI's --map. */
  map: Record<string, string>;
  /** The official major watersheds in use, so a minors file alone can be checked against them. */
  currentMajors: LayerFeature[] | null;
}

export interface ImportedLayerBytes {
  name: LayerName;
  bytes: Uint8Array;
  featureCount: number;
  bounds: [number, number, number, number];
  provenance: OfficialProvenance;
}

export type OfficialImportReply =
  | { kind: 'progress'; stage: string; fraction: number }
  | { kind: 'done'; layers: ImportedLayerBytes[]; notes: string[] }
  | { kind: 'error'; message: string; mapping: MappingRequest | null };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<OfficialImportRequest>) => void) | null;
  postMessage: (reply: OfficialImportReply, transfer?: Transferable[]) => void;
};

function boundsOf(features: LayerFeature[]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      const [x = 0, y = 0] = value as number[];
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
      return;
    }
    for (const item of value) visit(item);
  };
  for (const feature of features)
    if (feature.geometry && 'coordinates' in feature.geometry) visit(feature.geometry.coordinates);
  return box;
}

async function run(request: OfficialImportRequest): Promise<void> {
  const progress = (stage: string, fraction: number) =>
    scope.postMessage({ kind: 'progress', stage, fraction: Math.max(0, Math.min(1, fraction)) });
  progress('Reading the files', 0);
  const files = await Promise.all(
    request.files.map(async (file) => ({
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      ...(file.lastModified ? { lastModified: new Date(file.lastModified).toISOString().slice(0, 10) } : {}),
    })),
  );
  progress('Loading the importer', 0.02);
  const { importOfficialLayers } = await import('../../formats/official');
  const result = await importOfficialLayers(files, {
    map: request.map,
    ...(request.currentMajors ? { current: { majorWatersheds: request.currentMajors } } : {}),
    // Only a GeoPackage needs SQLite: its reader and WebAssembly arrive when one is opened.
    sqlJs: loadSqlJs,
    onProgress: (stage, fraction) => progress(stage, 0.05 + fraction * 0.85),
  });
  const layers: ImportedLayerBytes[] = [];
  for (const [index, layer] of result.layers.entries()) {
    const schema = LAYER_SCHEMAS[layer.name];
    progress(`Indexing ${schema.title}`, 0.9 + (0.1 * index) / result.layers.length);
    layers.push({
      name: layer.name,
      bytes: writeFlatGeobuf(layer.features, schema.columns, schema.title),
      featureCount: layer.features.length,
      bounds: boundsOf(layer.features),
      provenance: layer.provenance,
    });
  }
  scope.postMessage(
    { kind: 'done', layers, notes: result.notes },
    layers.map((layer) => layer.bytes.buffer as ArrayBuffer),
  );
}

scope.onmessage = (event) => {
  run(event.data).catch((error: unknown) =>
    scope.postMessage({
      kind: 'error',
      message: error instanceof Error ? error.message : String(error),
      mapping: mappingFromError(error),
    }),
  );
};
