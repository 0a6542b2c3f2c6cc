import { isMinnesotaBankName, mentionsMinnesota } from './parseMinnesotaBankName.ts';
import { RibitsShapeError } from './RibitsShapeError.ts';

/** One bank of RIBITS' national `bank_site_list`. */
export interface RibitsListEntry {
  /** `BANK_ID`. */
  bankId: number;
  /** `NAME` (the captured answer's field; RIBITSr's field notes call it `BANK_NAME`, so that is read too). */
  name: string;
  /** `BANK_SITE_DATA_WS_URL`, or null when absent. */
  detailUrl: string | null;
}

/** More banks than this in one list answer is not the service we know (the real list has ~4,900). */
export const MAX_LIST_ITEMS = 50_000;
/** Longest bank name kept whole (the longest real Minnesota name is ~150 characters). */
export const MAX_NAME_LENGTH = 1_000;

/**
 * Reads a parsed `bank_site_list` answer: `{"ITEMS":[{"BANK_ID":6669,"NAME":"…",
 * "BANK_SITE_DATA_WS_URL":"…"},…]}`, upper case, no paging keys (a captured real answer, see
 * data/README.md "RIBITS"). An answer that has paging links (`links`/`hasMore`, the generic ORDS
 * shape) is refused rather than half-read.
 * @param request names the request in errors
 * @throws RibitsShapeError naming the request and the item at fault
 */
export function readBankSiteList(answer: unknown, request: string): RibitsListEntry[] {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    throw new RibitsShapeError(`${request}: expected a JSON object with "ITEMS"`);
  const body = answer as Record<string, unknown>;
  const items = body.ITEMS ?? body.items;
  if (!Array.isArray(items))
    throw new RibitsShapeError(
      `${request}: no "ITEMS" array (keys: ${Object.keys(body).slice(0, 8).join(', ') || 'none'})`,
    );
  if (
    body.hasMore === true ||
    body.HASMORE === true ||
    Array.isArray(body.links) ||
    Array.isArray(body.LINKS)
  )
    throw new RibitsShapeError(
      `${request}: the answer is paged (hasMore/links), which RIBITS did not do before`,
    );
  if (items.length > MAX_LIST_ITEMS)
    throw new RibitsShapeError(`${request}: ${items.length} items, more than the ${MAX_LIST_ITEMS} expected`);
  const seen = new Set<number>();
  return items.map((item, i) => {
    const where = `${request}: item ${i + 1}`;
    if (typeof item !== 'object' || item === null) throw new RibitsShapeError(`${where} is not an object`);
    const row = item as Record<string, unknown>;
    const id = row.BANK_ID;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
      throw new RibitsShapeError(`${where} has no integer "BANK_ID" (${JSON.stringify(id)})`);
    const name = row.NAME ?? row.BANK_NAME;
    if (typeof name !== 'string' || name.trim() === '')
      throw new RibitsShapeError(`${where} (bank ${id}) has no "NAME"`);
    if (name.length > MAX_NAME_LENGTH)
      throw new RibitsShapeError(`${where} (bank ${id}) has a name of ${name.length} characters`);
    if (seen.has(id)) throw new RibitsShapeError(`${where}: bank ${id} is listed twice`);
    seen.add(id);
    const url = row.BANK_SITE_DATA_WS_URL;
    return { bankId: id, name, detailUrl: typeof url === 'string' ? url : null };
  });
}

/**
 * The Minnesota banks of the national list: those named `MN - <county> - …`, the way every
 * Minnesota bank in the captured list is named. The list carries no state field; each chosen
 * bank's detail then says its `STATE_LIST`, which the refresh checks.
 */
export function minnesotaBanks(entries: readonly RibitsListEntry[]): RibitsListEntry[] {
  return entries.filter((e) => isMinnesotaBankName(e.name));
}

/**
 * The banks of the national list whose names speak of Minnesota but are not in a form the name
 * rule reads (see mentionsMinnesota): a refresh names each one rather than drop it unseen.
 */
export function unreadMinnesotaNames(entries: readonly RibitsListEntry[]): RibitsListEntry[] {
  return entries.filter((e) => mentionsMinnesota(e.name));
}
