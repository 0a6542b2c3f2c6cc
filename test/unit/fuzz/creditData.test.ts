/**
 * Fuzzing the readers of credit and bank data (issue 32): the credit listing reader (the build's
 * `--credits` and the page's "Load credit listing…" run the same `readCreditListing`) and every
 * RIBITS answer a refresh reads (the national list, a bank's detail with its ledger, and the
 * ribits-ledgers.json the page reads). Each either answers in its contract or throws its own error
 * naming the file or request; nothing else, no row read wrong without a word.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreditFileError } from '../../../src/formats/credits/creditTypes.ts';
import { readCreditListing } from '../../../src/formats/credits/readCreditListing.ts';
import { LedgersFileError, parseLedgersFile } from '../../../src/formats/ribits/parseLedgersFile.ts';
import { RibitsShapeError } from '../../../src/formats/ribits/RibitsShapeError.ts';
import { readBankSiteData } from '../../../src/formats/ribits/readBankSiteData.ts';
import { MAX_NAME_LENGTH, readBankSiteList } from '../../../src/formats/ribits/readBankSiteList.ts';
import {
  bankSiteDataAnswer,
  bankSiteListAnswer,
  MINNESOTA_FIXTURE_BANKS,
  OTHER_FIXTURE_BANKS,
} from '../../fixtures/ribits/ribitsFixtures.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzSettings.ts';

const FILE = 'listing.csv';
const HEADER = [
  'Account Number',
  'RIBITS Bank ID',
  'Bank Name',
  'Credit Type',
  'Approval',
  'Credits Available',
  'Unit',
  'As Of Date',
];
const OPTIONS = { file: FILE, asOf: '2026-05-01', fileDate: '2026-05-01', today: '2026-12-07' };

/** Cells biased towards what bends a listing: quotes, delimiters, line breaks, decimal commas, escapes. */
const cell = fc.oneof(
  fc.constantFrom(
    '1545',
    'T1729',
    '',
    'Alpha Bank',
    'WCA only',
    '404 only',
    'both',
    'acres',
    'sq ft',
    'credits',
  ),
  fc.constantFrom('1.234,5', '-1', '0', '1e3', 'NaN', '2026-13-01', '2099-01-01', '\u001b[2J', '=cmd|x', '"'),
  fc.double({ min: -10, max: 1e6, noNaN: true }).map(String),
  fc.string({ unit: fc.constantFrom('"', ',', '\n', '\r', ' ', 'a', '1', '.', ';', '\t') }),
  fc.string({ maxLength: 40 }),
);
const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** Checks what every listing read keeps, whatever the text. */
function checkListing(text: string): { good: number; refused: Set<number> } | null {
  let listing: ReturnType<typeof readCreditListing>;
  try {
    listing = readCreditListing(text, OPTIONS);
  } catch (error) {
    expect(error).toBeInstanceOf(CreditFileError);
    expect(
      (error as Error).message.startsWith(`${FILE}: `) ||
        (error as Error).message.startsWith(`${FILE}, row `),
    ).toBe(true);
    return null;
  }
  for (const row of listing.rows) {
    expect(Number.isFinite(row.available) && row.available >= 0).toBe(true);
    expect(row.asOf === null || row.asOf <= OPTIONS.today).toBe(true);
  }
  const refused = new Set(listing.bad.map((b) => b.row));
  for (const bad of listing.bad) expect(bad.message.startsWith(`${FILE}, row ${bad.row}`)).toBe(true);
  // A row is good or refused, never both.
  for (const row of listing.rows) expect(refused.has(row.row)).toBe(false);
  return { good: listing.rows.length, refused };
}

