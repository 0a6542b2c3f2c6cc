import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RibitsBankRecord } from '../../src/formats/ribits/readBankSiteData.ts';

/** The last good RIBITS refresh, kept between builds so a failed refresh never empties the sites layer. */
export interface RibitsSnapshot {
  schema: 1;
  kind: 'ribits-bank-snapshot';
  /** When it was read (ISO). */
  retrieved: string;
  baseUrl: string;
  /** Banks in the national list then. */
  listed: number;
  records: RibitsBankRecord[];
}

/**
 * The snapshot at `path`, or null (with the reason) when there is none or it cannot be read —
 * a damaged snapshot is no snapshot, never a half-read one.
 */
export function readRibitsSnapshot(path: string): {
  snapshot: RibitsSnapshot | null;
  problem: string | null;
} {
  if (!existsSync(path)) return { snapshot: null, problem: null };
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<RibitsSnapshot>;
    if (
      value.schema !== 1 ||
      value.kind !== 'ribits-bank-snapshot' ||
      typeof value.retrieved !== 'string' ||
      !Array.isArray(value.records) ||
      value.records.length === 0 ||
      !value.records.every((r) => typeof r?.bankId === 'number' && typeof r?.name === 'string')
    )
      return { snapshot: null, problem: `${path} is not a RIBITS snapshot this build wrote` };
    return { snapshot: value as RibitsSnapshot, problem: null };
  } catch (error) {
    return { snapshot: null, problem: `${path} cannot be read (${(error as Error).message})` };
  }
}

/** Writes the snapshot whole (a temporary file renamed into place), so a crash never leaves half a file. */
export function writeRibitsSnapshot(path: string, snapshot: RibitsSnapshot): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.tmp-${process.pid}`;
  writeFileSync(temp, JSON.stringify(snapshot));
  renameSync(temp, path);
}
