/**
 * The page reads the build's credit figures only where the manifest names them (`credits.file`, as
 * the CLI does in src/cli/builtBanks.ts): a build without credit listings has no credits.json, and
 * asking for it anyway was a 404 on every visit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../../src/formats/manifest';

const built = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../public/data/manifest.json'), 'utf8'),
) as Record<string, unknown>;

describe('parseManifest: the build’s credits file', () => {
  it('is the file the manifest names', () => {
    expect(parseManifest({ ...built, credits: { file: 'credits.json', bytes: 10 } }).creditsFile).toBe(
      'credits.json',
    );
  });

  it('is null for a build made without credit listings', () => {
    const { credits: _none, ...withoutCredits } = built;
    expect(parseManifest(withoutCredits).creditsFile).toBeNull();
  });

  it('is never a path or another host', () => {
    for (const file of ['../credits.json', 'https://example.org/credits.json', 'credits.csv', 42])
      expect(parseManifest({ ...built, credits: { file } }).creditsFile).toBeNull();
  });
});
