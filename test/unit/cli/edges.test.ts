import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';
import { runCli } from './runCli.ts';

/**
 * Issue 22 through the command line. The fixture layers put [-92.5, 44] on the boundary between
 * minor watersheds 41001 and 41002 (both in major 41); [-92.7, 44] lies inside 41001.
 */
let data: string;
let work: string;

beforeAll(async () => {
  data = await buildDataDir();
  work = await mkdtemp(path.join(tmpdir(), 'siting-edges-'));
});
afterAll(async () => {
  await rm(data, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const target = path.join(work, name);
  await writeFile(target, text);
  return target;
}

describe('a place on a unit boundary (subd. 3(a)(1): "in the same minor watershed as the impacted wetland")', () => {
  it('locate names every minor watershed the point touches', async () => {
    const { status, stdout } = await runCli(['locate', '-92.5', '44', '--data', data]);
    expect(status).toBe(0);
    expect(JSON.parse(stdout).minorWatershed).toMatchObject({
      id: '41001',
      onBoundary: true,
      boundaryIds: ['41001', '41002'],
    });
  });

  it('rank leaves the level open instead of taking the lower id', async () => {
    const scenario = await file(
      'boundary.json',
      JSON.stringify({
        impact: { location: [-92.7, 44], acres: 1, land: 'nonagricultural' },
        candidates: [{ id: 'edge', kind: 'project-specific', location: [-92.5, 44], action: 'restoration' }],
      }),
    );
    const { status, stdout } = await runCli(['rank', scenario, '--data', data]);
    expect(status).toBe(0);
    const [edge] = JSON.parse(stdout).candidates;
    expect(edge).toMatchObject({ priority: 2, priorityRange: [1, 2], boundaryUnits: ['minorWatershed'] });
    expect(edge.reasons.map((reason: { text: string }) => reason.text).join('\n')).toContain(
      'The site lies on the boundary between minor watersheds 41001 and 41002',
    );
  });

  it('batch writes it in the boundaryUnits column, and the ratio range of an unknown class', async () => {
    const impacts = await file(
      'impacts.csv',
      'id,lon,lat,acres,land,minorWatershed\nI1,-92.7,44,1,nonagricultural,\nI2,,,1,nonagricultural,41001\n',
    );
    const sites = await file(
      'sites.csv',
      'id,kind,lon,lat,action\nedge,project-specific,-92.5,44,restoration\ninside,project-specific,-92.7,44.05,restoration\n',
    );
    const { status, stdout } = await runCli(['batch', impacts, '--candidates', sites, '--data', data]);
    expect(status).toBe(0);
    const [header, ...lines] = stdout.trim().split('\n');
    const columns = (header ?? '').split(',');
    const at = (line: string, column: string) => {
      // The reasons cell is quoted and may hold commas: read the last columns from the end.
      const cells = line.split(',');
      return cells[cells.length - (columns.length - columns.indexOf(column))];
    };
    const edge = lines.find((line) => line.startsWith('I1,') && line.includes(',edge,'));
    expect(edge && at(edge, 'boundaryUnits')).toBe('minorWatershed');
    expect(edge && at(edge, 'priorityRange')).toBe('1-2');
    const inside = lines.find((line) => line.startsWith('I1,') && line.includes(',inside,'));
    expect(inside && at(inside, 'boundaryUnits')).toBe('');
    expect(inside && at(inside, 'ratioRange')).toBe('2-2');
    // I2 gives a minor watershed and no county: its area class is unknown, 1:1 or 2:1.
    const unknownClass = lines.find((line) => line.startsWith('I2,'));
    expect(unknownClass && at(unknownClass, 'ratioRange')).toBe('1-2');
  });
});

describe('a place on a county line (Minn. R. 8420.0117 subp. 1 classes by county; 3(a) "must not be replaced in a greater than 80 percent area")', () => {
  // The fixture's St. Louis (27137, >80 %) and Olmsted (27109, <50 %) meet at longitude -92.
  it('rank neither applies nor denies the bar for a site on the line, and names both counties', async () => {
    const scenario = await file(
      'county-line.json',
      JSON.stringify({
        impact: { location: [-92.7, 44], acres: 1, land: 'nonagricultural' },
        candidates: [{ id: 'line', kind: 'project-specific', location: [-92, 44.2], action: 'restoration' }],
      }),
    );
    const { status, stdout } = await runCli(['rank', scenario, '--data', data]);
    expect(status).toBe(0);
    const [line] = JSON.parse(stdout).candidates;
    expect(line.status).toBe('undetermined');
    const text = line.reasons.map((reason: { text: string }) => reason.text).join('\n');
    expect(text).toContain('Olmsted County (27109, a less-than-50-percent area)');
    expect(text).toContain('St. Louis County (27137, a greater-than-80-percent area)');
    expect(text).not.toContain('where this site is');
  });

  it('batch flags the line in the boundaryUnits column, for a site and for an impact', async () => {
    const impacts = await file(
      'line-impacts.csv',
      'id,lon,lat,acres,land\nI1,-92.7,44,1,nonagricultural\nI2,-92,44.2,1,nonagricultural\n',
    );
    const sites = await file(
      'line-sites.csv',
      'id,kind,lon,lat,action\nline,project-specific,-92,44.3,restoration\ninside,project-specific,-92.7,44.05,restoration\n',
    );
    const { status, stdout } = await runCli(['batch', impacts, '--candidates', sites, '--data', data]);
    expect(status).toBe(0);
    const [header, ...lines] = stdout.trim().split('\n');
    const columns = (header ?? '').split(',');
    const at = (row: string | undefined, column: string) => {
      const cells = (row ?? '').split(',');
      return cells[cells.length - (columns.length - columns.indexOf(column))];
    };
    const row = (impact: string, site: string) =>
      lines.find((line) => line.startsWith(`${impact},`) && line.includes(`,${site},`));
    // The fixture's majors and service areas meet at -92 too: the line is one of the units named.
    expect(at(row('I1', 'line'), 'boundaryUnits')?.split(';')).toContain('county');
    expect(at(row('I1', 'inside'), 'boundaryUnits')).toBe('');
    // The impact on the line: 1:1 or 2:1, and every row says so.
    expect(at(row('I2', 'inside'), 'boundaryUnits')?.split(';')).toContain('county');
    expect(at(row('I2', 'inside'), 'ratioRange')).toBe('1-2');
  });
});

describe('batch takes a drawn impact (subd. 3(a)(1): "in the same minor watershed as the impacted wetland")', () => {
  // 60 % of the outline lies in 41001 (west of -92.5), 40 % in 41002.
  const WKT = 'POLYGON ((-92.56 43.95, -92.46 43.95, -92.46 44.05, -92.56 44.05, -92.56 43.95))';
  const GEOJSON = JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [-92.56, 43.95],
        [-92.46, 43.95],
        [-92.46, 44.05],
        [-92.56, 44.05],
        [-92.56, 43.95],
      ],
    ],
  });
  const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;

  it('an outline in WKT or GeoJSON ranks a site in the smaller part at level 1, naming the part', async () => {
    const impacts = await file(
      'outline-impacts.csv',
      `id,acres,land,lon,lat,geometry\nW,,nonagricultural,,,${csvCell(WKT)}\nG,2,nonagricultural,,,${csvCell(GEOJSON)}\nP,2,nonagricultural,-92.7,44,\n`,
    );
    const sites = await file(
      'outline-sites.csv',
      'id,kind,lon,lat,action\neast,project-specific,-92.3,44.2,restoration\n',
    );
    const { status, stdout, stderr } = await runCli([
      'batch',
      impacts,
      '--candidates',
      sites,
      '--data',
      data,
    ]);
    expect(stderr.trim()).toBe('siting: demonstration geography — not official');
    expect(status).toBe(0);
    const [header, ...lines] = stdout.trim().split('\n');
    const columns = (header ?? '').split(',');
    const cell = (line: string | undefined, column: string) =>
      (line ?? '').split(',')[columns.indexOf(column)];
    const row = (impact: string) => lines.find((line) => line.startsWith(`${impact},`));
    expect(cell(row('W'), 'priority')).toBe('1');
    expect(cell(row('G'), 'priority')).toBe('1');
    expect(row('W')).toContain('Ranked for the part of the impact in minor watershed 41002 (40 %');
    // No acres given: the outline's area (0.1 by 0.1 degrees at 44 N, about 2,000 acres).
    expect(Number(cell(row('W'), 'replacementAcres'))).toBeGreaterThan(3000);
    // A row without an outline: placed by its point as before (in 41001, so the site is level 2).
    expect(cell(row('P'), 'priority')).toBe('2');
  });

  it('a bad outline is one line naming the file, line and column', async () => {
    const impacts = await file(
      'bad-outline.csv',
      `id,acres,land,geometry\nB,1,nonagricultural,${csvCell('POLYGON ((1 2, 3')}\n`,
    );
    const sites = await file(
      'bad-outline-sites.csv',
      'id,kind,lon,lat,action\ns,project-specific,-92.3,44.2,restoration\n',
    );
    const { status, stderr } = await runCli(['batch', impacts, '--candidates', sites, '--data', data]);
    expect(status).toBe(2);
    expect(stderr).toMatch(
      /bad-outline\.csv line 2: geometry: not Well-Known Text \(at character 17: Expecting a number, got the end\)/,
    );
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
