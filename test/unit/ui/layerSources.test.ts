import { describe, expect, it } from 'vitest';
import { layerSources } from '../../../src/exports/layerSources';
import type { Manifest } from '../../../src/formats/manifest';
import { overlayOfficialLayers } from '../../../src/geo/officialLayerEntry';

const BUILT: Manifest = {
  schema: 1,
  generatedAt: '2026-12-01',
  demonstration: true,
  areaClassOverrides: null,
  layers: {
    bankServiceAreas: {
      file: 'bank-service-areas.fgb',
      title: 'Wetland bank service areas (BWSR) — demonstration geography — not official',
      featureCount: 10,
      bounds: [-97, 43, -89, 49],
      bytes: 1,
      source: 'Demonstration geography',
      sourceUrl: null,
      asOf: '2026-12-01',
      retrieved: '',
      licence: 'MIT',
      official: false,
      demonstration: true,
    },
  },
};

describe('the sources an export carries', () => {
  it('names the imported file and its date, from the manifest the page reads', () => {
    const manifest = overlayOfficialLayers(BUILT, [
      {
        name: 'bankServiceAreas',
        bytes: new Uint8Array(8),
        featureCount: 10,
        bounds: [-97, 43, -89, 49],
        importedAt: '2026-12-01T09:00:00.000Z',
        provenance: {
          source: 'BWSR',
          file: 'shp_bdry_bank_service_areas.zip',
          fileDate: '2026-11-02',
          sourceLayer: 'bdry_bank_service_areas',
          crs: 'EPSG:26915',
          fieldsUsed: { id: 'BSA' },
        },
      },
    ]);
    expect(layerSources(manifest)).toEqual([
      expect.objectContaining({
        layer: 'bankServiceAreas',
        asOf: '2026-11-02',
        official: true,
        demonstration: false,
        source: expect.stringContaining('shp_bdry_bank_service_areas.zip › bdry_bank_service_areas'),
      }),
    ]);
    expect(layerSources(BUILT)[0]?.demonstration).toBe(true);
    expect(layerSources(null)).toEqual([]);
  });
});
