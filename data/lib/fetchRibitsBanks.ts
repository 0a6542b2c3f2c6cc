import { fetchJson } from './fetchBytes.ts';
import type { RibitsRow } from './normalizeSites.ts';
import { PipelineError } from '../../src/formats/PipelineError.ts';

interface OrdsPage {
  items?: RibitsRow[];
  hasMore?: boolean;
}

/**
 * All rows of the RIBITS public ORDS `bank_site_list` (Oracle REST Data Services pages with
 * `items` and `hasMore`, advanced by `offset`).
 */
export async function fetchRibitsBanks(url: string, label: string, timeoutMs?: number): Promise<RibitsRow[]> {
  const rows: RibitsRow[] = [];
  const limit = 500;
  for (let page = 0; page < 100; page++) {
    const separator = url.includes('?') ? '&' : '?';
    const body = (await fetchJson(
      `${url}${separator}limit=${limit}&offset=${page * limit}`,
      label,
      timeoutMs,
    )) as OrdsPage;
    if (!Array.isArray(body.items))
      throw new PipelineError(`${label}: ${url} page ${page + 1} has no "items" array`);
    rows.push(...body.items);
    if (!body.hasMore) return rows;
  }
  throw new PipelineError(`${label}: ${url} still had more rows after 100 pages`);
}
