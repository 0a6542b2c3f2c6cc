import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPoints } from '../../../bench/randomPoints.ts';
import { batchCommand } from '../../../src/cli/batchCommand.ts';
import { candidateFromRow, impactFromRow } from '../../../src/cli/csvRows.ts';
import { csvCell } from '../../../src/formats/csv/csvCell.ts';
import { parseManifest } from '../../../src/formats/manifest.ts';
import { createBytesFeatureSource } from '../../../src/geo/bytesFeatureSource.ts';
import { locatePoint, unitsOfLocation } from '../../../src/geo/locatePoint.ts';
import type { Location } from '../../../src/geo/location.ts';
import { type Candidate, type Impact, mergeUnits, rankScenario } from '../../../src/siting/index.ts';
import { buildDataDir } from '../../fixtures/siting/buildDataDir.ts';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'siting-batch-rows-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Impacts and sites with every unit stated, so no layer is read, and every rule somewhere. */
function files(): { impacts: string; sites: string } {
  const impacts = [
    'id,lon,lat,acres,land,project,cultivatedField,minorWatershed,majorWatershed,bankServiceArea,county,areaClass,wetlandType,applicationDate',
  ];
  const majors = [41, 40, 3];
  for (let i = 0; i < 7; i++) {
    const major = majors[i % 3] as number;
    impacts.push(
      [
        i === 3 ? '"I, ""three"""' : `I${i}`,
        (-92.5 + i * 0.1).toFixed(2),
        (44 + i * 0.05).toFixed(2),
        (0.3 + i * 0.7).toFixed(1),
        i % 2 === 0 ? 'agricultural' : 'nonagricultural',
        i % 4 === 1 ? 'public-transportation' : 'general',
        i % 4 === 0 ? 'true' : 'false',
        `${String(major).padStart(2, '0')}00${1 + (i % 2)}`,
        major,
        1 + (i % 3),
        i % 2 === 0 ? '27109' : '27137',
        ['less-than-50', '50-to-80', 'greater-than-80'][i % 3],
        ['2', '3', ''][i % 3],
        i % 2 === 0 ? '2025-01-01' : '',
      ].join(','),
    );
  }
  const sites = [
    'id,kind,lon,lat,action,bankApplicationDate,availableCredits,bankStatus,wetlandType,eisIdentified,eisAdequacyDate,minorWatershed,majorWatershed,bankServiceArea,county,areaClass',
  ];
  const actions = ['restoration', 'creation', 'preservation', 'stormwater-pond', 'conversion', ''];
  const statuses = ['Approved', 'Pending', 'Sold-Out', 'Odd', ''];
  for (let i = 0; i < 30; i++) {
    const bank = i % 3 === 0;
    const major = majors[i % 3] as number;
    sites.push(
      [
        i === 5 ? '"S, the ""fifth"""' : `S${String((i * 7) % 30).padStart(2, '0')}`,
        bank ? 'bank' : 'project-specific',
        i % 5 === 0 ? '' : (-92.5 + (i % 4) * 0.1).toFixed(2),
        i % 5 === 0 ? '' : (44 + (i % 4) * 0.05).toFixed(2),
        bank ? '' : actions[i % actions.length],
        bank ? ['1995-06-01', '2004-03-15', ''][i % 3] : '',
        bank ? (i % 4).toString() : '',
        bank ? statuses[i % statuses.length] : '',
        ['2', '3', ''][i % 3],
        i % 7 === 0 ? 'true' : '',
        i % 7 === 0 ? '2024-06-01' : '',
        i % 10 === 5 ? '' : `${String(major).padStart(2, '0')}00${1 + (i % 2)}`,
        i === 15 ? '' : major,
        1 + (i % 3),
        i % 2 === 0 ? '27109' : '27003',
        i % 6 === 5 ? '' : ['less-than-50', '50-to-80', 'greater-than-80'][i % 3],
      ].join(','),
    );
  }
  return { impacts: `${impacts.join('\n')}\n`, sites: `${sites.join('\n')}\n` };
}

/** Units completed for a located place (given units win), and whether demonstration data said so. */
type Complete = <T extends Impact | Candidate>(place: T) => { place: T; demonstration: boolean };

/**
 * The rows as the batch wrote them before the compact path: rankScenario's objects, cell by cell.
 * `complete` fills in the units of located places as the batch's lookup would.
 */
function objectRows(
  impactsText: string,
  sitesText: string,
  complete: Complete = (place) => ({ place, demonstration: false }),
): string {
  const records = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((line, index) => ({ line: index + 1, fields: parseLine(line) }));
  const [sitesHeader, ...siteRecords] = records(sitesText);
  let demonstration = false;
  const candidates = siteRecords.map((record) => {
    const completed = complete(candidateFromRow(record, sitesHeader?.fields ?? [], 'sites.csv'));
    demonstration ||= completed.demonstration;
    return completed.place;
  });
  const names = new Map(candidates.map((c) => [c.id, c.name ?? c.id]));
  const [impactsHeader, ...impactRecords] = records(impactsText);
  let rows = '';
  for (const record of impactRecords) {
    const { id, impact: read } = impactFromRow(record, impactsHeader?.fields ?? [], 'impacts.csv');
    const completed = complete(read);
    demonstration ||= completed.demonstration;
    const result = rankScenario({ impact: completed.place, candidates });
    const { requirement } = result;
    result.candidates.forEach((candidate, index) => {
      const cells = [
        id,
        index + 1,
        candidate.id,
        candidate.kind,
        candidate.status,
        candidate.eligible,
        candidate.priority,
        candidate.distanceKm,
        requirement.ratio,
        requirement.maxRatio,
        requirement.replacementAcres,
        requirement.restorationOnly,
        requirement.replacementPlanRequired,
        result.ruleset,
        null,
        demonstration,
        candidate.reasons.map((reason) => `${reason.text} [${reason.cite}]`).join(' | '),
        candidate.ladder,
        candidate.ladderRank,
        candidate.basis,
        candidate.priorityRange === null ? null : candidate.priorityRange.join('-'),
        candidate.availability,
        requirement.replacedBy,
        requirement.ratioRange.join('-'),
        candidate.boundaryUnits.join(';'),
        names.get(candidate.id) ?? candidate.id,
        result.impact.units.minorWatershed ?? null,
        result.impact.units.majorWatershed ?? null,
        result.impact.units.bankServiceArea ?? null,
        result.impact.units.county ?? null,
        result.impact.units.areaClass ?? null,
      ];
      rows += `${cells.map(csvCell).join(',')}\n`;
    });
  }
  return rows;
}

