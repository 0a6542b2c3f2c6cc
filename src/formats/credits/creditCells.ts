import type { BwsrApproval, CreditUnit } from './creditTypes.ts';
import { normaliseHeader } from './normaliseHeader.ts';

/** A cell's value, or why it cannot be read (the caller names file, row and column). */
export type Cell<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Cell<T> => ({ ok: true, value });
const bad = <T>(message: string): Cell<T> => ({ ok: false, message });

const PLAIN = /^\d+(\.\d+)?$|^\.\d+$/;
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * A credit amount: `1234.5`, `1,234.5`, `0`. Empty, negative or anything else is refused: an
 * amount is never guessed. `money` also allows a leading `$` (prices).
 */
export function parseAmount(raw: string, money = false): Cell<number> {
  let text = raw.trim();
  if (text === '') return bad('is empty');
  if (money) text = text.replace(/^\$\s*/, '');
  if (/^[-−(]/.test(text) || /^\$?\s*-/.test(raw.trim())) return bad('is negative');
  if (!PLAIN.test(text) && !GROUPED.test(text)) return bad('is not a number');
  const value = Number(text.replaceAll(',', ''));
  return Number.isFinite(value) ? ok(value) : bad('is not a number');
}

const UNITS: Record<string, CreditUnit> = {
  sqft: 'square-feet',
  squarefeet: 'square-feet',
  squarefoot: 'square-feet',
  ft2: 'square-feet',
  sf: 'square-feet',
  acre: 'acres',
  acres: 'acres',
  ac: 'acres',
  credit: 'credits',
  credits: 'credits',
};

/** A unit: square feet (BWSR deposits credits "to the square foot", Minn. R. 8420.0725 B(5)), acres or credits. */
export function parseUnit(raw: string): Cell<CreditUnit> {
  const unit = UNITS[normaliseHeader(raw)];
  return unit ? ok(unit) : bad(`is not a unit this reader knows (square feet, acres or credits)`);
}

const APPROVALS: Record<string, BwsrApproval> = {
  wcaonly: 'wca-only',
  wca: 'wca-only',
  stateonly: 'wca-only',
  '404only': '404-only',
  '404': '404-only',
  section404only: '404-only',
  section404: '404-only',
  federalonly: '404-only',
  both: 'wca-and-404',
  wcaand404: 'wca-and-404',
  wca404: 'wca-and-404',
  '404wca': 'wca-and-404',
  '404andwca': 'wca-and-404',
  wcaandsection404: 'wca-and-404',
  wcasection404: 'wca-and-404',
};

/** The approval a BWSR credit carries: `WCA only`, `404 only` or `both` (also `WCA and 404`, `WCA/404`). */
export function parseApproval(raw: string): Cell<BwsrApproval> {
  const approval = APPROVALS[normaliseHeader(raw)];
  return approval ? ok(approval) : bad('is not WCA only, 404 only or both');
}

/**
 * A BWSR account number with its transfer `T` kept in front: `1545`, `T1729`, `t1729`, `1090T`
 * (→ `T1090`), `#1545`. A site number (`S5616`) is refused: one site holds several accounts.
 * Empty gives null (the row may name the bank by RIBITS id or name instead).
 */
export function parseAccount(raw: string): Cell<string | null> {
  const text = raw.trim().replace(/^(#|acct\.?|account)\s*/i, '');
  if (text === '') return ok(null);
  if (/^s\s*\d+/i.test(text))
    return bad('is a BWSR site number, not an account (one site holds several accounts)');
  const match = /^(T?)\s*0*(\d{2,6})\s*(T?)$/i.exec(text);
  if (!match) return bad('is not a BWSR account number (e.g. 1545 or T1729)');
  return ok(`${match[1] || match[3] ? 'T' : ''}${match[2]}`);
}

/** A date as ISO `YYYY-MM-DD`: written `2026-05-01` or `5/1/2026` (US order, as spreadsheets in Minnesota write it). */
export function parseListingDate(raw: string): Cell<string | null> {
  const text = raw.trim();
  if (text === '') return ok(null);
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
  else return bad('is not a date (YYYY-MM-DD or M/D/YYYY)');
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return bad('is not a calendar date');
  return ok(date.toISOString().slice(0, 10));
}

/** An integer RIBITS bank id, or null for an empty cell. */
export function parseBankId(raw: string): Cell<number | null> {
  const text = raw.trim();
  if (text === '') return ok(null);
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? ok(Number(text)) : bad('is not a RIBITS bank id');
}
