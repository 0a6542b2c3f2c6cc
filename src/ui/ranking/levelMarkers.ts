/**
 * How a priority level is told apart without colour: a label, a number and a marker shape,
 * used alike by the ranking table, the legend and the map. A level left open by an unknown unit
 * reads "Level 1–2 (minor watershed not known)"; early bank credits under subd. 3(b) read
 * "Statewide under 3(b)".
 */
import { PRIORITY_COLOURS } from '../../map/palette';
import type { LevelUnit, RankedCandidate } from '../../siting';

export interface LevelMarker {
  key: '1' | '2' | '3' | '4' | 'undetermined' | 'ineligible' | 'statewide';
  shape: string;
  colour: string;
  label: string;
}

export const LEVEL_MARKERS: Record<Exclude<LevelMarker['key'], 'statewide'>, LevelMarker> = {
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

const STATEWIDE: LevelMarker = {
  key: 'statewide',
  shape: '★',
  colour: PRIORITY_COLOURS[3],
  label: 'Statewide under 3(b) · no level applies',
};

const UNIT_TEXT: Record<LevelUnit, string> = {
  minorWatershed: 'minor watershed',
  majorWatershed: 'major watershed',
  bankServiceArea: 'bank service area',
};

type Marked = Pick<RankedCandidate, 'status' | 'priority'> &
  Partial<Pick<RankedCandidate, 'priorityRange' | 'unknownUnits' | 'boundaryUnits' | 'basis'>>;

/**
 * "Level 1–2 (minor watershed not known)", or "(on a minor watershed boundary)" where a boundary
 * leaves it open, when the level is open; else null.
 */
export function levelRangeText(candidate: Marked): string | null {
  const range = candidate.priorityRange;
  if (!range || range[0] === range[1]) return null;
  const unknown = (candidate.unknownUnits ?? []).map((unit) => UNIT_TEXT[unit]);
  const why = [
    ...(unknown.length > 0 ? [`${unknown.join(' and ')} not known`] : []),
    ...(candidate.boundaryUnits ?? []).map((unit) => `on a ${UNIT_TEXT[unit]} boundary`),
  ];
  return `Level ${range[0]}–${range[1]}${why.length > 0 ? ` (${why.join('; ')})` : ''}`;
}

/** The marker for a ranked candidate. */
export function markerOf(candidate: Marked): LevelMarker {
  if (candidate.status === 'ineligible') return LEVEL_MARKERS.ineligible;
  if (candidate.basis === 'statewide-3b') {
    return candidate.status === 'undetermined'
      ? { ...STATEWIDE, label: `${STATEWIDE.label} (undetermined)` }
      : STATEWIDE;
  }
  if (candidate.priority === null) return LEVEL_MARKERS.undetermined;
  const base = LEVEL_MARKERS[candidate.priority];
  const range = levelRangeText(candidate);
  const label = range ?? base.label;
  return candidate.status === 'undetermined' || range
    ? { ...base, label: candidate.status === 'undetermined' ? `${label} (undetermined)` : label }
    : base;
}

/** Feature-state value the map colours sites by: the level, or -1 for not eligible. */
export function mapLevelOf(candidate: Marked): number {
  if (candidate.status === 'ineligible') return -1;
  if (candidate.basis === 'statewide-3b') return 3;
  return candidate.priority ?? 0;
}
