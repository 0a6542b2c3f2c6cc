import { describe, expect, it } from 'vitest';
import { joinLedgerExports, parseLedgerExportsFile } from '../../../src/formats/ledgers/ledgerExportsFile.ts';
import { LedgerFileError } from '../../../src/formats/ledgers/ledgerTypes.ts';
import { MAX_LEDGER_CHARS, readLedgerExport } from '../../../src/formats/ledgers/readLedgerExport.ts';

// Invented transactions in the two RIBITS export shapes of ../shared/data/RIBITS-LEDGERS.md
// (bank names are real RIBITS names; no figure is).
const STOCKHOLM = 'MN - Wright - S9590-1795 - BWSR Stockholm Wetland Bank';
// "Ledger Transactions": name, type, credits, credit_action, permit_list, permittee, … (RIBITSr's
// registry), with the jurisdiction, date and impact columns the accounting needs.
const LEDGER_TRANSACTIONS = [
  'Name,Type,Credits,Credit Action,Permit List,Permittee,Parent Transaction ID,Sub Ledger ID,Permit Auth Date,Comment,Jurisdiction,Transaction Date,Impact HUC List',
  `${STOCKHOLM},Wetland,1.25,Withdrawal,MVP-2021-00001,Example County,,,04/01/2021,,State,05/01/2021,07010206`,
  `${STOCKHOLM},Wetland,10,Release,,,,,,First release,State,06/01/2019,`,
  `${STOCKHOLM},Wetland,-0.5,Withdrawal,,,,,,,Federal,07/15/2022 12:00:00 AM,"070102060101; 07010206"`,
  `${STOCKHOLM},Wetland,0.75,Withdrawal,,,,,,,State,,`,
].join('\r\n');
// "Transactions by Watershed": raw headers Name, Bank ID, State List, plus impact_huc, credits, transaction_date, …
const BY_WATERSHED = [
  'Name,Bank ID,State List,IMPACT_HUC,CREDITS,TRANSACTION_DATE,PERMITTEE,IS_ILF,TRANSACTION_TYPE,JURISDICTION,TRANSACTION_ID',
  `${STOCKHOLM},6076,MN,07010206,2,03/02/2020,Example City,No,Withdraw,State,11`,
  ',6077,MN,09020102,1.5,03/03/2020,,No,Withdrawal,State,12',
].join('\n');

describe('readLedgerExport: the two RIBITS shapes', () => {
  it('reads "Ledger Transactions", the kind from Credit Action (Type is passed over and said so)', () => {
    const ledger = readLedgerExport(LEDGER_TRANSACTIONS, 'ledger.csv');
    expect(ledger.bad).toEqual([]);
    expect(ledger.columns).toMatchObject({
      bankName: 'Name',
      transactionType: 'Credit Action',
      impactHuc: 'Impact HUC List',
      transactionDate: 'Transaction Date',
    });
    expect(ledger.notes.join(' ')).toContain('also present: "Type"');
    expect(
      ledger.rows.map((r) => [
        r.row,
        r.transactionType,
        r.jurisdiction,
        r.transactionDate,
        r.credits,
        r.impactHucs,
      ]),
    ).toEqual([
      [2, 'Withdrawal', 'State', '2021-05-01', 1.25, ['07010206']],
      [3, 'Release', 'State', '2019-06-01', 10, []],
      [4, 'Withdrawal', 'Federal', '2022-07-15', -0.5, ['070102060101', '07010206']],
      [5, 'Withdrawal', 'State', null, 0.75, []],
    ]);
  });

  it('reads "Transactions by Watershed" with upper-case, underscored headers and a bank by id only', () => {
    const ledger = readLedgerExport(BY_WATERSHED, 'by-watershed.csv');
    expect(ledger.bad).toEqual([]);
    expect(ledger.rows.map((r) => [r.bankName, r.ribitsBankId, r.transactionId, r.transactionType])).toEqual([
      [STOCKHOLM, 6076, '11', 'Withdraw'],
      ['', 6077, '12', 'Withdrawal'],
    ]);
  });

  it('matches headers whatever their case, spaces or underscores', () => {
    const text =
      'bank_name , TRANSACTION type,jurisdiction,Transaction_Date,credits,impact huc\nA,Withdrawal,State,1/2/2020,1,07010206';
    expect(readLedgerExport(text, 'x.csv').rows).toHaveLength(1);
  });
});

