import { LAYER_SCHEMAS } from '../../../src/formats/layers/layerSchemas.ts';
import type { AreaFeature } from '../../../src/formats/layers/layerTypes.ts';
import { MINNESOTA_BOUNDS, REGION_BOUNDS, validateLayer } from '../../../src/formats/layers/validateLayer.ts';
import type { LayerName } from '../../../src/formats/manifest.ts';
import { checkWatershedNesting } from '../../../src/formats/official/checkWatershedNesting.ts';
import type { SourcesFile } from '../loadSources.ts';
import type { BuiltLayer } from './pipelineTypes.ts';

/**
 * Checks every layer before anything is written: its schema, counts and bounds (the basemap may
 * reach past the state), and that each minor watershed nests in its major.
 * @throws PipelineError naming the layer, its source, the feature and the problem
 */
export function validateBuiltLayers(
  sources: SourcesFile,
  layers: ReadonlyMap<LayerName, BuiltLayer>,
  imported: ReadonlyMap<LayerName, BuiltLayer>,
): void {
  for (const [name, layer] of layers) {
    if (imported.get(name) === layer) continue; // validated by importOfficialLayers with the same checks
    const label = layer.provenance.demonstration
      ? `${name} (demonstration generator)`
      : `${name} (${layer.provenance.sourceUrl ?? layer.provenance.source})`;
    const basemap = name === 'lakes' || name === 'rivers' || name === 'places';
    const bounds = basemap ? REGION_BOUNDS : MINNESOTA_BOUNDS;
    validateLayer(label, layer.features, LAYER_SCHEMAS[name], sources.layers[name].expect, bounds);
  }
  checkWatershedNesting(
    'minorWatersheds',
    layers.get('minorWatersheds')!.features as AreaFeature[],
    layers.get('majorWatersheds')!.features as AreaFeature[],
  );
}
