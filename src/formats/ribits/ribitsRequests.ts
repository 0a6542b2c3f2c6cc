/**
 * The requests the RIBITS public ORDS service answers, as RIBITSr (`R/api-core.R`: every
 * parameter in one `q=` JSON value) and USACE's own script (`ribits_gdal_functions.py`) make them:
 * `bank_site_list/` with no parameters (the whole national list, ~4,900 banks, in one answer) and
 * `bank_site_data/?q={"bank_id":N,"show_service_area":"Yes",…}` per bank.
 */

/** The production base URL (data/sources.json → sites.official.url). */
export const RIBITS_BASE_URL = 'https://ribits.ops.usace.army.mil/ords/RI/public/';

/** The detail a refresh asks for; `show_footprint` too, because a footprint can locate a bank without a point. */
export const BANK_DETAIL_OPTIONS = {
  show_service_area: 'Yes',
  show_footprint: 'Yes',
  show_contacts: 'Yes',
  show_ledger: 'Yes',
} as const;

const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);

/** `<base>bank_site_list/`: the national list (no filter: RIBITS' filters are documented only by third parties). */
export function bankSiteListUrl(base: string): string {
  return `${withSlash(base)}bank_site_list/`;
}

/** The `q` value of a bank's detail request: `{"bank_id":N,"show_service_area":"Yes",…}`. */
export function bankSiteDataQuery(bankId: number): string {
  return JSON.stringify({ bank_id: bankId, ...BANK_DETAIL_OPTIONS });
}

/** `<base>bank_site_data/?q=…` for one bank (the JSON is URL-encoded; the service decodes it). */
export function bankSiteDataUrl(base: string, bankId: number): string {
  return `${withSlash(base)}bank_site_data/?q=${encodeURIComponent(bankSiteDataQuery(bankId))}`;
}
