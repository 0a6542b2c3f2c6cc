import type { ExpressionSpecification } from 'maplibre-gl';
import { PRIORITY_COLOURS } from './palette';

/**
 * A site's fill by its level (mapLevelOf: 1-4, -1 not eligible, absent unranked: white), read by
 * `level`: a feature-state for the bank layer, a property for the user's sites (one source).
 */
export function levelColourOf(level: ExpressionSpecification): ExpressionSpecification {
  return [
    'match',
    ['coalesce', level, 0],
    1,
    PRIORITY_COLOURS[1],
    2,
    PRIORITY_COLOURS[2],
    3,
    PRIORITY_COLOURS[3],
    4,
    PRIORITY_COLOURS[4],
    -1,
    PRIORITY_COLOURS.ineligible,
    '#ffffff',
  ];
}
