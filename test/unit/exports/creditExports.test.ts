/**
 * Issue 21, item 5: the ranked CSV and the GeoJSON export carry each bank's credit pools — available
 * credits, unit, approval, source and as-of, apart (never summed) — and say "credits not loaded"
 * without a figure when no listing was loaded. Invented figures for invented banks (tests only).
 */
import { describe, expect, it } from 'vitest';
import { creditCells } from '../../../src/exports/creditCells.ts';
import { RANKED_CSV_COLUMNS, rankedCsv } from '../../../src/exports/rankedCsv.ts';
import { scenarioGeoJson } from '../../../src/exports/scenarioGeoJson.ts';
import { rankScenario, withBankCredits } from '../../../src/siting/index.ts';
import type { ImpactInputs } from '../../../src/store/inputs.ts';
import { bwsrPool } from '../../fixtures/credits/creditPools.ts';
import { makeCandidate, makeImpact } from '../../fixtures/siting/scenarios.ts';

const pool = bwsrPool;
const impact = makeImpact({ wetlandType: '3' });
const bank = (id: string) => makeCandidate({ id, kind: 'bank', action: null, bankStatus: 'Approved' });
const scenario = {
  impact,
  candidates: [
    withBankCredits(
      bank('listed'),
      [pool({}), pool({ approval: '404-only', available: 1, row: 3, asOf: '2026-01-01', asOfFrom: 'user' })],
      '3',
    ),
    bank('not-loaded'),
    makeCandidate({ id: 'own-site' }),
  ],
};
const result = rankScenario(scenario, { today: '2026-12-02' });
const inputs = { location: [-92.47, 44.02], acres: 1 } as unknown as ImpactInputs;

describe('creditCells', () => {
  it.each([
    [
      'a bank with pools',
      'bank',
      [pool({}), pool({ approval: 'wca-only', available: 2, row: 3 })],
      [
        '5; 2',
        'acres; acres',
        'wca-and-404; wca-only',
        'listing.csv row 2; listing.csv row 3',
        '2026-11-01; 2026-11-01',
      ],
    ],
    ['no listing loaded', 'bank', undefined, ['', '', '', 'credits not loaded', '']],
    ['loaded, no row', 'bank', [], ['', '', '', 'no listing row', '']],
    [
      'a RIBITS jurisdiction, the file date',
      'bank',
      [pool({ approval: null, jurisdiction: 'State', unit: 'credits', asOfFrom: 'file-date' })],
      ['5', 'credits', 'jurisdiction State', 'listing.csv row 2', '2026-11-01 (file-date)'],
    ],
    ['not a bank', 'project-specific', [pool({})], ['', '', '', '', '']],
  ] as const)('%s', (_name, kind, pools, cells) => {
    expect(Object.values(creditCells(kind, pools))).toEqual(cells);
  });
});

describe('the ranked CSV', () => {
  const lines = rankedCsv(result, new Map(), new Map(), { demonstrationLayers: [] }, inputs)
    .trim()
    .split('\r\n');
  const header = lines[0]?.split(',') ?? [];
  const cell = (id: string, column: string) => {
    const line = lines.find((l) => l.split(',')[1] === id) ?? '';
    // The credit cells hold no comma or quote; they come before the reasons.
    return line.split(',')[header.indexOf(column)];
  };
  it('names the credit columns', () => {
    expect(RANKED_CSV_COLUMNS).toContain('creditsAvailable');
    expect(header.indexOf('creditsAvailable')).toBeLessThan(header.indexOf('reasons'));
  });
  it('writes each pool apart with unit, approval, source, as-of and staleness', () => {
    expect(cell('listed', 'creditsAvailable')).toBe('5; 1');
    expect(cell('listed', 'creditUnit')).toBe('acres; acres');
    expect(cell('listed', 'creditApproval')).toBe('wca-and-404; 404-only');
    expect(cell('listed', 'creditSource')).toBe('listing.csv row 2; listing.csv row 3');
    expect(cell('listed', 'creditsAsOf')).toBe('2026-11-01; 2026-01-01 (user)');
    expect(cell('listed', 'creditsStale')).toBe('true');
  });
  it('says credits are not loaded, with no figure, for a bank without a listing', () => {
    expect(cell('not-loaded', 'creditsAvailable')).toBe('');
    expect(cell('not-loaded', 'creditSource')).toBe('credits not loaded');
    expect(cell('own-site', 'creditSource')).toBe('');
  });
});

describe('the GeoJSON export', () => {
  const collection = scenarioGeoJson(inputs, scenario, result, new Map(), { demonstrationLayers: [] });
  const props = (id: string) =>
    collection.features.find((f) => f.id === id)?.properties as Record<string, unknown>;
  it('carries the pools with source and as-of, and loaded false without a listing', () => {
    expect(props('listed').credits).toMatchObject({
      loaded: true,
      stale: true,
      pools: [
        {
          available: 5,
          unit: 'acres',
          approval: 'wca-and-404',
          source: 'listing.csv',
          row: 2,
          asOf: '2026-11-01',
          stale: false,
        },
        {
          available: 1,
          unit: 'acres',
          approval: '404-only',
          source: 'listing.csv',
          row: 3,
          asOf: '2026-01-01',
          asOfFrom: 'user',
          stale: true,
        },
      ],
    });
    expect(props('not-loaded').credits).toEqual({ loaded: false, stale: false, pools: [] });
    expect(props('own-site').credits).toBeNull();
  });
});
