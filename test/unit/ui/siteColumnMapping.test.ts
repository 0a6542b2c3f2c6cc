/** The sites column mapping is remembered per set of column names, whatever their order or case. */
import { describe, expect, it } from 'vitest';
import { rememberedMapping, rememberMapping } from '../../../src/ui/sites/siteColumnMapping';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('site column mapping memory', () => {
  it('gives back the choice for the same columns in another order', () => {
    const storage = memoryStorage();
    rememberMapping(['PARCEL', 'Use', 'ACRES'], { name: 'PARCEL', action: 'Use', acres: 'ACRES' }, storage);
    expect(rememberedMapping(['ACRES', 'PARCEL', 'Use'], storage)).toEqual({
      name: 'PARCEL',
      action: 'Use',
      acres: 'ACRES',
    });
  });

  it('remembers nothing for other columns, and drops a column the file no longer has', () => {
    const storage = memoryStorage();
    rememberMapping(['a', 'b'], { name: 'a', credits: 'b' }, storage);
    expect(rememberedMapping(['a', 'c'], storage)).toBeNull();
    storage.setItem('mn-wetland-siting:site-columns:v1:a|b', JSON.stringify({ name: 'a', credits: 'z' }));
    expect(rememberedMapping(['a', 'b'], storage)).toEqual({ name: 'a' });
  });

  it('survives storage that refuses or holds damage', () => {
    const refusing = {
      getItem: () => '{not json',
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => rememberMapping(['a'], { name: 'a' }, refusing)).not.toThrow();
    expect(rememberedMapping(['a'], refusing)).toBeNull();
  });
});
