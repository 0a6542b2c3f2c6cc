import type { Feature, Geometry } from 'geojson';
import type { LayerFeature } from '../../src/formats/layers/layerTypes.ts';
import { PipelineError } from '../../src/formats/PipelineError.ts';
import { countyAreaClass } from './countyAreaClasses.ts';
import type { AreaClassOverride } from './readAreaClassOverrides.ts';

/** The mirror's own class spelling → the schema's. */
const MIRROR_CLASSES: Record<string, string> = {
  greater_than_80: 'greater-than-80',
  '50_to_80': '50-to-80',
  less_than_50: 'less-than-50',
};

/**
 * County boundaries → `counties`, with the area class from Minn. R. 8420.0117 subp. 1 by
 * name, replaced by a county override when one exists. When the source carries its own class
 * (the mirror's `wca_class`), it must agree with the rule table; a disagreement fails the build
 * because one of the two is wrong.
 * @param idOf the county's 5-digit FIPS code from a source record
 * @param nameOf the county's name from a source record
 */
export function normalizeCounties(
  features: Feature<Geometry, Record<string, unknown>>[],
  idOf: (f: Feature<Geometry, Record<string, unknown>>) => string,
  nameOf: (f: Feature<Geometry, Record<string, unknown>>) => string,
  overrides: AreaClassOverride[],
  label: string,
): LayerFeature[] {
  const byCounty = new Map(
    overrides.filter((o) => o.unit === 'county').map((o) => [String(o.id), o.areaClass]),
  );
  return features.map((f) => {
    const id = idOf(f);
    const name = nameOf(f);
    const ruled = countyAreaClass(name);
    const stated = f.properties.wca_class;
    if (typeof stated === 'string' && MIRROR_CLASSES[stated] !== ruled)
      throw new PipelineError(
        `${label}: county ${id} (${name}) is ${stated} in the source but ${ruled} under Minn. R. 8420.0117 subp. 1`,
      );
    return {
      type: 'Feature',
      geometry: f.geometry,
      properties: { id, name, areaClass: byCounty.get(id) ?? ruled, demonstration: false },
    };
  });
}
