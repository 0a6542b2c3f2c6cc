import { describe, expect, it } from 'vitest';
import { combineLinkNotices } from '../../../src/store/combineLinkNotices.ts';
import { initialInputs } from '../../../src/store/sitingStore.ts';

describe('combineLinkNotices', () => {
  it('keeps a single notice as it is', () => {
    const one = ['Ignored the link\'s "zoom" parameter: it is not a parameter this explorer knows.'];
    expect(combineLinkNotices(one)).toEqual(one);
  });

  it('turns a damaged link into one notice naming every ignored parameter and why', () => {
    const { notices } = initialInputs('?at=abc&view=1&foo=2&bar=3&mode=nope', null);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^Ignored 5 of the link's parameters: /);
    for (const name of ['at', 'view', 'foo', 'bar', 'mode']) expect(notices[0]).toContain(`"${name}" (`);
  });

  it('leaves other notices beside the combined one', () => {
    const notices = [
      'Ignored the link\'s "a" parameter: x.',
      'Your saved work could not be restored.',
      'Ignored the link\'s "b" parameter: y.',
    ];
    expect(combineLinkNotices(notices)).toEqual([
      'Ignored 2 of the link\'s parameters: "a" (x); "b" (y).',
      'Your saved work could not be restored.',
    ]);
  });
});
