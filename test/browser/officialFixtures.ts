/**
 * The official downloads as the publishers ship them, written by GDAL (ogr2ogr, an independent
 * writer) from the built demonstration layers: the DNR Watershed Suite GeoPackage zip with the
 * DNR layer names (majors, Level 07 minors and a decoy level) and the BWSR bank service area
 * shapefile zip, in EPSG:26915. Ids and names are changed — major n becomes 82 − n (its minors
 * renumbered with it), bank service area n becomes 11 − n, names get "Official " — so an answer
 * can only have come from these files.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR, ROOT } from './harness';

const DIR = path.join(RESULTS_DIR, 'official-fixtures');
const DATA = path.join(ROOT, 'dist/data');

export const OFFICIAL_FIXTURES = {
  watershedsGpkgZip: path.join(DIR, 'gpkg_geos_dnr_watersheds.zip'),
  bankServiceAreasShpZip: path.join(DIR, 'shp_bdry_bank_service_areas.zip'),
};

const layerOf = (file: string) =>
  /^1: (\S+)/m.exec(execFileSync('ogrinfo', ['-q', '-ro', file], { encoding: 'utf8' }))?.[1] ?? 'layer';

function ogr(args: string[]): void {
  execFileSync('ogr2ogr', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

let made = false;

export function makeOfficialFixturesOnce(): typeof OFFICIAL_FIXTURES {
  if (made) return OFFICIAL_FIXTURES;
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(path.join(DIR, 'bsa'), { recursive: true });
  const majors = path.join(DATA, 'major-watersheds.fgb');
  const minors = path.join(DATA, 'minor-watersheds.fgb');
  const bsas = path.join(DATA, 'bank-service-areas.fgb');
  const gpkg = path.join(DIR, 'dnr_watersheds.gpkg');
  const sql = (query: string) => ['-dialect', 'SQLite', '-sql', query];
  ogr([
    '-f',
    'GPKG',
    '-t_srs',
    'EPSG:26915',
    '-nln',
    'dnr_watersheds_dnr_level_04_huc_08_majors',
    ...sql(
      `SELECT GEOMETRY, 82 - id AS major, 'Official ' || name AS major_name, huc8 AS HUC_8 FROM "${layerOf(majors)}"`,
    ),
    gpkg,
    majors,
  ]);
  ogr([
    '-f',
    'GPKG',
    '-update',
    '-t_srs',
    'EPSG:26915',
    '-nln',
    'dnr_watersheds_dnr_level_07_minors',
    ...sql(
      `SELECT GEOMETRY, printf('%02d', 82 - majorWatershed) || substr(id, 3) AS minor, 'Official minor ' || id AS minor_name, 82 - majorWatershed AS major FROM "${layerOf(minors)}"`,
    ),
    gpkg,
    minors,
  ]);
  // A decoy level the importer must ignore.
  ogr([
    '-f',
    'GPKG',
    '-update',
    '-t_srs',
    'EPSG:26915',
    '-nln',
    'dnr_watersheds_dnr_level_02_basins',
    ...sql(`SELECT GEOMETRY, id AS basin, 'Basin ' || name AS basin_name FROM "${layerOf(bsas)}"`),
    gpkg,
    bsas,
  ]);
  ogr([
    '-f',
    'ESRI Shapefile',
    '-t_srs',
    'EPSG:26915',
    '-nln',
    'bdry_bank_service_areas',
    ...sql(`SELECT GEOMETRY, 11 - id AS BSA, 'Official BSA ' || name AS BSA_NAME FROM "${layerOf(bsas)}"`),
    path.join(DIR, 'bsa/bdry_bank_service_areas.shp'),
    bsas,
  ]);
  const zip = (target: string, files: string[]) =>
    execFileSync('python3', ['-c', ZIP, target, ...files], { stdio: ['ignore', 'ignore', 'pipe'] });
  zip(OFFICIAL_FIXTURES.watershedsGpkgZip, [gpkg]);
  const shp = path.join(DIR, 'bsa');
  zip(
    OFFICIAL_FIXTURES.bankServiceAreasShpZip,
    readdirSync(shp).map((name) => path.join(shp, name)),
  );
  if (!existsSync(OFFICIAL_FIXTURES.watershedsGpkgZip)) throw new Error('fixture zip not written');
  made = true;
  return OFFICIAL_FIXTURES;
}

/** A deflated zip of the given files (Python's zipfile: present wherever GDAL is). */
const ZIP =
  'import sys, zipfile, os\nwith zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:\n    [z.write(f, os.path.basename(f)) for f in sys.argv[2:]]';
