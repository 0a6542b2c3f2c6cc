import type { LayerName } from '../manifest.ts';

/** Column types the normalized schema uses; each maps to a FlatGeobuf column type. */
export type ColumnKind = 'int' | 'double' | 'string' | 'bool';

/** One property of a normalized layer (data/SCHEMA.md). */
export interface ColumnSpec {
  name: string;
  kind: ColumnKind;
  nullable: boolean;
  /** Allowed values, when the schema fixes them. */
  values?: readonly string[];
}

/** Geometry types a layer may hold. */
export type GeometryKind = 'area' | 'line' | 'point';

/** The normalized schema of one layer. */
export interface LayerSchema {
  file: string;
  title: string;
  geometry: GeometryKind;
  columns: ColumnSpec[];
}

/** Allowed wetland area classes (Minn. R. 8420.0117 subp. 1). */
export const AREA_CLASSES = ['greater-than-80', '50-to-80', 'less-than-50'] as const;
export type AreaClass = (typeof AREA_CLASSES)[number];

/** Allowed RIBITS bank statuses, as the 2020 snapshot spells them. */
export const SITE_STATUSES = [
  'Approved',
  'Sold-Out',
  'Pending',
  'Terminated',
  'Withdrawn',
  'Suspended',
] as const;

const c = (name: string, kind: ColumnKind, nullable = false, values?: readonly string[]): ColumnSpec =>
  values ? { name, kind, nullable, values } : { name, kind, nullable };

const demonstration = c('demonstration', 'bool');

/** data/SCHEMA.md as data: the file, geometry and columns of every layer, in column order. */
export const LAYER_SCHEMAS: Record<LayerName, LayerSchema> = {
  state: { file: 'state.fgb', title: 'Minnesota', geometry: 'area', columns: [c('name', 'string')] },
  counties: {
    file: 'counties.fgb',
    title: 'Counties and wetland area class (Minn. R. 8420.0117)',
    geometry: 'area',
    columns: [
      c('id', 'string'),
      c('name', 'string'),
      c('areaClass', 'string', false, AREA_CLASSES),
      demonstration,
    ],
  },
  majorWatersheds: {
    file: 'major-watersheds.fgb',
    title: 'Major watersheds (DNR)',
    geometry: 'area',
    columns: [c('id', 'int'), c('name', 'string'), c('huc8', 'string'), c('basin', 'string'), demonstration],
  },
  minorWatersheds: {
    file: 'minor-watersheds.fgb',
    title: 'Minor watersheds (DNR Level 07)',
    geometry: 'area',
    columns: [c('id', 'string'), c('name', 'string'), c('majorWatershed', 'int'), demonstration],
  },
  bankServiceAreas: {
    file: 'bank-service-areas.fgb',
    title: 'Wetland bank service areas (BWSR)',
    geometry: 'area',
    columns: [c('id', 'int'), c('name', 'string'), demonstration],
  },
  sites: {
    file: 'sites.fgb',
    title: 'Candidate replacement sites (wetland banks)',
    geometry: 'point',
    columns: [
      c('id', 'string'),
      c('name', 'string'),
      c('kind', 'string', false, ['bank', 'project-specific']),
      c('status', 'string', true, SITE_STATUSES),
      c('bankType', 'string', true),
      c('countyName', 'string', true),
      c('availableCredits', 'double', true),
      c('bankApplicationDate', 'string', true),
      demonstration,
      // Where each bank lies, found once by the build in its own lookup layers (src/geo/locateBanks.ts).
      c('minorWatershed', 'string', true),
      c('majorWatershed', 'int', true),
      c('bankServiceArea', 'int', true),
      c('county', 'string', true),
      c('countyAreaClass', 'string', true, AREA_CLASSES),
      c('boundary', 'string', true),
    ],
  },
  lakes: { file: 'lakes.fgb', title: 'Lakes', geometry: 'area', columns: [c('name', 'string', true)] },
  rivers: { file: 'rivers.fgb', title: 'Rivers', geometry: 'line', columns: [c('name', 'string', true)] },
  places: {
    file: 'places.fgb',
    title: 'Places',
    geometry: 'point',
    columns: [c('name', 'string'), c('population', 'double', true)],
  },
  plss: {
    file: 'plss-sections.fgb',
    title: 'PLSS sections (township, range, section)',
    geometry: 'area',
    columns: [
      c('id', 'string'),
      c('meridian', 'int', false, ['4', '5']),
      c('township', 'int'),
      c('townshipDirection', 'string', false, ['N']),
      c('range', 'int'),
      c('rangeDirection', 'string', false, ['E', 'W']),
      c('section', 'int'),
      demonstration,
    ],
  },
};
