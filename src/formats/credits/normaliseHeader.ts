/**
 * A header as compared: lower case, accents dropped, every space and punctuation mark removed,
 * so `Credits Available`, `credits_available` and `CREDITS-AVAILABLE ` are the same column.
 */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
