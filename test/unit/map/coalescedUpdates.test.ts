import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoalescedUpdates } from '../../../src/map/coalescedUpdates';

describe('detail batches handed to the map together', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands over every batch of a window once per source, in arrival order', () => {
    const flushed: [string, number[]][] = [];
    const updates = new CoalescedUpdates<number>((key, items) => flushed.push([key, items]), 400);
    updates.add('minorWatersheds', [1, 2]);
    updates.add('counties', [7]);
    updates.add('minorWatersheds', [3]);
    expect(updates.waiting).toBe(true);
    vi.advanceTimersByTime(399);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([
      ['minorWatersheds', [1, 2, 3]],
      ['counties', [7]],
    ]);
    expect(updates.waiting).toBe(false);
    updates.add('counties', [8]);
    vi.advanceTimersByTime(400);
    expect(flushed.at(-1)).toEqual(['counties', [8]]);
  });

  it('forgets a reset source, ignores empty batches, and stops', () => {
    const flushed: [string, number[]][] = [];
    const updates = new CoalescedUpdates<number>((key, items) => flushed.push([key, items]), 400);
    updates.add('counties', []);
    expect(updates.waiting).toBe(false);
    updates.add('counties', [1]);
    updates.add('majorWatersheds', [2]);
    updates.drop('counties');
    vi.advanceTimersByTime(400);
    expect(flushed).toEqual([['majorWatersheds', [2]]]);
    updates.add('counties', [3]);
    updates.stop();
    vi.advanceTimersByTime(1000);
    expect(flushed).toHaveLength(1);
  });
});
