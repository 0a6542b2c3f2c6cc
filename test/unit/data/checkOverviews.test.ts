import { appendFileSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addOverviews } from '../../../data/lib/addOverviews.ts';
import { checkOverviews } from '../../../data/lib/checkOverviews.ts';
import { writeFlatGeobuf } from '../../../src/formats/flatgeobuf/writeFlatGeobuf.ts';
import { LAYER_SCHEMAS } from '../../../src/formats/layers/layerSchemas.ts';
import type { LayerFeature } from '../../../src/formats/layers/layerTypes.ts';
import {
  type LayerManifestEntry,
  type LayerName,
  parseManifest,
  usableOverview,
} from '../../../src/formats/manifest.ts';
import { readFixtureLayer } from '../../fixtures/siting/buildDataDir.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A built folder as the write stage leaves it: layer files, overviews, manifest. */
async function built(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'overviews-'));
  dirs.push(dir);
  const layers = new Map<LayerName, LayerFeature[]>();
  const files = new Map<string, Uint8Array | string>();
  const entries: Partial<Record<LayerName, LayerManifestEntry>> = {};
  for (const name of [
    'state',
    'counties',
    'majorWatersheds',
    'minorWatersheds',
    'bankServiceAreas',
  ] as const) {
    const features = (await readFixtureLayer(name)).features as LayerFeature[];
    const schema = LAYER_SCHEMAS[name];
    const bytes = writeFlatGeobuf(features, schema.columns, schema.title);
    layers.set(name, features);
    files.set(schema.file, bytes);
    entries[name] = {
      file: schema.file,
      title: schema.title,
      featureCount: features.length,
      bounds: [-98, 43, -89, 50],
      bytes: bytes.length,
      source: 'fixture',
      sourceUrl: null,
      asOf: '2026-01-01',
      retrieved: '2026-01-01',
      licence: 'test',
      official: false,
      demonstration: true,
    };
  }
  addOverviews(layers, files, entries);
  files.set('manifest.json', JSON.stringify({ schema: 1, layers: entries, areaClassOverrides: null }));
  for (const [name, contents] of files) writeFileSync(path.join(dir, name), contents);
  return dir;
}

const AREAS = ['state', 'counties', 'majorWatersheds', 'minorWatersheds', 'bankServiceAreas'];
const manifestOf = (dir: string) =>
  parseManifest(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')));

describe('overviews and their full layers', () => {
  it('records each area layer with an overview of its own build', async () => {
    const dir = await built();
    const manifest = manifestOf(dir);
    for (const name of AREAS) {
      const entry = manifest.layers[name as LayerName];
      expect(entry?.overview?.file).toMatch(/\.overview\.json$/);
      expect(entry && usableOverview(entry)).not.toBeNull();
    }
    expect(checkOverviews(manifest, dir, AREAS)).toEqual([]);
  });

  it('is stale when the full layer changed after the overview was made', async () => {
    const dir = await built();
    appendFileSync(path.join(dir, 'minor-watersheds.fgb'), 'x');
    expect(checkOverviews(manifestOf(dir), dir, AREAS)).toEqual([
      expect.stringMatching(
        /^minorWatersheds: overview minor-watersheds\.overview\.json was built from another/,
      ),
    ]);
  });

  it('is missing when its file or its manifest entry is gone', async () => {
    const dir = await built();
    unlinkSync(path.join(dir, 'counties.overview.json'));
    const raw = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    delete raw.layers.state.overview;
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(raw));
    expect(checkOverviews(manifestOf(dir), dir, AREAS).sort()).toEqual([
      'counties: overview counties.overview.json missing',
      'state: no overview in the manifest',
    ]);
  });

  it('the page refuses an overview recorded for another build of its layer', async () => {
    const dir = await built();
    const raw = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    raw.layers.majorWatersheds.overview.of = '0000000000000000';
    const entry = parseManifest(raw).layers.majorWatersheds;
    expect(entry && usableOverview(entry)).toBeNull();
  });
});
