/**
 * Colours shared by the map and its legend. Area classes use ColorBrewer YlGnBu (3 classes),
 * which stays distinguishable under the common colour-vision deficiencies; priority levels use
 * Okabe-Ito hues and are always paired with a label and a marker shape in the UI.
 */
export const AREA_CLASS_COLOURS = {
  'greater-than-80': '#2c7fb8',
  '50-to-80': '#7fcdbb',
  'less-than-50': '#edf8b1',
} as const;

export const AREA_CLASS_LABELS = {
  'greater-than-80': 'Greater than 80 percent area',
  '50-to-80': '50 to 80 percent area',
  'less-than-50': 'Less than 50 percent area',
} as const;

export const PRIORITY_COLOURS = {
  1: '#009e73',
  2: '#0072b2',
  3: '#e69f00',
  4: '#cc79a7',
  ineligible: '#6b6b6b',
} as const;

export const LINE_COLOURS = {
  state: '#222222',
  county: '#7a7a7a',
  majorWatershed: '#1f5fa8',
  minorWatershed: '#5d8fc9',
  bankServiceArea: '#8a3b12',
  water: '#9cc9e8',
  river: '#5aa0d0',
  impact: '#d7301f',
} as const;

/** Colour steps of the share replaced within the same major (the legend reads the same table). */
export const SHARE_STEPS = [
  { from: 0, label: 'under 25% from banks in the same major', colour: '#d7301f' },
  { from: 0.25, label: '25–50%', colour: '#fc8d59' },
  { from: 0.5, label: '50–75%', colour: '#9ecae1' },
  { from: 0.75, label: '75% or more', colour: '#2171b5' },
] as const;
export const NO_WITHDRAWAL_COLOUR = '#d9d9d9';
/** Losses and replacements: a line from an impact's major to the bank that sold the credits. */
export const FLOW_LINE_COLOUR = '#5b2a86';