describe('readLedgerExport: bad rows named by file, row and column; nothing lost', () => {
  const header = 'Bank Name,Transaction Type,Jurisdiction,Transaction Date,Credits,Impact HUC';
  it.each([
    [
      'a credit amount that is not a number',
      'A,Withdrawal,State,01/02/2020,lots,07010206',
      'Credits',
      '"lots" is not a number',
    ],
    ['an empty credit amount', 'A,Withdrawal,State,01/02/2020,,07010206', 'Credits', 'is empty'],
    ['an impossible date', 'A,Withdrawal,State,02/30/2020,1,07010206', 'Transaction Date', 'is not a date'],
    [
      'a HUC of 7 digits (a dropped 0)',
      'A,Withdrawal,State,01/02/2020,1,7010206',
      'Impact HUC',
      'has 7 digits',
    ],
    ['a HUC that is not digits', 'A,Withdrawal,State,01/02/2020,1,Rum River', 'Impact HUC', 'is not a HUC'],
    ['an empty type', 'A,,State,01/02/2020,1,07010206', 'Transaction Type', 'is empty'],
    ['an empty jurisdiction', 'A,Withdrawal,,01/02/2020,1,07010206', 'Jurisdiction', 'is empty'],
    ['no bank', ',Withdrawal,State,01/02/2020,1,07010206', 'Bank Name', 'no bank is named'],
  ])('%s', (_what, line, column, message) => {
    const ledger = readLedgerExport(
      `${header}\nGood,Withdrawal,State,01/02/2020,1,07010206\n${line}`,
      'bad.csv',
    );
    expect(ledger.rows.map((r) => r.bankName)).toEqual(['Good']);
    expect(ledger.bad).toHaveLength(1);
    expect(ledger.bad[0]).toMatchObject({ file: 'bad.csv', row: 3, column });
    expect(ledger.bad[0]!.message).toContain(`bad.csv, row 3, column "${column}"`);
    expect(ledger.bad[0]!.message).toContain(message);
  });

  it('refuses a repeated transaction id of the same bank, naming the first row', () => {
    const text = `${header},Transaction ID\nA,Withdrawal,State,01/02/2020,1,07010206,7\nA,Withdrawal,State,01/02/2020,1,07010206,7`;
    const ledger = readLedgerExport(text, 't.csv');
    expect(ledger.rows).toHaveLength(1);
    expect(ledger.bad[0]!.message).toBe('t.csv, row 3: transaction 7 of the same bank is already on row 2');
  });

  it('names every missing column and the columns it found', () => {
    try {
      readLedgerExport('Name,Type,Credits\nA,Withdrawal,1', 'short.csv');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LedgerFileError);
      expect((error as Error).message).toBe(
        'short.csv, row 1: no "Jurisdiction" column (also missing: "Transaction Date", "Impact HUC") for a RIBITS ledger export ("Ledger Transactions" or "Transactions by Watershed"); columns found: "Name", "Type", "Credits"',
      );
    }
  });

  it('refuses a header twice, an empty file and one past the size cap', () => {
    expect(() => readLedgerExport(`${header},credits\n`, 'twice.csv')).toThrow(
      /the Credits column appears twice/,
    );
    expect(() => readLedgerExport('', 'empty.csv')).toThrow('empty.csv: the file is empty');
    expect(() => readLedgerExport('x'.repeat(MAX_LEDGER_CHARS + 1), 'big.csv')).toThrow(
      /more than a ledger export holds/,
    );
  });

  it('keeps a hostile cell as text', () => {
    const ledger = readLedgerExport(
      `${header}\n"<img src=x onerror=alert(1)>",Withdrawal,State,01/02/2020,1,07010206`,
      'h.csv',
    );
    expect(ledger.rows[0]!.bankName).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('joinLedgerExports: rows join to banks as credit listings do', () => {
  const banks = [
    {
      siteId: 'ribits-6076',
      ribitsBankId: 6076,
      bwsrAccount: '1795',
      name: STOCKHOLM,
      shortName: 'BWSR Stockholm Wetland Bank',
    },
    {
      siteId: 'ribits-9',
      ribitsBankId: null,
      bwsrAccount: '1545',
      name: 'MN - Aitkin - S1-1545 - EIP Mississippi I',
      shortName: 'EIP Mississippi I',
    },
  ];
  it('joins by id, then account from the RIBITS name, then name; keeps and reports the rest', () => {
    const text = [
      'Name,Bank ID,Transaction Type,Jurisdiction,Transaction Date,Credits,Impact HUC',
      ',6076,Withdrawal,State,01/02/2020,1,07010206',
      'MN - Aitkin - S1-1545 - renamed,,Withdrawal,State,01/02/2020,1,07010206',
      'eip mississippi i,,Withdrawal,State,01/02/2020,1,07010206',
      'Nowhere Bank,,Withdrawal,State,01/02/2020,1,07010206',
    ].join('\n');
    const file = joinLedgerExports(
      [{ ledger: readLedgerExport(text, 'j.csv'), asOf: '2026-01-01' }],
      banks,
      'now',
    );
    expect(file.transactions.map((t) => [t.siteId, t.matchedBy])).toEqual([
      ['ribits-6076', 'ribits-bank-id'],
      ['ribits-9', 'bwsr-account'],
      ['ribits-9', 'normalised-name'],
      [null, null],
    ]);
    expect(file.transactions[3]!.unmatchedReason).toBe('no bank has the name "Nowhere Bank"');
    expect(file.exports[0]).toMatchObject({
      goodRows: 4,
      matchedRows: 3,
      unmatchedRows: 1,
      asOf: '2026-01-01',
    });
    expect(parseLedgerExportsFile(JSON.parse(JSON.stringify(file)))).toEqual(file);
  });
});
