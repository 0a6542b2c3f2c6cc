import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { statImports } from '../../../data/lib/readImportedLayers.ts';
import { storedImports } from '../../../data/lib/storedImports.ts';

const work = mkdtempSync(join(tmpdir(), 'siting-stored-imports-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('storedImports (what data:ensure rebuilds from)', () => {
  it('gives back the recorded files and map, and names the ones gone or changed since', () => {
    const kept = join(work, 'gpkg_geos_dnr_watersheds.zip');
    const changed = join(work, 'shp_bdry_bank_service_areas.zip');
    const gone = join(work, 'plan_mngeo_trs.gpkg');
    for (const f of [kept, changed, gone]) writeFileSync(f, 'x');
    const recorded = { files: statImports([kept, changed, gone]), map: { 'plss.meridian': '5' } };
    expect(storedImports(JSON.parse(JSON.stringify(recorded)))).toEqual({ spec: recorded, gone: [] });
    rmSync(gone);
    const later = new Date(statSync(changed).mtimeMs + 60_000);
    utimesSync(changed, later, later);
    expect(storedImports(recorded)?.gone).toEqual([changed, gone]);
    expect(storedImports(undefined)).toBeNull();
    expect(storedImports({ files: [] })).toBeNull();
  });

  it('refuses to import a file that does not exist, naming it', () => {
    expect(() => statImports([join(work, 'nope.zip')])).toThrow(/--import .*nope\.zip: cannot read the file/);
  });
});