describe('fuzz: the credit listing reader', () => {
  it(
    'rows written by a spreadsheet (quoted per RFC 4180): every row is read or refused by number, none vanishes',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.array(cell, { minLength: 0, maxLength: 10 }), { minLength: 1, maxLength: 12 }),
          fc.constantFrom('\r\n', '\n'),
          (rows, eol) => {
            const lines = rows.map((cells) => cells.map(quote).join(','));
            const text = [HEADER.join(','), ...lines].join(eol) + eol;
            const read = checkListing(text);
            if (read === null) return;
            // Rows with any filled cell are data rows; each is accounted for.
            const dataRows = rows.filter((cells) => cells.some((c) => c.trim() !== '')).length;
            expect(read.good + read.refused.size).toBe(dataRows);
          },
        ),
        fuzzParameters('creditListingRows'),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'a valid listing with one character changed, cut or added: read in its contract or refused naming the file',
    () => {
      const valid = [
        HEADER.join(','),
        '1545,,"Alpha Bank, Inc.",Standard,WCA only,1.5,acres,2026-04-01',
        'T1729,4242,Beta Bank,Type 3,both,2000,sq ft,',
        '1546,,"Gamma ""G"" Bank",Standard,404 only,3,acres,2026-04-02',
      ].join('\r\n');
      fc.assert(
        fc.property(
          fc.nat(valid.length),
          fc.constantFrom('change', 'cut', 'add'),
          fc.constantFrom('"', ',', '\n', '\r', '1', 'x', '\u0000'),
          (at, how, char) => {
            const text =
              how === 'cut'
                ? valid.slice(0, at)
                : how === 'add'
                  ? valid.slice(0, at) + char + valid.slice(at)
                  : valid.slice(0, at) + char + valid.slice(at + 1);
            checkListing(text);
          },
        ),
        fuzzParameters('creditListingText'),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('fuzz: one stray quote never bends another row', () => {
  it(
    'a clean listing with one quote typed anywhere: every other row is read exactly as written, the row with it is read or refused',
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 12 }),
          fc.nat(),
          fc.nat(200),
          fc.constantFrom('\r\n', '\n'),
          (count, which, at, eol) => {
            const rows = Array.from(
              { length: count },
              (_, i) => `${1000 + i},,Bank ${i + 2},Standard,WCA only,${i + 1}.5,acres,2026-04-01`,
            );
            const hit = which % count;
            const line = rows[hit]!;
            const cut = at % (line.length + 1);
            rows[hit] = `${line.slice(0, cut)}"${line.slice(cut)}`;
            const listing = readCreditListing([HEADER.join(','), ...rows].join(eol) + eol, OPTIONS);
            const refused = new Set(listing.bad.map((b) => b.row));
            expect(listing.rows.length + refused.size).toBe(count);
            for (const row of listing.rows) {
              if (row.row === hit + 2) continue;
              expect([row.bankName, row.available, row.unit]).toEqual([
                `Bank ${row.row}`,
                row.row - 1 + 0.5,
                'acres',
              ]);
            }
            for (let r = 2; r < count + 2; r++) if (r !== hit + 2) expect(refused.has(r)).toBe(false);
          },
        ),
        fuzzParameters('creditListingStrayQuote'),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

/** A JSON value anywhere in an answer: the shapes a changed or broken service gives. */
const anyValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '',
    'MN - Hennepin - 1545',
    `MN - ${'x'.repeat(MAX_NAME_LENGTH)}`,
    '\u001b[2J',
    '01/32/2024',
  ),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 3 }),
);

/** The answer with one value (anywhere, at any depth) replaced, deleted or given a sibling. */
function mutate(answer: unknown, path: number[], value: unknown, how: 'replace' | 'delete' | 'add'): unknown {
  const copy = JSON.parse(JSON.stringify(answer)) as unknown;
  let node: unknown = copy;
  for (const [depth, step] of path.entries()) {
    if (typeof node !== 'object' || node === null) break;
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[step % keys.length]!;
    const child = (node as Record<string, unknown>)[key];
    const last = depth === path.length - 1 || typeof child !== 'object' || child === null;
    if (last) {
      const target = node as Record<string, unknown>;
      // An answer is parsed JSON: an array loses an item, never leaves a hole.
      if (how === 'delete' && Array.isArray(target)) target.splice(Number(key), 1);
      else if (how === 'delete') delete target[key];
      else if (how === 'add') target[`${key}_X`] = value;
      else target[key] = value;
      break;
    }
    node = child;
  }
  return copy;
}

