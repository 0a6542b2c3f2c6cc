/**
 * The page's equivalent of the CLI's `--map layer.field=SOURCE`: when the importer cannot
 * identify a field, what to ask the planner — which layer and field, and the fields the file
 * offers to choose from.
 */
export interface MappingRequest {
  /** e.g. `minorWatersheds` */
  layer: string;
  /** e.g. `id` */
  field: string;
  /** The fields of the source layer the planner can choose from. */
  choices: string[];
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Reads a mapping request from an import error: from its own properties when it has them
 * (`layer`, `field`, `fields`), else from its message, which names the `--map` to use and lists
 * the fields found. Null when the error is not about an unidentified field.
 */
export function mappingFromError(error: unknown): MappingRequest | null {
  if (typeof error !== 'object' || error === null) return null;
  const record = error as Record<string, unknown>;
  const mapping = record.mapping as Record<string, unknown> | undefined;
  const source = typeof mapping === 'object' && mapping !== null ? mapping : record;
  const layer = source.layerName ?? source.layer;
  const field = source.field;
  const choices = source.fields ?? source.choices;
  if (typeof layer === 'string' && typeof field === 'string' && isStringArray(choices) && choices.length > 0)
    return { layer, field, choices };
  const message = typeof record.message === 'string' ? record.message : '';
  const flag = /--map\s+(\w+)\.(\w+)=/.exec(message);
  if (!flag?.[1] || !flag[2]) return null;
  const listed = /fields?(?: found)?(?: are| is)?:\s*([^.;)\n]+)/i.exec(message)?.[1] ?? '';
  const fields = listed
    .split(/,\s*/)
    .map((name) => name.trim().replace(/^["'`]|["'`]$/g, ''))
    .filter((name) => /^[\w.-]+$/.test(name));
  return fields.length > 0 ? { layer: flag[1], field: flag[2], choices: fields } : null;
}
