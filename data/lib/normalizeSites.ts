import type { Feature, Geometry } from 'geojson';
import type { LayerFeature } from '../../src/formats/layers/layerTypes.ts';
import { PipelineError } from '../../src/formats/PipelineError.ts';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value
    : value === null || value === undefined
      ? null
      : String(value);

/**
 * The RIBITS 2020 bank snapshot → `sites`. Names are kept verbatim, quotes, apostrophes and
 * all: they are data, and the page renders them as text. The snapshot has no credit amounts
 * and no application dates, so those are null (unknown), never 0.
 */
export function normalizeSnapshotBanks(
  features: Feature<Geometry, Record<string, unknown>>[],
  label: string,
): LayerFeature[] {
  return features.map((f, i) => {
    if (f.id === undefined || f.id === null) throw new PipelineError(`${label}: feature #${i + 1} has no id`);
    return {
      type: 'Feature',
      geometry: f.geometry,
      properties: {
        id: `ribits-${f.id}`,
        name: text(f.properties.name) ?? text(f.properties.site_name) ?? `RIBITS bank ${f.id}`,
        kind: 'bank',
        status: text(f.properties.bank_status),
        bankType: text(f.properties.bank_type),
        countyName: text(f.properties.county_named),
        availableCredits: null,
        bankApplicationDate: null,
        demonstration: false,
      },
    };
  });
}

/** One row of the RIBITS public ORDS `bank_site_list` (fields per data/sources.json). */
export interface RibitsRow {
  bank_id: number | string;
  bank_name?: string;
  bank_status_name?: string;
  kind_of_bank_name?: string;
  state_abbrev_list?: string;
  total_available_credits?: number | null;
  longitude?: number | null;
  latitude?: number | null;
}

/** Live RIBITS rows → `sites` (Minnesota rows with a location only). */
export function normalizeRibitsRows(rows: RibitsRow[]): LayerFeature[] {
  return rows
    .filter(
      (r) =>
        /\bMN\b/.test(r.state_abbrev_list ?? '') &&
        Number.isFinite(r.longitude) &&
        Number.isFinite(r.latitude),
    )
    .map((r) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [Number(r.longitude), Number(r.latitude)] },
      properties: {
        id: `ribits-${r.bank_id}`,
        name: text(r.bank_name) ?? `RIBITS bank ${r.bank_id}`,
        kind: 'bank',
        status: text(r.bank_status_name),
        bankType: text(r.kind_of_bank_name),
        countyName: null,
        availableCredits: typeof r.total_available_credits === 'number' ? r.total_available_credits : null,
        bankApplicationDate: null,
        demonstration: false,
      },
    }));
}
