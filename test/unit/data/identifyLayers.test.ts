import { describe, expect, it } from 'vitest';
import { identifyLayers } from '../../../src/formats/official/identifyLayers.ts';
import type { OpenedFile } from '../../../src/formats/official/types.ts';

const fileOf = (file: string, layers: string[]): OpenedFile => ({
  file,
  close: () => {},
  candidates: layers.map((layer) => ({
    file,
    layer,
    read: () => Promise.reject(new Error('not read in this test')),
  })),
});

const pick = (files: OpenedFile[], map: Record<string, string> = {}) => {
  const notes: string[] = [];
  const chosen = identifyLayers(files, map, notes);
  return { chosen: Object.fromEntries([...chosen].map(([k, v]) => [k, `${v.file}:${v.layer}`])), notes };
};

describe('identifyLayers', () => {
  it('takes levels 04 and 07 of the DNR suite and ignores the other levels, saying so', () => {
    const dnr = fileOf('shp_geos_dnr_watersheds.zip', [
      'dnr_watersheds_dnr_level_02_basins',
      'dnr_watersheds_dnr_level_04_huc_08_majors',
      'dnr_watersheds_dnr_level_05_majors_split',
      'dnr_watersheds_dnr_level_07_minors',
      'dnr_watersheds_dnr_level_08_all_catchments',
    ]);
    const { chosen, notes } = pick([
      dnr,
      fileOf('shp_bdry_bank_service_areas.zip', ['bdry_bank_service_areas']),
    ]);
    expect(chosen).toEqual({
      majorWatersheds: 'shp_geos_dnr_watersheds.zip:dnr_watersheds_dnr_level_04_huc_08_majors',
      minorWatersheds: 'shp_geos_dnr_watersheds.zip:dnr_watersheds_dnr_level_07_minors',
      bankServiceAreas: 'shp_bdry_bank_service_areas.zip:bdry_bank_service_areas',
    });
    expect(notes).toEqual([
      'shp_geos_dnr_watersheds.zip: ignored layer(s) dnr_watersheds_dnr_level_02_basins, dnr_watersheds_dnr_level_05_majors_split, dnr_watersheds_dnr_level_08_all_catchments',
    ]);
  });

  it("prefers the publisher's exact name over a layer that only looks like it", () => {
    const { chosen } = pick([
      fileOf('w.gpkg', [
        'dnr_watersheds_dnr_level_04_huc_08_majors',
        'dnr_watersheds_dnr_level_04_huc_08_majors_lines',
      ]),
    ]);
    expect(chosen).toEqual({ majorWatersheds: 'w.gpkg:dnr_watersheds_dnr_level_04_huc_08_majors' });
  });

  it('refuses two files offering the same layer, and names the --map that settles it', () => {
    const a = fileOf('gpkg_bdry_bank_service_areas.zip', ['bdry_bank_service_areas']);
    const b = fileOf('shp_bdry_bank_service_areas.zip', ['bdry_bank_service_areas']);
    expect(() => pick([a, b])).toThrow(
      /^bankServiceAreas: more than one layer could be it \(gpkg_bdry_bank_service_areas\.zip, layer bdry_bank_service_areas; shp_bdry_bank_service_areas\.zip, layer bdry_bank_service_areas\); pick one with --map bankServiceAreas\.layer=<layer>/,
    );
  });

  it('gives a one-layer file named nothing official to the layer its --map names', () => {
    const { chosen } = pick([fileOf('export.fgb', ['export'])], { 'plss.meridian': '5' });
    expect(chosen).toEqual({ plss: 'export.fgb:export' });
    expect(pick([fileOf('x.gpkg', ['a', 'b'])], { 'minorWatersheds.layer': 'b' }).chosen).toEqual({
      minorWatersheds: 'x.gpkg:b',
    });
  });
});
