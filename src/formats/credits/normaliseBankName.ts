/**
 * A bank name as compared when exact names differ only in writing: lower case, accents dropped,
 * `&` read as "and", every run of punctuation and space one space. Nothing else is dropped or
 * guessed (no fuzzy matching): "Mariska Bank" and "Mariska" stay different names.
 */
export function normaliseBankName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
