// shpjs 6 ships no type declarations; only the two parsers the pipeline uses are declared.
declare module 'shpjs' {
  import type { Geometry } from 'geojson';
  /** Parses .shp bytes; `prj` false keeps the file's own coordinates. */
  export function parseShp(shp: DataView | ArrayBuffer, prj?: string | false): (Geometry | null)[];
  /** Parses .dbf bytes into one record per feature. */
  export function parseDbf(dbf: DataView | ArrayBuffer, cpg?: string): Record<string, unknown>[];
}
