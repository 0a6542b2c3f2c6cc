/**
 * Checks a parsed `ribits-ledgers.json` (data/SCHEMA.md): `{ schema: 1, ledgers: { siteId: LEDGER
 * entries } }`, written by the build only when a live RIBITS refresh got ledgers. Its own file so
 * the page's lazy credits panel reads it without pulling banksFile into a shared chunk.
 */
import type { LedgersFile } from './banksFile';

/** ribits-ledgers.json that is not in the documented shape; names the field. */
export class LedgersFileError extends Error {
  override name = 'LedgersFileError';
}

/** @throws LedgersFileError naming the first field that is wrong */
export function parseLedgersFile(value: unknown): LedgersFile {
  if (typeof value !== 'object' || value === null || (value as { schema?: unknown }).schema !== 1)
    throw new LedgersFileError('ribits-ledgers.json: expected schema 1');
  const ledgers = (value as { ledgers?: unknown }).ledgers;
  if (typeof ledgers !== 'object' || ledgers === null || Array.isArray(ledgers))
    throw new LedgersFileError('ribits-ledgers.json: "ledgers" must be an object');
  for (const [siteId, entries] of Object.entries(ledgers)) {
    if (!Array.isArray(entries))
      throw new LedgersFileError(`ribits-ledgers.json: "${siteId}" must be a list of entries`);
    for (const [i, entry] of entries.entries())
      if (typeof entry !== 'object' || entry === null)
        throw new LedgersFileError(`ribits-ledgers.json: "${siteId}" entry ${i + 1} is not an object`);
  }
  return value as LedgersFile;
}
