import { describe, expect, it } from 'vitest';
import { mappingFromError } from '../../../src/ui/officialImport/mappingFromError';

describe('the field mapping the page offers', () => {
  it('reads the layer, field and choices from an error that carries them', () => {
    const error = Object.assign(new Error('x'), {
      layer: 'minorWatersheds',
      field: 'id',
      fields: ['OBJECTID', 'MINOR5', 'minor_name'],
    });
    expect(mappingFromError(error)).toEqual({
      layer: 'minorWatersheds',
      field: 'id',
      choices: ['OBJECTID', 'MINOR5', 'minor_name'],
    });
  });

  it('reads them from the message when the error names the --map to use', () => {
    const error = new Error(
      'w.gpkg › dnr_watersheds_dnr_level_07_minors: no field holds the minor watershed id; fields found: OBJECTID, MINOR5, minor_name. Use --map minorWatersheds.id=FIELD',
    );
    expect(mappingFromError(error)).toEqual({
      layer: 'minorWatersheds',
      field: 'id',
      choices: ['OBJECTID', 'MINOR5', 'minor_name'],
    });
  });

  it('reads the importer’s own wording', () => {
    const error = new Error(
      'w.zip, layer dnr_watersheds_dnr_level_07_minors: cannot identify the minor watershed id field (fields: OBJECTID, MINOR5, minor_name); name it with --map minorWatersheds.id=<FIELD>',
    );
    expect(mappingFromError(error)).toEqual({
      layer: 'minorWatersheds',
      field: 'id',
      choices: ['OBJECTID', 'MINOR5', 'minor_name'],
    });
  });

  it('offers nothing for other errors', () => {
    expect(mappingFromError(new Error('w.gpkg: not a GeoPackage (no SQLite header)'))).toBeNull();
    expect(mappingFromError('text')).toBeNull();
  });
});
