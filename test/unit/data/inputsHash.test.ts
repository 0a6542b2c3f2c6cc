/**
 * `data:ensure` rebuilds when the build's inputs change: the pipeline's own files and, since the
 * readers and schemas moved to src/formats (issue 23), the sources it imports from outside data/.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeInputsHash } from '../../../data/lib/computeInputsHash.ts';

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'inputs-hash-'));
  for (const dir of ['data/lib', 'src/formats', 'src/geo', 'src/ui'])
    mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'data/build.ts'), "import { run } from './lib/run.ts';\nrun();\n");
  writeFileSync(
    join(root, 'data/lib/run.ts'),
    "import { read } from '../../src/formats/read.ts';\nexport const run = read;\n",
  );
  writeFileSync(join(root, 'src/formats/read.ts'), "export { place as read } from '../geo/place';\n");
  writeFileSync(join(root, 'src/geo/place.ts'), 'export const place = () => 1;\n');
  writeFileSync(join(root, 'src/ui/panel.ts'), 'export const panel = 1;\n');
  return root;
}

const hashOf = (root: string) =>
  computeInputsHash({ dataDir: join(root, 'data'), mirrorDir: null, mode: [] });

describe('computeInputsHash', () => {
  it('changes with a source the pipeline imports from src/, directly or through another', () => {
    const root = tree();
    const before = hashOf(root);
    writeFileSync(
      join(root, 'src/formats/read.ts'),
      "export { place as read } from '../geo/place';\n// changed\n",
    );
    const afterFormats = hashOf(root);
    expect(afterFormats).not.toBe(before);
    writeFileSync(join(root, 'src/geo/place.ts'), 'export const place = () => 2;\n');
    expect(hashOf(root)).not.toBe(afterFormats);
  });

  it('does not change with a source the pipeline does not import', () => {
    const root = tree();
    const before = hashOf(root);
    writeFileSync(join(root, 'src/ui/panel.ts'), 'export const panel = 2;\n');
    expect(hashOf(root)).toBe(before);
  });
});
