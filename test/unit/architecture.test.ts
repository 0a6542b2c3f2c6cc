/**
 * The house's one-way flow, checked (ARCHITECTURE.md): no file imports a room above its own, and
 * no files import each other in a circle. The rooms and their allowed imports are this table;
 * a planted tree (test/fixtures/architecture/planted) proves the check finds what it must.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, type RoomRules, upwardImports } from '../architecture/importGraph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Each room and the rooms it may import (its own always). Files outside every room (tests, bench, bin, src/main.tsx) are free. */
const ROOMS: RoomRules = {
  'src/formats': [],
  'src/siting': ['src/formats'],
  'src/geo': ['src/formats', 'src/siting'],
  // The build reads what it built through src/geo once, to place each bank (src/geo/locateBanks.ts).
  data: ['src/formats', 'src/geo'],
  'src/store': ['src/formats', 'src/siting', 'src/geo'],
  'src/exports': ['src/formats', 'src/siting', 'src/geo', 'src/store'],
  'src/map': ['src/formats', 'src/siting', 'src/geo', 'src/store'],
  'src/ui': ['src/formats', 'src/siting', 'src/geo', 'src/store', 'src/exports', 'src/map'],
  'src/cli': ['src/formats', 'src/siting', 'src/geo', 'src/exports'],
  server: ['src/formats'],
};

describe('the import graph', () => {
  const edges = importGraph(ROOT, ['src', 'data', 'server']);

  it('is read (a graph of hundreds of imports, the formats among them)', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((edge) => edge.to.startsWith('src/formats/'))).toBe(true);
  });

  it('has no import of a room above the importer (formats ← build, geo ← siting ← store ← map, ui)', () => {
    expect(upwardImports(edges, ROOMS)).toEqual([]);
  });

  it('has no circle of files', () => {
    expect(importCycles(edges)).toEqual([]);
  });
});

describe('the check itself, on a planted tree', () => {
  const planted = path.join(ROOT, 'test/fixtures/architecture/planted');
  const edges = importGraph(planted, ['src']);

  it('names each upward import: formats → store and store → ui, and not siting → formats', () => {
    expect(upwardImports(edges, ROOMS)).toEqual([
      'src/formats/reader.ts -> src/store/inputs.ts (src/formats may not import src/store)',
      'src/store/inputs.ts -> src/ui/panel.ts (src/store may not import src/ui)',
    ]);
  });

  it('names the circle of the store and the screen', () => {
    expect(importCycles(edges)).toEqual([['src/store/inputs.ts', 'src/ui/panel.ts']]);
  });
});
