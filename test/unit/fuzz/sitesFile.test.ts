/**
 * Fuzzing the sites file reader (`parseSitesFile`, src/ui): CSV and GeoJSON text from strangers.
 * It must never throw; a rejection names the file, and the row when a row is at fault; a skipped
 * GeoJSON feature is named by number; accepted sites survive the page's persistence (URL and
 * local storage), so an import is never silently lost on reload.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_SITES,
  MAX_SITES_FILE_BYTES,
  type ParsedSites,
  parseSitesFile,
} from '../../../src/geo/siteImport/parseSitesFile.ts';
import { REPLACEMENT_ACTIONS } from '../../../src/siting/index.ts';
import { defaultInputs } from '../../../src/store/inputs.ts';
import { decodeUrlState, encodeUrlState } from '../../../src/store/urlState.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzSettings.ts';

/** Checks the contract every result keeps, whatever the input. */
function checkResult(fileName: string, result: ParsedSites): boolean {
  if (!result.ok) {
    expect(result.message.startsWith(`${fileName}: `) || result.message.startsWith(`${fileName}, row `)).toBe(
      true,
    );
    expect(result.message.length).toBeGreaterThan(fileName.length + 3);
    return false;
  }
  expect(result.sites.length).toBeGreaterThan(0);
  expect(result.sites.length).toBeLessThanOrEqual(MAX_SITES);
  for (const site of result.sites) {
    expect(Number.isFinite(site.location[0]) && Math.abs(site.location[0]) <= 180).toBe(true);
    expect(Number.isFinite(site.location[1]) && Math.abs(site.location[1]) <= 90).toBe(true);
    expect(REPLACEMENT_ACTIONS).toContain(site.action);
  }
  expect(new Set(result.sites.map((site) => site.id)).size).toBe(result.sites.length);
  for (const warning of result.warnings) expect(warning).toMatch(/^.*: (feature|row) \d+(:| skipped:) .+/s);
  // What was imported must come back from the page's persisted state (URL / local storage).
  if (result.sites.length <= 500) {
    const inputs = { ...defaultInputs(), userSites: result.sites };
    const decoded = decodeUrlState(encodeUrlState(inputs));
    expect(decoded.notices).toEqual([]);
    expect(decoded.inputs.userSites).toEqual(result.sites);
  }
  return true;
}

/** Cell text biased towards what breaks CSV readers: quotes, separators, line breaks, markup. */
const cellText = fc.oneof(
  fc.string({
    unit: fc.constantFrom('"', ',', '\n', '\r', ' ', 'a', '1', '-', '.', 'e', '<', '>', '=', '\uFEFF'),
  }),
  fc.double().map(String),
  fc.integer({ min: -200, max: 200 }).map(String),
  fc.constantFrom(
    '',
    'lon',
    'lat',
    'id',
    'name',
    'action',
    ...REPLACEMENT_ACTIONS,
    '<img src=x onerror=alert(1)>',
  ),
  fc.string(),
);

const quoteCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** A cell for a named column: mostly well-formed for it, sometimes anything. */
function cellFor(column: string): fc.Arbitrary<string> {
  const good =
    column === 'lon' || column === 'longitude' || column === 'x'
      ? fc.double({ min: -181, max: 181, noNaN: true }).map(String)
      : column === 'lat' || column === 'Y'
        ? fc.double({ min: -91, max: 91, noNaN: true }).map(String)
        : column === 'id'
          ? fc.oneof(fc.constantFrom('1', '2', 'A', ''), fc.string({ maxLength: 300 }))
          : column === 'action'
            ? fc.constantFrom(...REPLACEMENT_ACTIONS, '', 'Creation', 'paving')
            : fc.string();
  return fc.oneof({ weight: 15, arbitrary: good }, { weight: 1, arbitrary: cellText });
}

/** CSV text: a header that often has lon/lat, then rows whose cells mostly fit their column. */
const csvText = fc
  .tuple(
    fc.oneof(
      fc.shuffledSubarray(['lon', 'lat', 'id', 'name', 'action', 'x', 'Y', 'longitude', 'notes']),
      fc
        .shuffledSubarray(['id', 'name', 'action', 'notes'])
        .chain((others) => fc.shuffledSubarray(['lon', 'lat', ...others], { minLength: others.length + 2 })),
    ),
    fc.nat({ max: 8 }),
    fc.boolean(),
    fc.constantFrom('\n', '\r\n', '\r'),
  )
  .chain(([header, rowCount, quote, newline]) =>
    fc
      .array(
        fc.oneof(
          { weight: 12, arbitrary: fc.tuple(...header.map(cellFor)) },
          { weight: 1, arbitrary: fc.array(cellText, { maxLength: 7 }) },
        ),
        { minLength: rowCount, maxLength: rowCount },
      )
      .map((rows) =>
        [header, ...rows]
          .map((cells) => (cells as string[]).map(quote ? quoteCell : (cell) => cell).join(','))
          .join(newline),
      ),
  );

const fileName = fc.oneof(
  fc.constantFrom('sites.csv', 'SITES.CSV', 'sites.txt', 'a,b "c".csv', '<b>x</b>.csv'),
  fc.string({ maxLength: 12 }).map((name) => `${name}.csv`),
);

