import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_CACHE } from '../../../src/geo/offlineCopy';

describe('the offline copy', () => {
  it('is read by the service worker under the name the page writes it', () => {
    const sw = readFileSync(path.resolve(import.meta.dirname, '../../../public/sw.js'), 'utf8');
    const version = /const VERSION = '([^']+)'/.exec(sw)?.[1];
    const prefix = /const PREFIX = '([^']+)'/.exec(sw)?.[1];
    expect(sw).toMatch(/const DATA_CACHE = `\$\{PREFIX\}data-\$\{VERSION\}`/);
    expect(`${prefix}data-${version}`).toBe(DATA_CACHE);
  });

  it('matches stored responses whatever Vary the host sent', () => {
    const sw = readFileSync(path.resolve(import.meta.dirname, '../../../public/sw.js'), 'utf8');
    expect(sw).toContain('ignoreVary: true');
    expect(sw).not.toMatch(/\.match\([^)]*\)(?<!MATCH\))/);
  });
});
