/**
 * Official layers from the files planners download (issue 11): one reader for the CLI
 * (`npm run data -- --import FILE`) and the page's import worker.
 */

export { ImportError } from './ImportError.ts';
export { IMPORT_LAYER_NAMES, OFFICIAL_LAYER_NAMES } from './identifyLayers.ts';
export { isImportLayerName, officialLayerExpectation } from './importConfig.ts';
export { importedLayerFile, importedProvenance } from './importedLayerFile.ts';
export { importOfficialLayers } from './importOfficialLayers.ts';
export { plssId } from './importPlss.ts';
export type {
  ImportedLayer,
  ImportFile,
  ImportLayerName,
  ImportOptions,
  ImportProvenance,
  ImportResult,
  LayerFeature,
  SqlJsStatic,
} from './types.ts';
