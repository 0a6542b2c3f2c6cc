import type { Feature, Geometry } from 'geojson';
import type { BankEntry, BanksFile, LedgersFile } from '../../../src/formats/ribits/banksFile.ts';
import type { AcquiredRibitsBanks } from '../acquireRibitsSites.ts';
import type { BanksManifestEntry, BuildFiles } from './pipelineTypes.ts';

/**
 * Adds banks.json (and, for a live refresh, ribits-service-areas.json with each distinct service
 * area once, and ribits-ledgers.json) to the build's files; returns the manifest entry.
 */
export function writeBankFiles(
  banks: BanksFile,
  live: AcquiredRibitsBanks | null,
  files: BuildFiles,
): BanksManifestEntry {
  const text = `${JSON.stringify(banks)}\n`;
  files.set('banks.json', text);
  let serviceAreas: BanksManifestEntry['serviceAreas'] = null;
  let ledgers: BanksManifestEntry['ledgers'] = null;
  if (live) {
    // Every Minnesota bank's service area is one of a few BSAs: write each outline once.
    const areas = new Map<string, Feature<Geometry, { name: string; siteIds: string[] }>>();
    for (const record of live.records)
      for (const sa of record.serviceAreas) {
        if (!sa.geometry) continue;
        const key = `${sa.name}\u0000${JSON.stringify(sa.geometry)}`;
        const feature = areas.get(key) ?? {
          type: 'Feature' as const,
          properties: { name: sa.name, siteIds: [] },
          geometry: sa.geometry,
        };
        feature.properties.siteIds.push(`ribits-${record.bankId}`);
        areas.set(key, feature);
      }
    if (areas.size > 0) {
      const areaText = `${JSON.stringify({ type: 'FeatureCollection', features: [...areas.values()] })}\n`;
      files.set('ribits-service-areas.json', areaText);
      serviceAreas = {
        file: 'ribits-service-areas.json',
        bytes: Buffer.byteLength(areaText),
        count: areas.size,
      };
    }
    const withLedger = live.records.filter((r) => r.ledger !== null && r.ledger.length > 0);
    if (withLedger.length > 0) {
      const ledgerFile: LedgersFile = {
        schema: 1,
        ledgers: Object.fromEntries(withLedger.map((r) => [`ribits-${r.bankId}`, r.ledger!])),
      };
      const ledgerText = `${JSON.stringify(ledgerFile)}\n`;
      files.set('ribits-ledgers.json', ledgerText);
      ledgers = {
        file: 'ribits-ledgers.json',
        bytes: Buffer.byteLength(ledgerText),
        banks: withLedger.length,
        entries: withLedger.reduce((n, r) => n + r.ledger!.length, 0),
      };
    }
  }
  return {
    file: 'banks.json',
    bytes: Buffer.byteLength(text),
    count: banks.banks.length,
    onMap: banks.banks.filter((b: BankEntry) => b.onMap).length,
    source: banks.source,
    retrieved: banks.retrieved,
    asOf: banks.asOf,
    refreshFailure: banks.refreshFailure,
    serviceAreas,
    ledgers,
  };
}
