import type { Feature, Geometry } from 'geojson';
import type { SqlJsStatic } from 'sql.js';
import type { LayerFeature } from '../layers/layerTypes.ts';

export type { LayerFeature, SqlJsStatic };

/** The layers an official import can replace or add. */
export type ImportLayerName = 'majorWatersheds' | 'minorWatersheds' | 'bankServiceAreas' | 'plss';

/** One file as the user holds it: a download from the Minnesota Geospatial Commons, or a single layer. */
export interface ImportFile {
  /** File name (a path is fine; only the base name is shown). */
  name: string;
  bytes: Uint8Array;
  /** ISO date (or date-time) of the file, e.g. its modification time. */
  lastModified?: string;
}

export interface ImportOptions {
  /**
   * Field and layer choices, from `--map <layer>.<field>=<sourceField>`, e.g.
   * `{ 'minorWatersheds.id': 'MINOR5' }`. `<layer>.layer=<sourceLayer>` picks the layer of a
   * multi-layer file (a GeoPackage table or a shapefile's base name).
   */
  map?: Record<string, string>;
  /** Majors already in use (for the nesting check when only minors are given). */
  current?: { majorWatersheds?: LayerFeature[] };
  /** The platform injects sql.js (node: locateFile to node_modules; browser: the wasm's ?url). */
  sqlJs: () => Promise<SqlJsStatic>;
  onProgress?: (stage: string, fraction: number) => void;
  /**
   * Accept MnDOT's civil divisions (bdry_jurisdiction) and name their files in the result (the
   * build reads them into the search's place names); without it such a file is refused.
   */
  civilDivisions?: boolean;
}

/** Where an imported layer came from, for the manifest and every label that names a source. */
export interface ImportProvenance {
  /** Publisher, e.g. "Minnesota DNR, Watershed Suite (geos_dnr_watersheds)". */
  source: string;
  /** The file's base name, e.g. gpkg_geos_dnr_watersheds.zip. */
  file: string;
  /** ISO date (YYYY-MM-DD) of the file, or null when unknown. */
  fileDate: string | null;
  /** The layer inside the file (GeoPackage table, shapefile base name, or the file itself). */
  sourceLayer: string;
  /** The CRS the file declared, e.g. "EPSG:26915". */
  crs: string;
  /** Schema column → the source field it was read from (or how it was derived). */
  fieldsUsed: Record<string, string>;
}

export interface ImportedLayer {
  name: ImportLayerName;
  /** Normalized to data/SCHEMA.md columns (demonstration: false), WGS84, validated. */
  features: LayerFeature[];
  provenance: ImportProvenance;
}

export interface ImportResult {
  layers: ImportedLayer[];
  /** Things worth telling the user that are not errors (ignored layers, detected fields). */
  notes: string[];
  /** The files (base names) that hold MnDOT's civil divisions, with `civilDivisions`. */
  civilDivisionFiles?: string[];
}

/** A source feature: raw attributes, geometry already in WGS84. */
export type SourceFeature = Feature<Geometry, Record<string, unknown>>;

/** One layer read from a file, before it is identified or normalized. */
export interface SourceLayer {
  /** Base name of the file it came from. */
  file: string;
  fileDate: string | null;
  /** Layer name inside the file. */
  layer: string;
  /** The declared CRS, as named in messages and provenance. */
  crs: string;
  /** Field names in file order. */
  fields: string[];
  features: SourceFeature[];
}

/** A layer found in a file, read only when it is wanted (a GeoPackage may hold many levels). */
export interface LayerCandidate {
  file: string;
  layer: string;
  read: () => Promise<SourceLayer>;
}

/** The layers of one opened file; `close` frees what reading needed (the SQLite database), once however often called. */
export interface OpenedFile {
  file: string;
  candidates: LayerCandidate[];
  close: () => void;
}
