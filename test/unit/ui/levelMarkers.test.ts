import { describe, expect, it } from 'vitest';
import { levelRangeText } from '../../../src/ui/ranking/levelMarkers.ts';

describe('levelRangeText: why a level is open', () => {
  it.each([
    [{ priorityRange: [2, 2] as const }, null],
    [
      { priorityRange: [1, 2] as const, unknownUnits: ['minorWatershed' as const] },
      'Level 1–2 (minor watershed not known)',
    ],
    // Subd. 3(a)(1), "in the same minor watershed as the impacted wetland": a boundary leaves it open (issue 22).
    [
      { priorityRange: [1, 2] as const, unknownUnits: [], boundaryUnits: ['minorWatershed' as const] },
      'Level 1–2 (on a minor watershed boundary)',
    ],
    [
      {
        priorityRange: [1, 4] as const,
        unknownUnits: ['minorWatershed' as const],
        boundaryUnits: ['bankServiceArea' as const],
      },
      'Level 1–4 (minor watershed not known; on a bank service area boundary)',
    ],
  ])('%o → %s', (candidate, text) => {
    expect(levelRangeText({ status: 'eligible', priority: candidate.priorityRange[1], ...candidate })).toBe(
      text,
    );
  });
});
