import { readFileSync } from 'node:fs';
import { AREA_CLASSES, type AreaClass } from '../../src/formats/layers/layerSchemas.ts';
import { PipelineError } from '../../src/formats/PipelineError.ts';

/**
 * A reclassification of a county or a major watershed (Minn. R. 8420.0117 subp. 2;
 * Minn. Stat. 103G.222 subd. 1(o)/(p)). Schema in data/README.md.
 */
export interface AreaClassOverride {
  unit: 'county' | 'majorWatershed';
  /** County FIPS ("27001") or major watershed number (41). */
  id: string | number;
  areaClass: AreaClass;
  /** The order or rule that made the change. */
  citation: string;
  /** ISO date the reclassification took effect. */
  effective: string;
}

/**
 * Reads and checks data/area-class-overrides.json.
 * @param knownCounties county FIPS codes in the build, to catch typos
 * @param knownMajors major watershed numbers in the build
 * @throws PipelineError naming the entry and the problem
 */
export function readAreaClassOverrides(
  path: string,
  knownCounties: Set<string>,
  knownMajors: Set<number>,
): AreaClassOverride[] {
  const label = 'area-class-overrides.json';
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new PipelineError(`${label}: cannot read (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw new PipelineError(`${label}: expected a JSON array`);
  const seen = new Set<string>();
  return parsed.map((entry: unknown, i) => {
    const where = `${label}: entry #${i + 1}`;
    if (typeof entry !== 'object' || entry === null) throw new PipelineError(`${where} is not an object`);
    const e = entry as Record<string, unknown>;
    if (e.unit !== 'county' && e.unit !== 'majorWatershed')
      throw new PipelineError(
        `${where} has unit ${JSON.stringify(e.unit)}; expected "county" or "majorWatershed"`,
      );
    if (!AREA_CLASSES.includes(e.areaClass as AreaClass))
      throw new PipelineError(
        `${where} has areaClass ${JSON.stringify(e.areaClass)}; allowed: ${AREA_CLASSES.join(', ')}`,
      );
    if (e.unit === 'county' && !knownCounties.has(String(e.id)))
      throw new PipelineError(
        `${where} names county ${JSON.stringify(e.id)}, which is not a Minnesota county FIPS code`,
      );
    if (e.unit === 'majorWatershed' && !knownMajors.has(Number(e.id)))
      throw new PipelineError(
        `${where} names major watershed ${JSON.stringify(e.id)}, which is not in the build`,
      );
    if (typeof e.citation !== 'string' || e.citation.trim() === '')
      throw new PipelineError(`${where} has no citation (the order or rule that reclassified it)`);
    if (typeof e.effective !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(e.effective))
      throw new PipelineError(
        `${where} has effective ${JSON.stringify(e.effective)}; expected an ISO date YYYY-MM-DD`,
      );
    const key = `${e.unit}:${e.id}`;
    if (seen.has(key)) throw new PipelineError(`${where} repeats ${e.unit} ${e.id}`);
    seen.add(key);
    return {
      unit: e.unit,
      id: e.unit === 'county' ? String(e.id) : Number(e.id),
      areaClass: e.areaClass as AreaClass,
      citation: e.citation,
      effective: e.effective,
    };
  });
}
