import type { LayerFeature } from '../../../src/formats/layers/layerTypes.ts';
import type { LayerName } from '../../../src/formats/manifest.ts';
import type { BuildContext } from './buildContext.ts';
import type { BuiltLayer } from './pipelineTypes.ts';

/**
 * The layers drawn for orientation: the PLSS grid when imported, and the mirror's lakes, rivers
 * and places (each missing one left out, in one line).
 */
export function acquireBasemap(
  ctx: BuildContext,
  imported: ReadonlyMap<LayerName, BuiltLayer>,
): [LayerName, BuiltLayer][] {
  const layers: [LayerName, BuiltLayer][] = [];
  const plss = imported.get('plss');
  if (plss) layers.push(['plss', plss]);
  for (const name of ['lakes', 'rivers', 'places'] as const) {
    if (!ctx.mirrorHas(name)) {
      if (ctx.mirrorDir)
        ctx.log(`${name}: not in the mirror (${ctx.sources.layers[name].mirror?.path}); layer left out.`);
      continue;
    }
    const features: LayerFeature[] = ctx.readMirror(name).map((f) => ({
      type: 'Feature',
      geometry: f.geometry,
      properties: (name === 'places'
        ? {
            name: String(f.properties.name),
            population: typeof f.properties.pop_max === 'number' ? f.properties.pop_max : null,
          }
        : {
            name: typeof f.properties.name === 'string' ? f.properties.name : null,
          }) as LayerFeature['properties'],
    }));
    layers.push([name, { features, provenance: ctx.mirrorProvenance(name) }]);
  }
  return layers;
}
