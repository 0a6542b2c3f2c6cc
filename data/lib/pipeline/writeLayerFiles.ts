import { writeLayerFile } from '../../../src/formats/flatgeobuf/writeLayerFile.ts';
import { LAYER_SCHEMAS } from '../../../src/formats/layers/layerSchemas.ts';
import type { LayerManifestEntry, LayerName } from '../../../src/formats/manifest.ts';
import { LAYER_NAMES } from '../../../src/formats/manifest.ts';
import { lookupLayerHashes } from '../../../src/geo/locateBanks.ts';
import { addOverviews } from '../addOverviews.ts';
import type { BuildFiles, BuiltLayer } from './pipelineTypes.ts';

/** The notice every consumer shows while a demonstration layer is in use. */
export const DEMONSTRATION_NOTICE = 'demonstration geography — not official';

/**
 * Adds each layer's indexed FlatGeobuf and its overviews to the build's files; returns the
 * manifest's layer entries. The banks' units belong to these lookup layers: the page locates the
 * banks itself when others are in use.
 */
export function writeLayerFiles(
  layers: ReadonlyMap<LayerName, BuiltLayer>,
  retrieved: string,
  files: BuildFiles,
): Partial<Record<LayerName, LayerManifestEntry>> {
  const entries: Partial<Record<LayerName, LayerManifestEntry>> = {};
  for (const name of LAYER_NAMES) {
    const layer = layers.get(name);
    if (!layer) continue;
    const schema = LAYER_SCHEMAS[name];
    const { bytes, bounds } = writeLayerFile(name, layer.features, layer.provenance);
    files.set(schema.file, bytes);
    entries[name] = {
      file: schema.file,
      title: layer.provenance.demonstration ? `${schema.title} — ${DEMONSTRATION_NOTICE}` : schema.title,
      featureCount: layer.features.length,
      bounds,
      bytes: bytes.length,
      ...layer.provenance,
      retrieved,
    };
  }
  addOverviews(new Map([...layers].map(([name, layer]) => [name, layer.features])), files, entries);
  if (entries.sites) entries.sites.unitsLocatedIn = lookupLayerHashes(entries);
  return entries;
}