const jsonish = fc.jsonValue({ maxDepth: 3 });
const geometry = fc.oneof(
  fc.record({
    type: fc.constant('Point'),
    coordinates: fc.oneof(
      fc.tuple(fc.double({ min: -200, max: 200 }), fc.double({ min: -100, max: 100 })),
      fc.array(jsonish, { maxLength: 3 }),
    ),
  }),
  fc.record({ type: fc.constantFrom('LineString', 'Polygon', 'point', null), coordinates: jsonish }),
  jsonish,
);
const feature = fc.oneof(
  fc.record(
    {
      type: fc.constant('Feature'),
      id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      geometry,
      properties: fc.oneof(
        fc.record(
          {
            id: fc.oneof(fc.string(), fc.integer(), fc.constant(null), jsonish),
            name: fc.oneof(fc.string(), jsonish),
            action: fc.oneof(fc.constantFrom(...REPLACEMENT_ACTIONS, 'Creation ', 'paving'), jsonish),
          },
          { requiredKeys: [] },
        ),
        jsonish,
      ),
    },
    { requiredKeys: ['type'] },
  ),
  jsonish,
);
const geoJsonText = fc.oneof(
  fc
    .record({
      type: fc.constantFrom('FeatureCollection', 'Feature', 'GeometryCollection'),
      features: fc.array(feature, { maxLength: 8 }),
    })
    .map((value) => JSON.stringify(value)),
  feature.map((value) => JSON.stringify(value)),
  fc.string(),
  fc.nat({ max: 200 }).chain((cut) =>
    fc.constant(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-92.4, 44.1] },
            properties: { name: 'x' },
          },
        ],
      }).slice(0, cut),
    ),
  ),
);

describe('fuzz: sites CSV (parseSitesFile)', () => {
  it('never throws; names the file and the row; accepted sites survive persistence', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    let accepted = 0;
    fc.assert(
      fc.property(fileName, csvText, (name, text) => {
        if (checkResult(name, parseSitesFile(name, text))) accepted += 1;
      }),
      fuzzParameters('sitesCsv'),
    );
    expect(accepted).toBeGreaterThan(1_000);
  });

  it('refuses a file over the size limit, and more rows than the site limit, with a message', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    const big = parseSitesFile('big.csv', `lon,lat\n${'-92.4,44.1\n'.repeat(MAX_SITES_FILE_BYTES / 10)}`);
    expect(big).toEqual({ ok: false, message: 'big.csv: larger than 20 MB; split it into smaller files' });
    const many = parseSitesFile('many.csv', `lon,lat\n${'-92.4,44.1\n'.repeat(MAX_SITES + 1)}`);
    expect(many).toEqual({
      ok: false,
      message: `many.csv: ${MAX_SITES + 1} rows; at most ${MAX_SITES} sites can be imported at once`,
    });
  });

  it('names the row at fault', { timeout: FUZZ_TIMEOUT_MS }, () => {
    const result = parseSitesFile('mine.csv', 'lon,lat,name\n-92.4,44.1,ok\n-92.4,abc,bad\n');
    expect(result).toEqual({ ok: false, message: 'mine.csv, row 3: coordinates are not numbers' });
  });

  it('reads a Circular 39 wetland type column and refuses a type that is not one, naming the row', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    const result = parseSitesFile(
      'typed.csv',
      'lon,lat,name,wetlandType\n-92.4,44.1,a,3\n-92.5,44.1,b,Type 6\n-92.6,44.1,c,\n',
    );
    expect(result.ok && result.sites.map((site) => site.wetlandType)).toEqual(['3', '6', undefined]);
    expect(parseSitesFile('bad.csv', 'lon,lat,wetlandType\n-92.4,44.1,9\n')).toEqual({
      ok: false,
      message: 'bad.csv, row 2: wetland type "9" is not a Circular 39 type 1 to 8',
    });
  });

  it('keeps names with quotes, commas, line breaks and markup exactly, as text', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    const names = ['<img src=x onerror=alert(1)>', 'a, "b"\nc', '=HYPERLINK("http://x")', 'é 🦆'];
    const text = `lon,lat,name\n${names.map((name, index) => `-92.${index},44.1,${quoteCell(name)}`).join('\n')}`;
    const result = parseSitesFile('names.csv', text);
    expect(result.ok && result.sites.map((site) => site.name)).toEqual(names);
  });
});

describe('fuzz: sites GeoJSON (parseSitesFile)', () => {
  it('never throws; names the file and each skipped feature; accepted sites survive persistence', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.constantFrom('sites.geojson', 'x.json', 'S.GeoJSON'), geoJsonText, (name, text) => {
        if (checkResult(name, parseSitesFile(name, text))) accepted += 1;
      }),
      fuzzParameters('sitesGeoJson'),
    );
    expect(accepted).toBeGreaterThan(500);
  });

  it('makes repeated and generated ids unique, with a warning naming the row or feature', {
    timeout: FUZZ_TIMEOUT_MS,
  }, () => {
    const csv = parseSitesFile('d.csv', 'lon,lat,id\n-92,44,2\n-92,44,\n-92,44,2\n', '');
    expect(csv.ok && csv.sites.map((site) => site.id)).toEqual(['2', '2-2', '2-3']);
    expect(csv.ok && csv.warnings).toEqual([
      'd.csv: row 3: id "2" is already used or too long; kept as "2-2"',
      'd.csv: row 4: id "2" is already used or too long; kept as "2-3"',
    ]);
    const point = { type: 'Point', coordinates: [-92, 44] };
    const geo = parseSitesFile(
      'd.geojson',
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', id: 'a', geometry: point, properties: {} },
          { type: 'Feature', geometry: point, properties: { id: 'a' } },
          { type: 'Feature', geometry: point, properties: { id: 'x'.repeat(300) } },
        ],
      }),
      '',
    );
    expect(geo.ok && geo.sites.map((site) => site.id)).toEqual(['a', 'a-2', 'x'.repeat(200)]);
    expect(geo.ok && geo.warnings[0]).toBe(
      'd.geojson: feature 2: id "a" is already used or too long; kept as "a-2"',
    );
  });
});
