import { PipelineError } from '../../src/formats/PipelineError.ts';

/**
 * The value of the first of `candidates` present on a source record. Publishers rename
 * fields between releases (MAJOR / major / MAJOR_NO), so sources.json lists the known names.
 * @throws PipelineError naming the source, the feature and the missing field
 */
export function pickAttribute(
  properties: Record<string, unknown>,
  candidates: readonly string[],
  label: string,
  feature: string,
): unknown {
  for (const name of candidates) {
    const value = properties[name];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  throw new PipelineError(
    `${label}: ${feature} has none of the fields ${candidates.join(', ')} (fields: ${Object.keys(properties).join(', ')})`,
  );
}

/** Like pickAttribute but gives null when none is present. */
export function pickOptional(properties: Record<string, unknown>, candidates: readonly string[]): unknown {
  for (const name of candidates) {
    const value = properties[name];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return null;
}
