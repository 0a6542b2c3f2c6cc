/**
 * The official-size import beside GDAL (issue 35): a DNR Watershed Suite GeoPackage zip written
 * by ogr2ogr at the official density, imported by `npm run data -- --import` and by the shared
 * reader alone, each in its own process, and converted by ogr2ogr to WGS84 indexed FlatGeobuf in
 * the same run. Time and peak RSS come from the kernel (getrusage of the waited child), the same
 * way for all three.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeOfficialFixtures } from '../test/fixtures/official/makeOfficialFixtures.ts';
import type { PageImportResult } from './pageImportBench.ts';

const LAYERS = {
  majors: 'dnr_watersheds_dnr_level_04_huc_08_majors',
  minors: 'dnr_watersheds_dnr_level_07_minors',
  catchments: 'dnr_watersheds_dnr_level_08_all_catchments',
};
/** Metres between points after densifying: the demonstration's ~214 m segments become ~27 m. */
const SEGMENT_METRES = 27;
/** The inner file's name as DNR ships it (the zip is found by this name, as the page finds it). */
const GPKG = 'geos_dnr_watersheds.gpkg';

/** One measured command. */
export interface Measured {
  seconds: number;
  peakRssMb: number;
}

export interface OfficialImportResult {
  zipBytes: number;
  minorVertices: number;
  majorVertices: number;
  /** unzip, then ogr2ogr: majors and minors → EPSG:4326 FlatGeobuf with a spatial index. */
  gdal: Measured;
  /** `npm run data -- --import` (offline, the mirror's other layers): the whole build. */
  build: Measured;
  /** The shared reader alone (what the page's worker runs): read, reproject, check. */
  read: Measured;
  loadAverage: number[];
  /** The same files through the page's "Load official layers…" (bench/pageImportBench.ts). */
  page?: PageImportResult;
}

/** Where officialImportBench leaves the watershed zip and the BSA zip, for the page's run. */
export function officialSizeFiles(tmp: string): string[] {
  return [
    path.join(tmp, `gpkg_${GPKG.replace('.gpkg', '')}.zip`),
    path.join(tmp, 'base', 'shp_bdry_bank_service_areas.zip'),
  ];
}

/** Runs a command and reports its wall time and peak RSS (the kernel's, for the waited child). */
function measure(command: string[], env: NodeJS.ProcessEnv = process.env): Measured {
  const script = [
    'import resource, subprocess, sys, time',
    't = time.time()',
    'subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)',
    'print(time.time() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)',
  ].join('\n');
  const out = execFileSync('python3', ['-c', script, ...command], { env, encoding: 'utf8' });
  const [seconds, kb] = out.trim().split(/\s+/).map(Number);
  return { seconds: seconds!, peakRssMb: kb! / 1024 };
}

function vertices(gpkg: string, layer: string): number {
  const out = execFileSync(
    'ogrinfo',
    ['-ro', '-q', '-dialect', 'SQLite', '-sql', `SELECT sum(ST_NPoints(GEOMETRY)) AS n FROM ${layer}`, gpkg],
    { encoding: 'utf8' },
  );
  return Number(/n \(Integer\) = (\d+)/.exec(out)?.[1] ?? Number.NaN);
}

/** The fixture: the demonstration layers in DNR's shape (makeOfficialFixtures), densified by GDAL. */
function officialSizeZip(
  root: string,
  tmp: string,
  log: (line: string) => void,
): { zip: string; bsa: string } {
  const base = path.join(tmp, 'base');
  makeOfficialFixtures(path.join(root, 'public/data'), base);
  const gpkg = path.join(tmp, GPKG);
  const [zip, bsa] = officialSizeFiles(tmp) as [string, string];
  rmSync(gpkg, { force: true });
  rmSync(zip, { force: true });
  for (const layer of Object.values(LAYERS))
    execFileSync('ogr2ogr', [
      '-f',
      'GPKG',
      ...(existsSync(gpkg) ? ['-update'] : []),
      '-segmentize',
      String(SEGMENT_METRES),
      '-nln',
      layer,
      gpkg,
      path.join(base, GPKG),
      layer,
    ]);
  execFileSync('zip', ['-q', '-9', '-j', zip, gpkg]);
  log(`official-size fixture: ${zip} (${(statSync(zip).size / 1e6).toFixed(1)} MB)`);
  return { zip, bsa };
}

/**
 * @param root the checkout (its public/data must be the demonstration build)
 * @param tmp scratch folder
 */
export function officialImportBench(
  root: string,
  tmp: string,
  log: (line: string) => void,
): OfficialImportResult {
  mkdirSync(tmp, { recursive: true });
  const { zip, bsa } = officialSizeZip(root, tmp, log);
  const gpkg = path.join(tmp, GPKG);
  const minorVertices = vertices(gpkg, LAYERS.minors);
  const majorVertices = vertices(gpkg, LAYERS.majors);
  log(`official-size fixture: ${minorVertices} minor and ${majorVertices} major vertices`);
  const loadAverage = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const gdalOut = path.join(tmp, 'gdal');
  rmSync(gdalOut, { recursive: true, force: true });
  mkdirSync(gdalOut);
  // Unzipped first: GDAL reading the SQLite file through /vsizip seeks in the deflate stream and
  // took 11 s here, against 3 s for unzip and the conversion together (the fairer, faster baseline).
  const inner = path.join(gdalOut, GPKG);
  const convert = [
    `unzip -q -o '${zip}' -d '${gdalOut}'`,
    ...[LAYERS.majors, LAYERS.minors].map(
      (layer) =>
        `ogr2ogr -f FlatGeobuf -t_srs EPSG:4326 -lco SPATIAL_INDEX=YES '${path.join(gdalOut, `${layer}.fgb`)}' '${inner}' ${layer}`,
    ),
  ].join(' && ');
  const gdal = measure(['sh', '-c', convert]);
  log(`GDAL: ${gdal.seconds.toFixed(2)} s, ${gdal.peakRssMb.toFixed(0)} MB peak RSS`);
  const out = path.join(tmp, 'build');
  rmSync(out, { recursive: true, force: true });
  const node = [process.execPath, '--import', 'tsx'];
  const env = { ...process.env, SITING_DATA_OFFLINE: '1', SITING_DATA_OUT: out };
  const build = measure([...node, path.join(root, 'data/build.ts'), '--import', zip, '--import', bsa], env);
  log(`npm run data -- --import: ${build.seconds.toFixed(1)} s, ${build.peakRssMb.toFixed(0)} MB peak RSS`);
  const read = measure([...node, path.join(root, 'bench/officialReadChild.ts'), zip, bsa]);
  log(`the shared reader alone: ${read.seconds.toFixed(1)} s, ${read.peakRssMb.toFixed(0)} MB peak RSS`);
  return { zipBytes: statSync(zip).size, minorVertices, majorVertices, gdal, build, read, loadAverage };
}
