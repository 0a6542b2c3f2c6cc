import { describe, expect, it } from 'vitest';
import { memoByKey } from '../../../src/siting/memoByKey.ts';

describe('memoByKey', () => {
  it('builds once per key (null and undefined answers too) and shares the frozen answer', () => {
    const built: (string | null)[] = [];
    const finding = memoByKey((key: string | null) => {
      built.push(key);
      return key === 'none' ? null : { text: `status ${key}` };
    });
    const first = finding('Pending');
    expect(finding('Pending')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(finding(null)).toEqual({ text: 'status null' });
    expect(finding('none')).toBeNull();
    expect(finding('none')).toBeNull();
    expect(built).toEqual(['Pending', null, 'none']);
  });

  it('past its limit builds each answer afresh instead of growing', () => {
    let builds = 0;
    const answer = memoByKey((key: number) => {
      builds++;
      return { key };
    }, 2);
    answer(1);
    answer(2);
    answer(3);
    answer(3);
    answer(1);
    expect(builds).toBe(4);
    expect(answer(3)).toEqual({ key: 3 });
  });
});
