import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LayerName } from '../../../src/formats/manifest.ts';
import { PipelineError, SourceUnavailableError } from '../../../src/formats/PipelineError.ts';
import { fetchOfficialFeatures, type OfficialFeatures } from '../acquireOfficialLayer.ts';
import type { SourcesFile } from '../loadSources.ts';
import type { PipelineOptions, Provenance, SourceFeature } from './pipelineTypes.ts';

/** What every stage reads: the options, the build's time, and where each layer may come from. */
export interface BuildContext {
  options: PipelineOptions;
  sources: SourcesFile;
  mirrorDir: string | null;
  offline: boolean;
  log: (line: string) => void;
  now: Date;
  /** The build's time, ISO 8601: every entry's `retrieved`. */
  retrieved: string;
  /** The mirror's copy of a layer, when the mirror has it. */
  mirrorHas: (name: LayerName) => string | null;
  /** The mirror's GeoJSON copy of a layer (call only when mirrorHas gave a file). */
  readMirror: (name: LayerName) => SourceFeature[];
  mirrorProvenance: (name: LayerName) => Provenance;
  officialProvenance: (name: LayerName, url: string) => Provenance;
  /** Tries the official source; an unreachable one gives null after one line of explanation. */
  tryOfficial: (name: LayerName, fallbackText: string) => Promise<OfficialFeatures | null>;
}

function readMirrorGeojson(mirrorDir: string, path: string, label: string): SourceFeature[] {
  const file = join(mirrorDir, path);
  let parsed: { type?: string; features?: SourceFeature[] };
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PipelineError(`${label}: cannot read ${file} (${(error as Error).message})`);
  }
  if (parsed.type !== 'FeatureCollection' || !Array.isArray(parsed.features))
    throw new PipelineError(`${label}: ${file} is not a GeoJSON FeatureCollection`);
  return parsed.features;
}

export function createBuildContext(options: PipelineOptions): BuildContext {
  const { sources, mirrorDir, offline, log } = options;
  const now = options.now ?? new Date();
  const retrieved = now.toISOString();
  return {
    options,
    sources,
    mirrorDir,
    offline,
    log,
    now,
    retrieved,
    mirrorHas: (name) => {
      const mirror = sources.layers[name].mirror;
      if (!mirrorDir || !mirror) return null;
      const file = join(mirrorDir, mirror.path);
      return existsSync(file) ? file : null;
    },
    readMirror: (name) => readMirrorGeojson(mirrorDir!, sources.layers[name].mirror!.path, name),
    mirrorProvenance: (name) => {
      const mirror = sources.layers[name].mirror!;
      // Plain words for the reader; the copy's path is in sources.json (issue 24, item 11).
      return {
        source: mirror.origin,
        sourceUrl: sources.layers[name].official?.url ?? null,
        asOf: mirror.asOf,
        licence: mirror.licence,
        official: mirror.official,
        demonstration: false,
      };
    },
    officialProvenance: (name, url) => {
      const official = sources.layers[name].official!;
      return {
        source: official.publisher,
        sourceUrl: url,
        asOf: official.asOf ?? retrieved.slice(0, 10),
        licence: official.licence,
        official: true,
        demonstration: false,
      };
    },
    tryOfficial: async (name, fallbackText) => {
      const source = sources.layers[name];
      if (offline || !source.official) return null;
      try {
        return await fetchOfficialFeatures(name, source, options.timeoutMs);
      } catch (error) {
        if (error instanceof SourceUnavailableError) {
          log(
            `${name}: official source unavailable — ${error.message.replace(/^[^:]*\): /, '')}; using ${fallbackText}`,
          );
          return null;
        }
        throw error;
      }
    },
  };
}
