/**
 * How a priority level is told apart without colour: a label, a number and a marker shape,
 * used alike by the ranking table, the legend and the map.
 */
import { PRIORITY_COLOURS } from '../map/palette';
import type { RankedCandidate } from '../siting';

export interface LevelMarker {
  key: '1' | '2' | '3' | '4' | 'undetermined' | 'ineligible';
  shape: string;
  colour: string;
  label: string;
}

export const LEVEL_MARKERS: Record<LevelMarker['key'], LevelMarker> = {
  1: { key: '1', shape: '●', colour: PRIORITY_COLOURS[1], label: 'Level 1 · same minor watershed' },
  2: { key: '2', shape: '■', colour: PRIORITY_COLOURS[2], label: 'Level 2 · same major watershed' },
  3: { key: '3', shape: '▲', colour: PRIORITY_COLOURS[3], label: 'Level 3 · same bank service area' },
  4: { key: '4', shape: '◆', colour: PRIORITY_COLOURS[4], label: 'Level 4 · another bank service area' },
  undetermined: {
    key: 'undetermined',
    shape: '?',
    colour: '#ffffff',
    label: 'Undetermined · a fact is unknown',
  },
  ineligible: { key: 'ineligible', shape: '✕', colour: PRIORITY_COLOURS.ineligible, label: 'Not eligible' },
};

/** The marker for a ranked candidate. */
export function markerOf(candidate: Pick<RankedCandidate, 'status' | 'priority'>): LevelMarker {
  if (candidate.status === 'ineligible') return LEVEL_MARKERS.ineligible;
  if (candidate.priority === null) return LEVEL_MARKERS.undetermined;
  if (candidate.status === 'undetermined')
    return {
      ...LEVEL_MARKERS[candidate.priority],
      label: `${LEVEL_MARKERS[candidate.priority].label} (undetermined)`,
    };
  return LEVEL_MARKERS[candidate.priority];
}

/** Feature-state value the map colours sites by: the level, or -1 for not eligible. */
export function mapLevelOf(candidate: Pick<RankedCandidate, 'status' | 'priority'>): number {
  if (candidate.status === 'ineligible') return -1;
  return candidate.priority ?? 0;
}
