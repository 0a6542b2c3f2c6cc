import { LAYER_SCHEMAS } from '../layers/layerSchemas.ts';
import type { AreaFeature, LayerFeature } from '../layers/layerTypes.ts';
import { MINNESOTA_BOUNDS, validateLayer } from '../layers/validateLayer.ts';
import { PipelineError } from '../PipelineError.ts';
import { checkWatershedNesting } from './checkWatershedNesting.ts';
import { ImportError } from './ImportError.ts';
import { IMPORT_LAYER_NAMES, identifyLayers, OFFICIAL_LAYER_NAMES } from './identifyLayers.ts';
import { importBankServiceAreas } from './importBankServiceAreas.ts';
import { importConfig } from './importConfig.ts';
import { importMajors } from './importMajors.ts';
import { importMinors } from './importMinors.ts';
import { importPlss } from './importPlss.ts';
import { openImportFile } from './openImportFile.ts';
import { whereOf } from './pickField.ts';
import type {
  ImportedLayer,
  ImportFile,
  ImportLayerName,
  ImportOptions,
  ImportResult,
  OpenedFile,
  SourceLayer,
} from './types.ts';

/** Runs a check of data/lib (which throws PipelineError) and reports it as an ImportError. */
function asImportError(check: () => void): void {
  try {
    check();
  } catch (error) {
    if (error instanceof PipelineError && !(error instanceof ImportError))
      throw new ImportError(error.message);
    throw error;
  }
}

/**
 * Reads the official layers from files as the publishers ship them (the DNR Watershed Suite
 * GeoPackage or shapefile zip, BWSR's bank service areas, MnGeo's PLSS sections, or one layer
 * as .gpkg/.fgb/.geojson/zipped shapefile with `--map`), normalizes them to data/SCHEMA.md and
 * validates them exactly as the data pipeline does (validateLayer with officialLayouts.json's counts,
 * the minor-in-major nesting check). Pure: no file system, DOM or network, so the CLI and the
 * page's worker share it.
 * @throws ImportError naming the file, the layer and the problem; nothing is returned then
 */
