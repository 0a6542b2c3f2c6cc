import { misreadRow } from '../csv/misreadRow.ts';
import { parseCsvRecords } from '../csv/parseCsv.ts';
import {
  type Cell,
  parseAccount,
  parseAmount,
  parseApproval,
  parseBankId,
  parseListingDate,
  parseUnit,
} from './creditCells.ts';
import {
  type AsOfFrom,
  type BadCreditRow,
  CreditFileError,
  type CreditListing,
  type CreditRow,
  type ListingKind,
} from './creditTypes.ts';
import { type ColumnSpec, type FoundColumns, locateColumns } from './findColumns.ts';
import { BWSR_LISTING_COLUMNS, RIBITS_CREDIT_COLUMNS } from './listingColumns.ts';
import { normaliseBankName } from './normaliseBankName.ts';

/** What the caller knows about the file besides its text. */
export interface ReadListingOptions {
  /** The file's name as the user gave it (named in every message). */
  file: string;
  /** The as-of date the user gives (`--as-of`, the page's date field), ISO; used when the file states none. */
  asOf?: string | null;
  /** The file's own date (modification time), ISO; used when neither the file nor the user gives one. */
  fileDate?: string | null;
  /**
   * Today (ISO), the machine's date: an as-of date after it is refused, since a figure dated in
   * the future would never be marked stale. Null or absent: not checked.
   */
  today?: string | null;
  /** Notices of the file's decoding (decodeText's encodingNotice), carried on the listing. */
  notices?: readonly string[];
}

/** Largest listing read (characters) and most rows: a statewide listing has a few thousand rows. */
export const MAX_LISTING_CHARS = 50_000_000;
export const MAX_LISTING_ROWS = 200_000;

const KINDS: { kind: ListingKind; specs: readonly ColumnSpec[]; label: string }[] = [
  { kind: 'bwsr-listing', specs: BWSR_LISTING_COLUMNS, label: 'a BWSR credit listing (the template)' },
  {
    kind: 'ribits-credit-classification',
    specs: RIBITS_CREDIT_COLUMNS,
    label: 'a RIBITS Credit Classification report',
  },
];

const trimmedOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * Reads a credit listing CSV — BWSR's listing in this project's template, or RIBITS' Credit
 * Classification report (told apart by their headers) — into good rows and bad rows, apart.
 * A bad cell (empty, negative or non-numeric amount, unknown unit or approval, a site number
 * given as an account, a date that is not one) or a duplicated row makes a bad row naming file,
 * row and column; the good rows are all returned, so the caller can refuse the file or, with the
 * user's consent, keep them. The as-of date of a row is the one the file states (an "As Of Date"
 * column), else `options.asOf`, else `options.fileDate`, and `asOfFrom` says which.
 * @throws CreditFileError for a file that cannot be read at all: empty, too large, or a missing column
 */