/** One CSV line (no newlines inside quotes in these files). */
function parseLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Runs the batch command in process, its output gathered as text. */
async function runBatch(args: string[]): Promise<{ output: string; demonstration: boolean }> {
  let output = '';
  const out = new Writable({
    write(chunk, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  const { demonstration } = await batchCommand(args, out);
  return { output, demonstration };
}

describe('batch streams the compact ranking', () => {
  it('writes exactly the rows the object ranking gives, cell by cell, every rule somewhere', async () => {
    const { impacts, sites } = files();
    const impactsFile = path.join(work, 'impacts.csv');
    const sitesFile = path.join(work, 'sites.csv');
    await writeFile(impactsFile, impacts);
    await writeFile(sitesFile, sites);
    const { output, demonstration } = await runBatch([
      impactsFile,
      '--candidates',
      sitesFile,
      '--data',
      work,
    ]);
    expect(demonstration).toBe(false);
    const [header, ...rest] = output.split('\n');
    expect(header?.split(',')).toHaveLength(31);
    expect(rest.join('\n')).toBe(objectRows(impacts, sites));
    // The files do exercise the rules whose texts the rows carry.
    for (const cite of [
      'subd. 3(d)',
      'subd. 3(b)',
      'subd. 3(h)',
      'subd. 1(c)',
      'subd. 1(i)',
      'subd. 3(e)(4)',
      '8420.0522 subp. 3',
    ])
      expect(output).toContain(cite);
    expect(rest.length - 1).toBe(7 * 30);
  });

  it('on located places, writes the rows of the object ranking over the uncached point lookup', async () => {
    const data = await buildDataDir({ indexed: true });
    try {
      // Seeded points over the fixture layers (some outside every county), no units given.
      const points = randomPoints(100, [-93.2, 43.3, -90.8, 45.2], 5);
      const at = (i: number) => (points[i] as [number, number]).map((v) => v.toFixed(5)).join(',');
      const impacts = ['id,lon,lat,acres,land,project,cultivatedField'];
      for (let i = 0; i < 40; i++)
        impacts.push(
          `I${i},${at(i)},${(0.2 + (i % 7) * 0.4).toFixed(1)},${i % 2 ? 'agricultural' : 'nonagricultural'},${i % 9 === 0 ? 'public-transportation' : 'general'},${i % 4 === 1}`,
        );
      const sites = ['id,kind,lon,lat,action,bankApplicationDate,availableCredits'];
      for (let i = 0; i < 60; i++)
        sites.push(
          i % 3 === 0
            ? `B${i},bank,${at(40 + i)},,${i % 2 ? '1995-06-01' : '2008-09-30'},${(i % 5) * 0.75}`
            : `P${i},project-specific,${at(40 + i)},${i % 4 ? 'restoration' : 'creation'},,`,
        );
      const impactsText = `${impacts.join('\n')}\n`;
      const sitesText = `${sites.join('\n')}\n`;
      await writeFile(path.join(work, 'located-impacts.csv'), impactsText);
      await writeFile(path.join(work, 'located-sites.csv'), sitesText);
      const { output, demonstration } = await runBatch([
        path.join(work, 'located-impacts.csv'),
        '--candidates',
        path.join(work, 'located-sites.csv'),
        '--data',
        data,
      ]);
      expect(demonstration).toBe(true);
      // The reference: each point looked up alone through the plain bytes source, as before.
      const manifest = parseManifest(JSON.parse(await readFile(path.join(data, 'manifest.json'), 'utf8')));
      const source = createBytesFeatureSource(
        async (file) => new Uint8Array(await readFile(path.join(data, file))),
      );
      const found = new Map<string, Location>();
      for (const point of points.slice(0, 100))
        found.set(
          point.map((v) => Number(v.toFixed(5))).join(','),
          await locatePoint(point.map((v) => Number(v.toFixed(5))) as [number, number], manifest, source),
        );
      const complete = <T extends Impact | Candidate>(place: T) => {
        const location = place.location ? found.get(place.location.join(',')) : undefined;
        if (!location) throw new Error(`no reference lookup for ${JSON.stringify(place.location)}`);
        return {
          place: { ...place, units: mergeUnits(place.units, unitsOfLocation(location)) },
          demonstration: location.demonstration,
        };
      };
      const [, ...rest] = output.split('\n');
      expect(rest.join('\n')).toBe(objectRows(impactsText, sitesText, complete));
      expect(rest.length - 1).toBe(40 * 60);
      // The places were located (units differ between them), so the lookup was exercised.
      expect(
        new Set([...found.values()].map((location) => location.minorWatershed?.id)).size,
      ).toBeGreaterThan(3);
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  }, 60_000);
});
