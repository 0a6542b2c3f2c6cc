/**
 * Hearing mode is read from the back of a room (issue 15, item 13): labels, markers and unit
 * outlines drawn `factor` times larger. Which properties of which style layers change, and to
 * what, computed from the style itself so a new layer is scaled with the rest. Pure.
 */
import type { LayerSpecification } from 'maplibre-gl';

/** How much larger hearing mode draws labels, markers and outlines. */
export const HEARING_SCALE = 1.8;

const SCALED = {
  layout: ['text-size'],
  paint: ['text-halo-width', 'circle-radius', 'circle-stroke-width', 'line-width'],
} as const;

/** Rivers are context, not what a hearing is shown: they keep their width. */
const UNSCALED_LAYERS: ReadonlySet<string> = new Set(['rivers-line']);

export interface ScaledProperty {
  layer: string;
  kind: 'layout' | 'paint';
  property: string;
  value: unknown;
}

/**
 * A style value times `factor`: a number, the outputs of a zoom `interpolate` or `step` (which
 * must stay top-level), or any other expression wrapped in a product.
 */
export function scaleStyleValue(value: unknown, factor: number): unknown {
  if (factor === 1) return value;
  if (typeof value === 'number') return value * factor;
  if (!Array.isArray(value)) return value;
  const [op] = value;
  if (op === 'interpolate')
    return value.map((item, index) => (index >= 4 && index % 2 === 0 ? scaleStyleValue(item, factor) : item));
  if (op === 'step')
    return value.map((item, index) => (index >= 2 && index % 2 === 0 ? scaleStyleValue(item, factor) : item));
  return ['*', factor, value];
}

/** Every scaled property of `layers` with its value at `factor` (the style's own at 1). */
export function scaledProperties(layers: readonly LayerSpecification[], factor: number): ScaledProperty[] {
  const out: ScaledProperty[] = [];
  for (const layer of layers) {
    if (UNSCALED_LAYERS.has(layer.id)) continue;
    for (const kind of ['layout', 'paint'] as const) {
      const properties = (layer as { [key: string]: unknown })[kind] as Record<string, unknown> | undefined;
      if (!properties) continue;
      for (const property of SCALED[kind]) {
        if (!(property in properties)) continue;
        out.push({ layer: layer.id, kind, property, value: scaleStyleValue(properties[property], factor) });
      }
    }
  }
  return out;
}