export function readCreditListing(text: string, options: ReadListingOptions): CreditListing {
  const { file } = options;
  if (text.length > MAX_LISTING_CHARS)
    throw new CreditFileError(
      file,
      null,
      null,
      `${file}: ${text.length} characters, more than a credit listing holds`,
    );
  const today = options.today ?? null;
  if (options.asOf && today !== null && options.asOf > today)
    throw new CreditFileError(
      file,
      null,
      null,
      `${file}: the as-of date given, ${options.asOf}, is after today (${today}); a figure dated in the future would never be marked stale`,
    );
  const records = parseCsvRecords(text.replace(/^\uFEFF/, ''));
  if (records.length === 0) throw new CreditFileError(file, null, null, `${file}: the file is empty`);
  if (records.length > MAX_LISTING_ROWS)
    throw new CreditFileError(
      file,
      null,
      null,
      `${file}: ${records.length} rows, more than ${MAX_LISTING_ROWS}`,
    );
  const attempts = KINDS.map((k) => ({ ...k, found: locateColumns(records, k.specs, file) }));
  const hit = attempts.find((a) => 'index' in a.found);
  if (!hit) {
    const closest = attempts
      .map((a) => ({ ...a, found: a.found as Exclude<typeof a.found, FoundColumns> }))
      .sort((a, b) => a.found.missing.length - b.found.missing.length)[0]!;
    const first = closest.found.missing[0]!;
    throw new CreditFileError(
      file,
      closest.found.row,
      first.header,
      `${file}, row ${closest.found.row ?? 1}: no "${first.header}" column${
        closest.found.missing.length > 1
          ? ` (also missing: ${closest.found.missing
              .slice(1)
              .map((m) => `"${m.header}"`)
              .join(', ')})`
          : ''
      } for ${closest.label}; columns found: ${closest.found.found.map((h) => `"${h.trim()}"`).join(', ') || 'none'}`,
    );
  }
  const found = hit.found as FoundColumns;
  const rows: CreditRow[] = [];
  const bad: BadCreditRow[] = [];
  const firstOfKey = new Map<string, number>();
  const header = records.find((r) => r.row === found.headerRow)!.cells;
  for (const record of records) {
    if (record.row <= found.headerRow) continue;
    const unread = misreadRow(record, header, file);
    if (unread) {
      bad.push(unread);
      continue;
    }
    const raw = (field: string): string => {
      const at = found.index[field];
      return at === undefined ? '' : (record.cells[at] ?? '');
    };
    const problems: BadCreditRow[] = [];
    const read = <T>(field: string, parse: (s: string) => Cell<T>, fallback: T): T => {
      const value = raw(field);
      const cell = parse(value);
      if (cell.ok) return cell.value;
      problems.push({
        file,
        row: record.row,
        column: found.written[field] ?? field,
        value,
        message: `${file}, row ${record.row}, column "${found.written[field] ?? field}": ${JSON.stringify(value.trim())} ${cell.message}`,
      });
      return fallback;
    };
    const required = (field: string): string => {
      const value = raw(field).trim();
      if (value === '')
        problems.push({
          file,
          row: record.row,
          column: found.written[field] ?? field,
          value: '',
          message: `${file}, row ${record.row}, column "${found.written[field] ?? field}" is empty`,
        });
      return value;
    };
    const bankName = required('bankName');
    const available = read('available', (s) => parseAmount(s), 0);
    const stated = read('asOf', (s) => notAfter(parseListingDate(s), today), null);
    const asOfFrom: AsOfFrom = stated
      ? 'file'
      : options.asOf
        ? 'user'
        : options.fileDate
          ? 'file-date'
          : 'unknown';
    const asOf = stated ?? options.asOf ?? options.fileDate ?? null;
    let row: CreditRow;
    if (hit.kind === 'bwsr-listing') {
      const account = read('account', parseAccount, null);
      const ribitsBankId = read('ribitsBankId', parseBankId, null);
      const unitText = raw('unit');
      row = {
        file,
        row: record.row,
        kind: hit.kind,
        ribitsBankId,
        bwsrAccount: account,
        bankName,
        county: trimmedOrNull(raw('county')),
        approval: read('approval', parseApproval, 'wca-only'),
        jurisdiction: null,
        creditType: required('creditType'),
        creditClassification: null,
        creditSubgroup: trimmedOrNull(raw('creditSubgroup')),
        plantCommunity: trimmedOrNull(raw('plantCommunity')),
        circular39Type: trimmedOrNull(raw('circular39Type')),
        available,
        released: null,
        potential: null,
        unit: read('unit', parseUnit, 'credits'),
        unitAsWritten: unitText.trim(),
        pricePerCredit:
          raw('pricePerCredit').trim() === ''
            ? null
            : read('pricePerCredit', (s) => parseAmount(s, true), null),
        contact: trimmedOrNull(raw('contact')),
        asOf,
        asOfFrom,
      };
    } else {
      const optionalAmount = (field: string) =>
        raw(field).trim() === '' ? null : read(field, (s) => parseAmount(s), null);
      const unitText = raw('unit');
      row = {
        file,
        row: record.row,
        kind: hit.kind,
        ribitsBankId: null,
        bwsrAccount: null,
        bankName,
        county: null,
        approval: null,
        jurisdiction: required('jurisdiction'),
        creditType: trimmedOrNull(raw('creditClassificationType')),
        creditClassification: required('creditClassification'),
        creditSubgroup: null,
        plantCommunity: null,
        circular39Type: null,
        available,
        released: optionalAmount('released'),
        potential: optionalAmount('potential'),
        unit: unitText.trim() === '' ? 'credits' : read('unit', parseUnit, 'credits'),
        unitAsWritten: found.index.unit === undefined ? null : unitText.trim(),
        pricePerCredit: null,
        contact: null,
        asOf,
        asOfFrom,
      };
    }
    if (problems.length > 0) {
      bad.push(...problems);
      continue;
    }
    const key = [
      row.ribitsBankId ?? '',
      row.bwsrAccount ?? '',
      normaliseBankName(row.bankName),
      row.approval ?? '',
      (row.jurisdiction ?? '').toLowerCase(),
      (row.creditType ?? '').toLowerCase(),
      (row.creditClassification ?? '').toLowerCase(),
      (row.creditSubgroup ?? '').toLowerCase(),
      (row.plantCommunity ?? '').toLowerCase(),
      (row.circular39Type ?? '').toLowerCase(),
      row.unit,
      row.asOf ?? '',
    ].join('\u0000');
    const earlier = firstOfKey.get(key);
    if (earlier !== undefined) {
      bad.push({
        file,
        row: record.row,
        column: null,
        value: null,
        message: `${file}, row ${record.row}: duplicates row ${earlier} (same bank, ${
          hit.kind === 'bwsr-listing'
            ? 'approval, credit type, subgroup and plant community'
            : 'jurisdiction and credit classification'
        })`,
      });
      continue;
    }
    firstOfKey.set(key, record.row);
    rows.push(row);
  }
  return {
    file,
    kind: hit.kind,
    rows,
    bad,
    headerRow: found.headerRow,
    columns: found.written,
    notices: [...(options.notices ?? [])],
  };
}

/** A date cell refused when it is after `today` (a future as-of date defeats the staleness note). */
function notAfter(cell: Cell<string | null>, today: string | null): Cell<string | null> {
  if (!cell.ok || cell.value === null || today === null || cell.value <= today) return cell;
  return {
    ok: false,
    message: `is after today (${today}): a figure dated in the future would never be marked stale`,
  };
}
