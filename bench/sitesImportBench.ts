/**
 * `sites.hundredThousandPolygonsImportMs`: a county-scale candidate list read and located in
 * node — 100,000 seeded polygon sites of parcel size (10-200 acres, 20-60 vertices each, some
 * straddling unit boundaries) as one GeoJSON file (about 85 MB, coordinates to 1 m), parsed by readSitesFile and each
 * located by its area over the built lookup layers (createSiteLocator). The layers are decoded
 * and their point indexes built before the clock starts (the page and the CLI hold them
 * already); building the locator's edge index is inside the time.
 */
import path from 'node:path';
import { createSiteLocator } from '../src/geo/siteImport/locateSitePolygon.ts';
import { readSitesFile } from '../src/geo/siteImport/readSitesFile.ts';
import { UnitIndex } from '../src/geo/unitIndex.ts';
import { loadLookupLayers } from './loadLookupLayers.ts';
import { seededRandom } from './randomPoints.ts';
import { median } from './stats.ts';

export interface SitesImportFigures {
  sites: number;
  fileBytes: number;
  vertices: number;
  /** Median of the runs: read + locate. */
  hundredThousandPolygonsImportMs: number;
  readMs: number;
  locateMs: number;
  /** Each run's read + locate (ms), in order: on a shared machine their spread is the noise. */
  totalsMs: number[];
  /** Sites whose outline straddles a boundary of some layer (exact shares computed). */
  straddling: number;
  runs: number;
}

/** Seeded parcel-like outlines: star-shaped rings around random centres inside the state's box. */
export function polygonSitesGeoJson(count: number, seed: number): { text: string; vertices: number } {
  const random = seededRandom(seed);
  const features: string[] = [];
  let vertices = 0;
  const actions = ['restoration', 'creation', 'preservation', ''];
  for (let i = 0; i < count; i++) {
    // Inside the box of the state away from its ragged north-east edge, as the batch bench.
    const x = -96.5 + random() * 4.5;
    const y = 43.7 + random() * 4;
    const acres = 10 + random() * 190;
    // Radius in degrees of a circle of that area (1 acre = 4046.86 m²; 1° lat = 111.2 km).
    const radius = Math.sqrt((acres * 4046.86) / Math.PI) / 111_200;
    const sides = 20 + Math.floor(random() * 41);
    const ring: string[] = [];
    const scaleX = 1 / Math.cos((y * Math.PI) / 180);
    let first = '';
    for (let k = 0; k < sides; k++) {
      const angle = (2 * Math.PI * k) / sides;
      const r = radius * (0.75 + random() * 0.25);
      const position = `[${(x + r * Math.cos(angle) * scaleX).toFixed(5)},${(y + r * Math.sin(angle)).toFixed(5)}]`;
      if (k === 0) first = position;
      ring.push(position);
    }
    ring.push(first);
    vertices += ring.length;
    features.push(
      `{"type":"Feature","properties":{"id":"S${i}","name":"Parcel ${i}","action":"${actions[i % 4]}","acres":${acres.toFixed(1)}},"geometry":{"type":"Polygon","coordinates":[[${ring.join(',')}]]}}`,
    );
  }
  return { text: `{"type":"FeatureCollection","features":[${features.join(',')}]}`, vertices };
}

/** Reads and locates 100,000 polygon sites `runs` times (median), over the layers in `dataDir`. */
export async function sitesImportBench(
  dataDir: string,
  log: (line: string) => void,
  runs = 3,
): Promise<SitesImportFigures> {
  const { manifest, collections } = await loadLookupLayers(dataDir);
  const units = new UnitIndex(manifest, collections);
  const count = 100_000;
  const { text, vertices } = polygonSitesGeoJson(count, 14);
  const bytes = new TextEncoder().encode(text);
  log(
    `sites: ${count} polygons, ${vertices} vertices, ${(bytes.length / 1024 / 1024).toFixed(1)} MB GeoJSON`,
  );
  const totals: number[] = [];
  const reads: number[] = [];
  const locates: number[] = [];
  let straddling = 0;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const result = await readSitesFile('parcels.geojson', bytes, { idPrefix: 'p-' });
    const read = performance.now();
    if (!result.ok) throw new Error(result.message);
    // A fresh locator each run: its edge indexes are part of the cost.
    const locator = createSiteLocator(units);
    straddling = 0;
    for (const site of result.sites) {
      if (!site.geometry) throw new Error(`${site.id} has no outline`);
      const located = locator.locate(site.geometry);
      site.areaShares = located.areaShares;
      if (located.straddles) straddling++;
    }
    const end = performance.now();
    totals.push(end - start);
    reads.push(read - start);
    locates.push(end - read);
    log(`sites: run ${run + 1}: read ${(read - start).toFixed(0)} ms, locate ${(end - read).toFixed(0)} ms`);
  }
  return {
    sites: count,
    fileBytes: bytes.length,
    vertices,
    hundredThousandPolygonsImportMs: median(totals),
    readMs: median(reads),
    locateMs: median(locates),
    totalsMs: totals.map((total) => Math.round(total)),
    straddling,
    runs,
  };
}

// `npx tsx bench/sitesImportBench.ts`: this measure alone, printed as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = path.resolve(import.meta.dirname, '../public/data');
  sitesImportBench(dataDir, (line) => process.stderr.write(`bench: ${line}\n`)).then((figures) =>
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`),
  );
}
