import { describe, expect, it } from 'vitest';
import { readCreditListing } from '../../../src/formats/credits/readCreditListing.ts';
import { parseCsvRecords } from '../../../src/formats/csv/parseCsv.ts';
import { readLedgerExport } from '../../../src/formats/ledgers/readLedgerExport.ts';
import { loadedMessage } from '../../../src/ui/credits/loadedMessage.ts';

// Issue 32 item 3: "every row is either read exactly as the spreadsheet shows it or named (file,
// row, column, why)". An unterminated quote made two rows one ("Loaded 3 rows" of 4); an unquoted
// European amount 1.234,5 was read as 1.234 credits.
const HEADER = 'Account Number,RIBITS Bank ID,Bank Name,Credit Type,Approval,Credits Available,Unit';
const listing = (lines: string[], eol = '\r\n') =>
  readCreditListing([HEADER, ...lines].join(eol) + eol, {
    file: 'listing.csv',
    asOf: '2026-05-01',
    today: '2026-12-07',
  });
const A = '1545,,Alpha Bank,Standard,WCA only,1.5,acres';
const C = '1547,,Gamma Bank,Standard,WCA only,3,acres';
const D = '1548,,Delta Bank,Standard,WCA only,4,acres';

describe('a credit listing row is read as the spreadsheet shows it, or refused by name', () => {
  it.each([
    [
      'an unterminated quote (it swallowed the next rows)',
      [A, '1546,,"Beta Bank,Standard,WCA only,2,acres', C, D],
      {
        good: ['Alpha Bank', 'Gamma Bank', 'Delta Bank'],
        refused: [[3, 'Bank Name', /a quote opened on row 3 is never closed/]],
      },
    ],
    [
      'more cells than the header (an unquoted decimal comma)',
      [A, '1546,,Beta Bank,Standard,WCA only,1.234,5,acres', C],
      {
        good: ['Alpha Bank', 'Gamma Bank'],
        refused: [[3, null, /8 cells where the header has 7 columns .*"acres".*1\.234,5/]],
      },
    ],
    [
      'a quote inside an unquoted cell',
      [A, '1546,,Beta "B" Bank,Standard,WCA only,2,acres'],
      {
        good: ['Alpha Bank'],
        refused: [[3, 'Bank Name', /a quote inside a cell that does not begin with one/]],
      },
    ],
    [
      'text after a closing quote',
      [A, '1546,,"Beta" Bank,Standard,WCA only,2,acres'],
      { good: ['Alpha Bank'], refused: [[3, 'Bank Name', /text after a closing quote/]] },
    ],
    [
      'a quoted cell holding a line break and the delimiter (two rows read as one)',
      [A, '1546,,"Beta Bank,Standard\r\n1547,Gamma",WCA only,3,acres'],
      {
        good: ['Alpha Bank'],
        refused: [[3, 'Bank Name', /holds a line break and commas: two rows may have been read as one/]],
      },
    ],
  ])('%s', (_what, lines, expected) => {
    const read = listing(lines);
    expect(read.rows.map((r) => r.bankName)).toEqual(expected.good);
    expect(read.bad.map((b) => [b.row, b.column])).toEqual(
      expected.refused.map(([row, column]) => [row, column]),
    );
    for (const [i, [, , message]] of expected.refused.entries())
      expect(read.bad[i]!.message).toMatch(message as RegExp);
  });

  it.each([
    ['a quoted comma', [A, '1546,,"Beta, Bank",Standard,WCA only,2,acres'], 'Beta, Bank'],
    ['a quoted doubled quote', [A, '1546,,"Beta ""B"" Bank",Standard,WCA only,2,acres'], 'Beta "B" Bank'],
    [
      'a quoted line break without a comma',
      [A, '1546,,"Beta\nBank",Standard,WCA only,2,acres'],
      'Beta\nBank',
    ],
    [
      'trailing empty cells (a spreadsheet export)',
      [A, '1546,,Beta Bank,Standard,WCA only,2,acres,,'],
      'Beta Bank',
    ],
  ])('%s is read as written', (_what, lines, name) => {
    const read = listing(lines);
    expect(read.bad).toEqual([]);
    expect(read.rows[1]!.bankName).toBe(name);
  });

  it('mixed line endings (\\r\\n, \\n, \\r in one edited file) end rows alike; none is merged', () => {
    const text = `${HEADER}\r\n${A}\n1546,,Beta Bank,Standard,WCA only,2,acres\r${C}\r\n`;
    const read = readCreditListing(text, { file: 'mixed.csv', asOf: '2026-05-01', today: '2026-12-07' });
    expect(read.bad).toEqual([]);
    expect(read.rows.map((r) => [r.row, r.bankName, r.available])).toEqual([
      [2, 'Alpha Bank', 1.5],
      [3, 'Beta Bank', 2],
      [4, 'Gamma Bank', 3],
    ]);
  });

  it('a ledger export refuses the same rows', () => {
    const ledger = readLedgerExport(
      [
        'RIBITS Bank ID,Bank Name,Transaction ID,Transaction Type,Jurisdiction,Transaction Date,Credits,Impact HUC',
        '101,"Alpha Bank,T1,Withdrawal,WCA,2024-05-01,1.5,07010206',
        '102,Beta Bank,T2,Withdrawal,WCA,2024-05-02,1.234,5,07010206',
      ].join('\n'),
      'ledger.csv',
    );
    expect(ledger.bad.map((b) => b.row)).toEqual([2, 3]);
  });
});

describe('the reader marks, it never merges', () => {
  it('an unclosed quote marks its own record and reads every later line as its own row', () => {
    expect(
      parseCsvRecords('a,b\n1,"x\n2,y\n3,z').map((r) => [r.row, r.cells, r.problem?.column ?? null]),
    ).toEqual([
      [1, ['a', 'b'], null],
      [2, ['1', 'x'], 2],
      [3, ['2', 'y'], null],
      [4, ['3', 'z'], null],
    ]);
  });
});

describe('the page says how many rows of how many it kept, and why the others were refused', () => {
  it('"Loaded N of M rows; K refused: …"', () => {
    const read = listing([A, '1546,,"Beta Bank,Standard,WCA only,2,acres', C, D]);
    expect(loadedMessage(read.file, read.rows.length, read.bad)).toBe(
      'Loaded 3 of 4 rows of listing.csv; 1 refused: row 3, column "Bank Name": a quote opened on row 3 is never closed: the rest of the file would be read as one cell.',
    );
    expect(loadedMessage('l.csv', 4, [])).toBe('Loaded 4 of 4 rows of l.csv.');
  });
});
