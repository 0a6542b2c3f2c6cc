import { type Cell, parseBankId, parseListingDate } from '../credits/creditCells.ts';
import { misreadRow } from '../csv/misreadRow.ts';
import { parseCsvRecords } from '../csv/parseCsv.ts';
import { parseImpactHucs, parseLedgerCredits } from './ledgerCells.ts';
import { findLedgerColumns } from './ledgerColumns.ts';
import { type BadLedgerRow, type LedgerExport, LedgerFileError, type LedgerRow } from './ledgerTypes.ts';

/** Largest export read (characters) and most rows: Minnesota's banks hold a few thousand transactions. */
export const MAX_LEDGER_CHARS = 50_000_000;
export const MAX_LEDGER_ROWS = 200_000;

/** A trailing time of day, as a spreadsheet may write after the date (`05/01/2021 12:00:00 AM`). */
const TIME_OF_DAY = /\s+\d{1,2}:\d{2}(:\d{2})?(\s*[AP]M)?$/i;

/** A transaction date: `MM/DD/YYYY` as RIBITS writes it (or `YYYY-MM-DD`); empty gives null. */
function parseTransactionDate(raw: string): Cell<string | null> {
  const cell = parseListingDate(raw.trim().replace(TIME_OF_DAY, ''));
  return cell.ok ? cell : { ok: false, message: 'is not a date (MM/DD/YYYY as RIBITS writes it)' };
}

/**
 * Reads a RIBITS ledger CSV export ("Ledger Transactions" or "Transactions by Watershed") into
 * good rows and bad rows, apart — the same strictness as the credit listings: a bad cell (a
 * credit amount that is not a number, a date that is not one, a HUC that is not 8 or 12 digits,
 * a bank id that is not one, an empty type, jurisdiction or bank) or a repeated transaction id
 * makes a bad row naming file, row and column; the good rows are all returned, so the caller
 * can refuse the file or, with the user's consent, keep them. An empty date or impact HUC is
 * not bad: the accounting reports such a withdrawal, and never guesses it.
 * @throws LedgerFileError for a file that cannot be read at all: empty, too large, or a missing column
 */
export function readLedgerExport(text: string, file: string): LedgerExport {
  if (text.length > MAX_LEDGER_CHARS)
    throw new LedgerFileError(
      file,
      null,
      null,
      `${file}: ${text.length} characters, more than a ledger export holds`,
    );
  const records = parseCsvRecords(text.replace(/^\uFEFF/, ''));
  if (records.length === 0) throw new LedgerFileError(file, null, null, `${file}: the file is empty`);
  if (records.length > MAX_LEDGER_ROWS)
    throw new LedgerFileError(
      file,
      null,
      null,
      `${file}: ${records.length} rows, more than ${MAX_LEDGER_ROWS}`,
    );
  const found = findLedgerColumns(records, file);
  const rows: LedgerRow[] = [];
  const bad: BadLedgerRow[] = [];
  const firstOfId = new Map<string, number>();
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
    const problems: BadLedgerRow[] = [];
    const complain = (field: string, value: string, message: string) => {
      const column = found.written[field] ?? field;
      problems.push({
        file,
        row: record.row,
        column,
        value,
        message: `${file}, row ${record.row}, column "${column}": ${message.replace('$', JSON.stringify(value.trim()))}`,
      });
    };
    const read = <T>(field: string, parse: (s: string) => Cell<T>, fallback: T): T => {
      const value = raw(field);
      const cell = parse(value);
      if (cell.ok) return cell.value;
      complain(field, value, `$ ${cell.message}`);
      return fallback;
    };
    const required = (field: string): string => {
      const value = raw(field).trim();
      if (value === '') complain(field, '', 'is empty');
      return value;
    };
    const bankName = raw('bankName').trim();
    const ribitsBankId = read('ribitsBankId', parseBankId, null);
    if (bankName === '' && ribitsBankId === null && problems.length === 0)
      complain(
        found.index.bankName === undefined ? 'ribitsBankId' : 'bankName',
        '',
        'is empty: no bank is named',
      );
    const dateText = raw('transactionDate').trim();
    const row: LedgerRow = {
      file,
      row: record.row,
      kind: 'ribits-ledger-export',
      ribitsBankId,
      bwsrAccount: null,
      bankName,
      transactionId: raw('transactionId').trim() || null,
      transactionType: required('transactionType'),
      jurisdiction: required('jurisdiction'),
      transactionDate: read('transactionDate', parseTransactionDate, null),
      transactionDateText: dateText === '' ? null : dateText,
      credits: read('credits', parseLedgerCredits, 0),
      impactHucs: read('impactHuc', parseImpactHucs, []),
    };
    if (problems.length > 0) {
      bad.push(...problems);
      continue;
    }
    if (row.transactionId !== null) {
      const key = `${row.ribitsBankId ?? ''}\u0000${row.bankName.toLowerCase()}\u0000${row.transactionId}`;
      const earlier = firstOfId.get(key);
      if (earlier !== undefined) {
        bad.push({
          file,
          row: record.row,
          column: found.written.transactionId ?? null,
          value: row.transactionId,
          message: `${file}, row ${record.row}: transaction ${row.transactionId} of the same bank is already on row ${earlier}`,
        });
        continue;
      }
      firstOfId.set(key, record.row);
    }
    rows.push(row);
  }
  return { file, rows, bad, headerRow: found.headerRow, columns: found.written, notes: found.notes };
}