const mutation = fc.tuple(
  fc.array(fc.nat(40), { minLength: 1, maxLength: 6 }),
  anyValue,
  fc.constantFrom('replace', 'delete', 'add') as fc.Arbitrary<'replace' | 'delete' | 'add'>,
);

describe('fuzz: every RIBITS answer a refresh reads', () => {
  it(
    'bank_site_list: entries with unique positive ids and printable-length names, or a RibitsShapeError naming the request',
    () => {
      const answer = bankSiteListAnswer([...MINNESOTA_FIXTURE_BANKS, ...OTHER_FIXTURE_BANKS]);
      fc.assert(
        fc.property(
          fc.oneof(mutation, fc.tuple(fc.constant([]), anyValue, fc.constant('whole' as const))),
          ([path, value, how]) => {
            const given = how === 'whole' ? value : mutate(answer, path, value, how);
            try {
              const entries = readBankSiteList(given, 'bank_site_list');
              expect(new Set(entries.map((e) => e.bankId)).size).toBe(entries.length);
              for (const e of entries) {
                expect(Number.isSafeInteger(e.bankId) && e.bankId > 0).toBe(true);
                expect(e.name.trim().length).toBeGreaterThan(0);
                expect(e.name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
              }
            } catch (error) {
              expect(error).toBeInstanceOf(RibitsShapeError);
              expect((error as Error).message.startsWith('bank_site_list')).toBe(true);
            }
          },
        ),
        fuzzParameters('ribitsListAnswer'),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'bank_site_data with its LEDGER: the bank asked for, finite figures, or a RibitsShapeError naming the request',
    () => {
      const bank =
        MINNESOTA_FIXTURE_BANKS.find((b) => (b.ledger?.length ?? 0) > 0) ?? MINNESOTA_FIXTURE_BANKS[0]!;
      const answer = bankSiteDataAnswer(bank, {
        serviceArea: true,
        footprint: true,
        contacts: true,
        ledger: true,
      });
      fc.assert(
        fc.property(mutation, ([path, value, how]) => {
          try {
            const record = readBankSiteData(mutate(answer, path, value, how), bank.id, 'bank_site_data');
            expect(record.bankId).toBe(bank.id);
            for (const entry of record.ledger ?? []) {
              expect(entry.credits === null || Number.isFinite(entry.credits)).toBe(true);
              expect(
                entry.transactionDate === null || /^\d{4}-\d{2}-\d{2}$/.test(entry.transactionDate),
              ).toBe(true);
            }
            if (record.location)
              expect(Math.abs(record.location[0]) <= 180 && Math.abs(record.location[1]) <= 90).toBe(true);
          } catch (error) {
            expect(error).toBeInstanceOf(RibitsShapeError);
            expect((error as Error).message).toMatch(/bank_site_data|bank \d+/);
          }
        }),
        fuzzParameters('ribitsDetailAnswer'),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'ribits-ledgers.json (the page): the documented shape, or a LedgersFileError naming the field',
    () => {
      const file = { schema: 1, ledgers: { 'ribits-1545': [{ TRANSACTION_ID: 1, CREDITS: 2 }] } };
      fc.assert(
        fc.property(
          fc.oneof(mutation, fc.tuple(fc.constant([]), anyValue, fc.constant('whole' as const))),
          ([path, value, how]) => {
            const given = how === 'whole' ? value : mutate(file, path, value, how);
            try {
              const read = parseLedgersFile(given);
              for (const entries of Object.values(read.ledgers)) expect(Array.isArray(entries)).toBe(true);
            } catch (error) {
              expect(error).toBeInstanceOf(LedgersFileError);
              expect((error as Error).message.startsWith('ribits-ledgers.json: ')).toBe(true);
            }
          },
        ),
        fuzzParameters('ribitsLedgersFile'),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
