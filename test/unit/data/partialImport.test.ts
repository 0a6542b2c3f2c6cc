import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSources } from '../../../data/lib/loadSources.ts';
import { statImports } from '../../../data/lib/readImportedLayers.ts';
import { runPipeline } from '../../../data/lib/runPipeline.ts';
import type { OfficialFixtures } from '../../fixtures/official/makeOfficialFixtures.ts';
import { officialFixtures } from '../../fixtures/official/officialFixtures.ts';
import { runCli } from '../cli/runCli.ts';

const REPO = new URL('../../../', import.meta.url).pathname;
let work: string;
let fx: OfficialFixtures;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'siting-partial-'));
  ({ fx } = await officialFixtures(join(REPO, 'public', 'data')));
}, 200_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('importing only some statutory layers', () => {
  it('replaces the BSAs; the watersheds stay demonstration, and the notice stays for them only', async () => {
    const outDir = join(work, 'data');
    const lines: string[] = [];
    const manifest = await runPipeline({
      sources: loadSources(join(REPO, 'data', 'sources.json'), {}),
      overridesPath: join(REPO, 'data', 'area-class-overrides.json'),
      outDir,
      mirrorDir: null,
      offline: true,
      inputsHash: 'partial',
      log: (line) => lines.push(line),
      demo: { minorTarget: 5200, majorStep: 0.03, minorStep: 0.03 },
      imports: { files: statImports([fx.bsaZip]), map: {} },
    });
    expect(manifest.layers.bankServiceAreas).toMatchObject({ official: true, demonstration: false });
    expect(manifest.layers.bankServiceAreas?.title).not.toContain('demonstration');
    expect(manifest.layers.minorWatersheds).toMatchObject({ official: false, demonstration: true });
    expect(manifest.layers.majorWatersheds?.title).toContain('demonstration geography — not official');
    expect(manifest.demonstration).toBe(true);
    expect(
      lines.some((l) =>
        /^Generated demonstration geography for majorWatersheds, minorWatersheds in /.test(l),
      ),
    ).toBe(true);

    const located = await runCli(['locate', '-93.265', '44.978', '--data', outDir]);
    const answer = JSON.parse(located.stdout);
    expect(located.stderr).toContain('demonstration geography — not official');
    expect(answer.sources.bankServiceArea).toMatchObject({ official: true, demonstration: false });
    expect(answer.bankServiceArea.name).toMatch(/^Fixture BSA \d+$/);
    expect(answer.sources.minorWatershed).toMatchObject({ official: false, demonstration: true });
    expect(answer.minorWatershed.name).toMatch(/^Demonstration minor/);
  }, 180_000);
});
