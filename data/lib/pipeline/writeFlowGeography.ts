import type { Feature } from 'geojson';
import type { LayerName } from '../../../src/formats/manifest.ts';
import { flowGeographyOf } from '../../../src/geo/flowGeographyOf.ts';
import type { UnitIndex } from '../../../src/geo/unitIndex.ts';
import type { BuildFiles, BuiltLayer } from './pipelineTypes.ts';

/**
 * flow-geography.json: each major's HUC8, BSA and a point inside it, each BSA's point, each bank's
 * units and location, for the page's losses-and-replacements accounting (issue 34, item 4).
 */
export function writeFlowGeography(
  layers: ReadonlyMap<LayerName, BuiltLayer>,
  index: UnitIndex,
  generatedAt: string,
  files: BuildFiles,
): { file: string; bytes: number; majors: number; banks: number } {
  const majors = layers.get('majorWatersheds');
  const areas = layers.get('bankServiceAreas');
  const file = flowGeographyOf(
    {
      majors: (majors?.features ?? []) as Feature[],
      bankServiceAreas: (areas?.features ?? []) as Feature[],
      sites: (layers.get('sites')?.features ?? []) as Feature[],
    },
    (point) => index.locate(point).bankServiceArea?.id ?? null,
    {
      generatedAt,
      demonstration: Boolean(majors?.provenance.demonstration || areas?.provenance.demonstration),
    },
  );
  const text = `${JSON.stringify(file)}\n`;
  files.set('flow-geography.json', text);
  return {
    file: 'flow-geography.json',
    bytes: Buffer.byteLength(text),
    majors: file.majors.length,
    banks: Object.keys(file.banks).length,
  };
}
