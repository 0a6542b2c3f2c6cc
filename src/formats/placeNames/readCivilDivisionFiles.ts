/**
 * Finds and reads MnDOT's civil division layers in the files as published: the Commons
 * GeoPackage `bdry_jurisdiction.gpkg` (or the ZIP holding it), with its layers
 * Jurisdiction_Lookup_for_Minnesota and City_Boundaries_in_Minnesota, or the two layers as
 * GeoJSON (the local mirror's copies). Reprojected to WGS84 by the importer's own readers. Pure.
 */
import { ImportError } from '../official/ImportError.ts';
import { openImportFile } from '../official/openImportFile.ts';
import type { ImportFile, LayerCandidate, OpenedFile, SourceLayer, SqlJsStatic } from '../official/types.ts';
import { CIVIL_DIVISION_LAYERS } from './civilDivisionLayers.ts';

export interface CivilDivisionLayers {
  lookup: SourceLayer;
  /** The city outlines, when the files hold them (the places are then placed inside their part). */
  cities: SourceLayer | null;
}

/**
 * Opens the files and reads the lookup layer and the city boundaries.
 * @throws ImportError naming the files and the layers found when there is no lookup layer
 */
export async function readCivilDivisionFiles(
  files: ImportFile[],
  sqlJs: () => Promise<SqlJsStatic>,
): Promise<CivilDivisionLayers> {
  const opened: OpenedFile[] = [];
  try {
    for (const file of files) opened.push(...(await openImportFile(file, sqlJs)));
    const candidates = opened.flatMap((o) => o.candidates);
    const pick = (which: keyof typeof CIVIL_DIVISION_LAYERS): LayerCandidate | undefined =>
      candidates.find((c) => c.layer === CIVIL_DIVISION_LAYERS[which].exact) ??
      candidates.find((c) => CIVIL_DIVISION_LAYERS[which].pattern.test(c.layer));
    const lookup = pick('lookup');
    if (!lookup)
      throw new ImportError(
        `${files.map((f) => f.name).join(', ')}: no ${CIVIL_DIVISION_LAYERS.lookup.exact} layer (layers found: ${candidates.map((c) => c.layer).join(', ') || 'none'})`,
      );
    const cities = pick('cities');
    return { lookup: await lookup.read(), cities: cities ? await cities.read() : null };
  } finally {
    for (const o of opened) o.close();
  }
}
