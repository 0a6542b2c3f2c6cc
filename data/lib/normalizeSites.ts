import type { Feature, Geometry } from 'geojson';
import type { LayerFeature } from '../../src/formats/layers/layerTypes.ts';
import { MINNESOTA_BOUNDS } from '../../src/formats/layers/validateLayer.ts';
import { PipelineError } from '../../src/formats/PipelineError.ts';
import { type BankEntry, bankEntryFromRecord } from '../../src/formats/ribits/banksFile.ts';
import { parseMinnesotaBankName } from '../../src/formats/ribits/parseMinnesotaBankName.ts';
import type { RibitsBankRecord } from '../../src/formats/ribits/readBankSiteData.ts';

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

/**
 * What the 2020 snapshot says of each bank, for `banks.json` and for joining credit listings:
 * its name read as a Minnesota bank name (county, BWSR site and account, `T` kept). The snapshot
 * has no RIBITS bank id (its feature ids are row numbers) and no status date.
 */
export function snapshotBankEntries(features: Feature<Geometry, Record<string, unknown>>[]): BankEntry[] {
  return features.map((f) => {
    const name = text(f.properties.name) ?? text(f.properties.site_name) ?? `RIBITS bank ${f.id}`;
    const parsed = parseMinnesotaBankName(name);
    const point = f.geometry?.type === 'Point' ? f.geometry.coordinates : null;
    return {
      siteId: `ribits-${f.id}`,
      ribitsBankId: null,
      bwsrAccount: parsed?.bwsrAccount ?? null,
      name,
      shortName: parsed?.shortName ?? null,
      countyNamed: parsed?.countyNamed ?? text(f.properties.county_named),
      counties: parsed?.counties ?? [],
      bwsrSite: parsed?.bwsrSite ?? null,
      accountAsWritten: parsed?.accountAsWritten ?? null,
      unlabelledNumber: parsed?.unlabelledNumber ?? null,
      status: text(f.properties.bank_status),
      statusDate: null,
      bankType: text(f.properties.bank_type),
      kindOfBank: null,
      district: null,
      states: ['MN'],
      totalAcres: null,
      location: point ? [point[0]!, point[1]!] : null,
      locationFrom: point ? 'snapshot' : null,
      locationObscured: false,
      onMap: point !== null,
      notOnMap: point ? null : 'the snapshot gives no point',
      serviceAreaNames: [],
      contacts: [],
      ledgerEntries: null,
      ribitsUrl: null,
    };
  });
}

/** Why a live bank is not a point of `sites`, or null when it is one. */
function notOnMapReason(record: RibitsBankRecord): string | null {
  if (!record.location) return 'RIBITS gives no point, footprint or service area';
  const [x, y] = record.location;
  const [west, south, east, north] = MINNESOTA_BOUNDS;
  if (x < west || x > east || y < south || y > north)
    return `its ${record.locationFrom === 'point' ? 'point' : `${record.locationFrom} location`} (${x.toFixed(4)}, ${y.toFixed(4)}) lies outside Minnesota`;
  return null;
}

/**
 * Live RIBITS records → `sites` points and `banks.json` entries. Each bank with a location in
 * Minnesota is a point (`id` = `ribits-<BANK_ID>`); the others are kept in banks.json with the
 * reason they are not on the map, and named in the build's output. Credits are never taken from
 * RIBITS' detail here: `availableCredits` stays null (credit listings go to credits.json).
 */
export function normalizeRibitsBanks(records: readonly RibitsBankRecord[]): {
  features: LayerFeature[];
  entries: BankEntry[];
} {
  const features: LayerFeature[] = [];
  const entries: BankEntry[] = [];
  for (const record of records) {
    const reason = notOnMapReason(record);
    entries.push(bankEntryFromRecord(record, reason === null, reason));
    if (reason !== null || !record.location) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: record.location },
      properties: {
        id: `ribits-${record.bankId}`,
        name: record.name,
        kind: 'bank',
        status: record.status,
        bankType: record.bankType,
        countyName: record.parsedName?.countyNamed ?? record.counties[0] ?? null,
        availableCredits: null,
        bankApplicationDate: null,
        demonstration: false,
      },
    });
  }
  return { features, entries };
}
