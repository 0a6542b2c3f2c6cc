/**
 * The limits of one sites import, apart from the reader so the page can check a file's size
 * before it loads the reader (and its GeoPackage, shapefile and projection code) in a worker.
 */

/** The most sites one import reads. */
export const MAX_IMPORT_SITES = 100_000;
/** The largest file one import reads (100,000 parcel outlines of 20-60 vertices are 60-100 MB of GeoJSON). */
export const MAX_IMPORT_BYTES = 128 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

/** The limits as a refusal states them. */
export const IMPORT_LIMIT_TEXT = `at most ${megabytes(MAX_IMPORT_BYTES)} and ${MAX_IMPORT_SITES.toLocaleString('en-US')} sites per import`;
