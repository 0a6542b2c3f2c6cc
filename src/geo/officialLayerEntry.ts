/**
 * Official layers a planner imported in this browser, and how they replace the built
 * demonstration stand-ins: each becomes a manifest entry (official, not a demonstration, its
 * source the file and layer it came from, as of the file's date) so every reader of the manifest
 * — the map, the card, the ranking, the report, exports and hearing mode — names it the same way.
 * Pure: no I/O.
 */
import type { LayerManifestEntry, LayerName, Manifest } from '../formats/manifest.ts';

/** Where an imported layer came from (the shared importer's provenance, src/formats/official). */
export interface OfficialProvenance {
  /** The publisher's product, e.g. "DNR Watershed Suite (GeoPackage)". */
  source: string;
  /** The file the planner chose, e.g. `gpkg_geos_dnr_watersheds.zip`. */
  file: string;
  /** The file's own date (ISO date), when it has one. */
  fileDate: string | null;
  /** The layer inside the file, e.g. `dnr_watersheds_dnr_level_07_minors`. */
  sourceLayer: string;
  /** The file's coordinate reference system, e.g. `EPSG:26915`. */
  crs: string;
  /** Our column ← the file's field, e.g. `{ id: 'MINOR5' }`. */
  fieldsUsed: Record<string, string>;
}

/** One imported layer as kept in this browser: the indexed FlatGeobuf bytes and their origin. */
export interface StoredOfficialLayer {
  name: LayerName;
  bytes: Uint8Array;
  featureCount: number;
  bounds: [number, number, number, number];
  provenance: OfficialProvenance;
  /** ISO time of the import. */
  importedAt: string;
}

/** The file name an imported layer is known by (never one the server holds). */
export function officialFileName(name: LayerName): string {
  return `imported-${name}.fgb`;
}

/** Short titles of the layers an import can bring (also when the build has no stand-in). */
export const OFFICIAL_LAYER_TITLES: Partial<Record<LayerName, string>> = {
  majorWatersheds: 'Major watersheds (DNR)',
  minorWatersheds: 'Minor watersheds (DNR Level 07)',
  bankServiceAreas: 'Wetland bank service areas (BWSR)',
  plss: 'PLSS sections (township, range, section)',
};

/** "file › layer, file dated 2026-11-20": how the page names an imported layer's source. */
export function officialSourceText(provenance: OfficialProvenance): string {
  const date = provenance.fileDate ? `file dated ${provenance.fileDate}` : 'file date unknown';
  return `${provenance.file} › ${provenance.sourceLayer}, ${date}`;
}

/** The manifest entry of one imported layer, in place of `base` (the built entry, if any). */
export function officialManifestEntry(
  stored: StoredOfficialLayer,
  base: LayerManifestEntry | undefined,
): LayerManifestEntry {
  const shortTitle = base?.title.split(' — ')[0] ?? OFFICIAL_LAYER_TITLES[stored.name] ?? stored.name;
  const { provenance } = stored;
  const fields = Object.entries(provenance.fieldsUsed)
    .map(([column, field]) => `${column} ← ${field}`)
    .join(', ');
  return {
    file: officialFileName(stored.name),
    // The text after " — " is what the card shows as the unit's source (layerLabels.ts).
    title: `${shortTitle} — ${officialSourceText(provenance)}`,
    featureCount: stored.featureCount,
    bounds: stored.bounds,
    bytes: stored.bytes.byteLength,
    source: `${provenance.file} › ${provenance.sourceLayer} (${provenance.source}; ${provenance.crs}; fields ${fields || 'as named'}; imported in this browser ${stored.importedAt.slice(0, 10)})`,
    sourceUrl: null,
    asOf: provenance.fileDate ?? 'date unknown',
    retrieved: stored.importedAt,
    licence: base?.official ? base.licence : 'As published (see the publisher’s terms)',
    official: true,
    demonstration: false,
  };
}

/**
 * The built manifest with the imported layers in place of their stand-ins. Layers not imported
 * keep their entry (and their demonstration label); `demonstration` is recomputed.
 */
export function overlayOfficialLayers(manifest: Manifest, stored: readonly StoredOfficialLayer[]): Manifest {
  if (stored.length === 0) return manifest;
  const layers = { ...manifest.layers };
  for (const layer of stored) layers[layer.name] = officialManifestEntry(layer, manifest.layers[layer.name]);
  return {
    ...manifest,
    layers,
    demonstration: Object.values(layers).some((entry) => entry.demonstration),
  };
}