export async function importOfficialLayers(
  files: ImportFile[],
  options: ImportOptions,
): Promise<ImportResult> {
  const map = options.map ?? {};
  const progress = options.onProgress ?? (() => {});
  const notes: string[] = [];
  for (const key of Object.keys(map)) {
    const [layer, column] = key.split('.');
    if (!IMPORT_LAYER_NAMES.includes(layer as ImportLayerName) || !column)
      throw new ImportError(
        `--map ${key}=${map[key]}: unknown layer "${layer}"; use one of ${IMPORT_LAYER_NAMES.join(', ')}, e.g. --map minorWatersheds.id=MINOR5`,
      );
    const columns = [...LAYER_SCHEMAS[layer as ImportLayerName].columns.map((c) => c.name), 'layer'].filter(
      (c) => c !== 'demonstration',
    );
    if (!columns.includes(column))
      throw new ImportError(
        `--map ${key}=${map[key]}: ${layer} has no column "${column}"; columns: ${columns.join(', ')}`,
      );
  }
  if (files.length === 0) throw new ImportError('no files to import');
  let sql: Promise<import('sql.js').SqlJsStatic> | undefined;
  const sqlJs = () => {
    sql ??= options.sqlJs();
    return sql;
  };
  const opened: OpenedFile[] = [];
  try {
    for (const [i, file] of files.entries()) {
      progress(`Opening ${file.name}`, (0.1 * i) / files.length);
      opened.push(...(await openImportFile(file, sqlJs)));
    }
    const civil = options.civilDivisions ? new Set<string>() : undefined;
    const chosen = identifyLayers(opened, map, notes, civil);
    const minorsCandidate = chosen.get('minorWatersheds');
    if (minorsCandidate && !chosen.has('majorWatersheds') && !options.current?.majorWatersheds) {
      const found = opened
        .filter((o) => o.file === minorsCandidate.file)
        .flatMap((o) => o.candidates.map((c) => c.layer));
      throw new ImportError(
        `${minorsCandidate.file}: has the minor watersheds (${minorsCandidate.layer}) but no major watershed layer ${OFFICIAL_LAYER_NAMES.majorWatersheds.exact} (layers found: ${found.join(', ')}); the minors must be checked against official majors — import the majors too`,
      );
    }
    const sources = new Map<ImportLayerName, SourceLayer>();
    let step = 0;
    for (const name of IMPORT_LAYER_NAMES) {
      const candidate = chosen.get(name);
      if (!candidate) continue;
      progress(`Reading ${candidate.layer}`, 0.1 + (0.5 * step++) / chosen.size);
      const source = await candidate.read();
      if (source.features.length === 0)
        throw new ImportError(
          `${whereOf(source)}: the layer has 0 features (an empty ${name} layer cannot replace the one in use)`,
        );
      sources.set(name, source);
    }
    // Everything is read: the databases' copies of the files (the size of each GeoPackage) go
    // now, before the checks and the normalizing build their own copies of the features.
    for (const o of opened) o.close();
    if (
      sources.has('minorWatersheds') &&
      !sources.has('majorWatersheds') &&
      !options.current?.majorWatersheds
    ) {
      const minors = sources.get('minorWatersheds')!;
      const found = opened
        .filter((o) => o.file === minors.file)
        .flatMap((o) => o.candidates.map((c) => c.layer));
      throw new ImportError(
        `${minors.file}: has the minor watersheds (${minors.layer}) but no major watershed layer ${OFFICIAL_LAYER_NAMES.majorWatersheds.exact} (layers found: ${found.join(', ')}); the minors must be checked against official majors — import the majors too`,
      );
    }

    const layers: ImportedLayer[] = [];
    const add = (
      name: ImportLayerName,
      source: SourceLayer,
      features: LayerFeature[],
      fieldsUsed: Record<string, string>,
    ) => {
      const config = importConfig(name);
      progress(`Checking ${name}`, 0.6 + (0.4 * layers.length) / sources.size);
      asImportError(() =>
        validateLayer(
          `${whereOf(source)} (${name})`,
          features,
          LAYER_SCHEMAS[name],
          config.expect,
          MINNESOTA_BOUNDS,
        ),
      );
      layers.push({
        name,
        features,
        provenance: {
          source: config.publisher,
          file: source.file,
          fileDate: source.fileDate,
          sourceLayer: source.layer,
          crs: source.crs,
          fieldsUsed,
        },
      });
    };
    const majorsSource = sources.get('majorWatersheds');
    let majors = options.current?.majorWatersheds as AreaFeature[] | undefined;
    if (majorsSource) {
      const { features, fieldsUsed } = importMajors(majorsSource, map);
      add('majorWatersheds', majorsSource, features, fieldsUsed);
      majors = features as AreaFeature[];
    }
    const minorsSource = sources.get('minorWatersheds');
    if (minorsSource) {
      const { features, fieldsUsed } = importMinors(minorsSource, map, majors!, notes);
      add('minorWatersheds', minorsSource, features, fieldsUsed);
      asImportError(() =>
        checkWatershedNesting(
          `${whereOf(minorsSource)} (minorWatersheds)`,
          features as AreaFeature[],
          majors!,
        ),
      );
    }
    const bsaSource = sources.get('bankServiceAreas');
    if (bsaSource) {
      const { features, fieldsUsed } = importBankServiceAreas(bsaSource, map, notes);
      add('bankServiceAreas', bsaSource, features, fieldsUsed);
    }
    const plssSource = sources.get('plss');
    if (plssSource) {
      const { features, fieldsUsed } = importPlss(plssSource, map);
      add('plss', plssSource, features, fieldsUsed);
    }
    progress('Done', 1);
    return { layers, notes, ...(civil && civil.size > 0 ? { civilDivisionFiles: [...civil] } : {}) };
  } finally {
    for (const o of opened) o.close();
  }
}
