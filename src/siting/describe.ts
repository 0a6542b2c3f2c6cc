import type { AreaClass } from './types.ts';

const AREA_CLASS_LABELS: Record<AreaClass, string> = {
  'greater-than-80': 'greater-than-80-percent area',
  '50-to-80': '50-to-80-percent area',
  'less-than-50': 'less-than-50-percent area',
};

/** Plain-language name of an area class, e.g. "greater-than-80-percent area". */
export function describeAreaClass(areaClass: AreaClass): string {
  return AREA_CLASS_LABELS[areaClass];
}
