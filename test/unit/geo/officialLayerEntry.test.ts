import { describe, expect, it } from 'vitest';
import type { LayerManifestEntry, Manifest } from '../../../src/formats/manifest';
import { layerShortTitle, unitSourceLabel } from '../../../src/geo/layerLabels';
import { overlayOfficialLayers, type StoredOfficialLayer } from '../../../src/geo/officialLayerEntry';

const entry = (title: string, demonstration: boolean): LayerManifestEntry => ({
  file: 'x.fgb',
  title,
  featureCount: 1,
  bounds: [-97, 43, -89, 49],
  bytes: 10,
  source: 'built',
  sourceUrl: null,
  asOf: '2026-12-01',
  retrieved: '2026-12-01T00:00:00Z',
  licence: 'MIT',
  official: !demonstration,
  demonstration,
});

const BUILT: Manifest = Object.freeze({
  schema: 1,
  generatedAt: '2026-12-01',
  demonstration: true,
  areaClassOverrides: null,
  layers: {
    counties: entry('Counties and wetland area class (Minn. R. 8420.0117)', false),
    minorWatersheds: entry('Minor watersheds (DNR Level 07) — demonstration geography — not official', true),
    bankServiceAreas: entry(
      'Wetland bank service areas (BWSR) — demonstration geography — not official',
      true,
    ),
  },
});

const MINORS: StoredOfficialLayer = {
  name: 'minorWatersheds',
  bytes: new Uint8Array(1234),
  featureCount: 5690,
  bounds: [-97.2, 43.5, -89.5, 49.4],
  importedAt: '2026-12-01T09:00:00.000Z',
  provenance: {
    source: 'DNR Watershed Suite (GeoPackage)',
    file: 'gpkg_geos_dnr_watersheds.zip',
    fileDate: '2026-11-20',
    sourceLayer: 'dnr_watersheds_dnr_level_07_minors',
    crs: 'EPSG:26915',
    fieldsUsed: { id: 'MINOR5', name: 'minor_name' },
  },
};

describe('imported official layers in the manifest', () => {
  it('replaces only the imported layer, official and named by its file and date', () => {
    const manifest = overlayOfficialLayers(BUILT, [MINORS]);
    const minors = manifest.layers.minorWatersheds;
    expect(minors).toMatchObject({
      file: 'imported-minorWatersheds.fgb',
      official: true,
      demonstration: false,
      asOf: '2026-11-20',
      featureCount: 5690,
      bytes: 1234,
    });
    expect(minors?.title).toBe(
      'Minor watersheds (DNR Level 07) — gpkg_geos_dnr_watersheds.zip › dnr_watersheds_dnr_level_07_minors, file dated 2026-11-20',
    );
    expect(minors?.source).toContain('MINOR5');
    // The bank service areas were not imported: still a demonstration, so the page still says so.
    expect(manifest.layers.bankServiceAreas).toBe(BUILT.layers.bankServiceAreas);
    expect(manifest.demonstration).toBe(true);
    expect(BUILT.layers.minorWatersheds?.demonstration).toBe(true);
  });

  it('clears the demonstration flag once every stand-in is replaced', () => {
    const bsas: StoredOfficialLayer = {
      ...MINORS,
      name: 'bankServiceAreas',
      provenance: { ...MINORS.provenance, file: 'shp_bdry_bank_service_areas.zip', fileDate: null },
    };
    const manifest = overlayOfficialLayers(BUILT, [MINORS, bsas]);
    expect(manifest.demonstration).toBe(false);
    expect(manifest.layers.bankServiceAreas?.asOf).toBe('date unknown');
    expect(manifest.layers.bankServiceAreas?.title).toContain('file date unknown');
    expect(overlayOfficialLayers(BUILT, [])).toBe(BUILT);
  });

  it('labels a unit with its file for an official layer and by name for a stand-in', () => {
    const manifest = overlayOfficialLayers(BUILT, [MINORS]);
    const minors = manifest.layers.minorWatersheds;
    if (!minors) throw new Error('no minors');
    expect(unitSourceLabel(minors)).toBe(
      'Minor watersheds (DNR Level 07): gpkg_geos_dnr_watersheds.zip › dnr_watersheds_dnr_level_07_minors, file dated 2026-11-20',
    );
    const demo = BUILT.layers.bankServiceAreas;
    if (!demo) throw new Error('no bsas');
    expect(unitSourceLabel(demo)).toBe('Wetland bank service areas (BWSR)');
    expect(unitSourceLabel(entry('Counties and wetland area class (Minn. R. 8420.0117)', false))).toBe(
      'Counties and wetland area class (Minn. R. 8420.0117)',
    );
    expect(layerShortTitle(minors.title)).toBe('Minor watersheds (DNR Level 07)');
  });
});
