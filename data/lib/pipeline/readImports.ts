import type { LayerName } from '../../../src/formats/manifest.ts';
import { importedProvenance } from '../../../src/formats/official/index.ts';
import { type ImportRecord, readImportedLayers } from '../readImportedLayers.ts';
import type { BuildContext } from './buildContext.ts';
import type { BuiltLayer } from './pipelineTypes.ts';

/**
 * The official files given with `--import`, read and validated by the shared reader (the page's
 * import uses the same checks): each layer found, and the civil-division files for place names.
 */
export async function readImports(
  ctx: BuildContext,
): Promise<{ imported: Map<LayerName, BuiltLayer>; civilDivisionFiles: ImportRecord[] }> {
  const imported = new Map<LayerName, BuiltLayer>();
  if (!ctx.options.imports) return { imported, civilDivisionFiles: [] };
  const read = await readImportedLayers(ctx.options.imports, ctx.log);
  for (const layer of read.layers)
    imported.set(layer.name, {
      features: layer.features,
      provenance: importedProvenance(layer, ctx.retrieved),
    });
  return { imported, civilDivisionFiles: read.civilDivisionFiles };
}
