import { printable } from '../../src/formats/text/printable.ts';

/** Most banks one line names; the rest are counted. */
export const LISTED_AT_MOST = 20;

/**
 * `bank 2002 "MN - Aitkin - …", bank 6076 "…"` for a log or error line: each name made printable
 * (no terminal codes), at most LISTED_AT_MOST of them, then "and N more".
 */
export function listNames(banks: readonly { bankId: number; name: string }[]): string {
  const named = banks.slice(0, LISTED_AT_MOST).map((bank) => `bank ${bank.bankId} "${printable(bank.name)}"`);
  const more = banks.length - named.length;
  return `${named.join(', ')}${more > 0 ? `, and ${more} more` : ''}`;
}
