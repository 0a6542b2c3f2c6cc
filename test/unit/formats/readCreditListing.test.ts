import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CreditFileError } from '../../../src/formats/credits/creditTypes.ts';
import { BWSR_LISTING_COLUMNS } from '../../../src/formats/credits/listingColumns.ts';
import { readCreditListing } from '../../../src/formats/credits/readCreditListing.ts';

// Invented figures, for tests only (names and accounts are real RIBITS names; no figure is).
const TEMPLATE = readFileSync(
  new URL('../../../data/templates/bwsr-credit-listing-template.csv', import.meta.url),
  'utf8',
);
const bwsr = (...rows: string[]) => `${TEMPLATE.trimEnd()}\r\n${rows.join('\r\n')}\r\n`;
const ROW_1545 =
  '1545,,EIP Mississippi I Mitigation Bank,Aitkin,Standard,A,Sedge meadow,Type 2,WCA only,"12,500",sq ft,$1.25,Pat Example 651-555-0100,2026-04-15';
const ROW_1545_404 =
  '1545,,EIP Mississippi I Mitigation Bank,Aitkin,Standard,A,Sedge meadow,Type 2,404 only,3000,sq ft,,,2026-04-15';
const ROW_T1729 = 'T1729,6076,EIP Mississippi I (MnDOT),Aitkin,Standard,,,,both,0.5,acres,,,';

const RIBITS_REPORT = [
  'Bank Name,Jurisdiction,Credit Classification,Credit Classification Type,Available Credits,Released Credits,Potential Credits',
  'MN - Wright - S9590-1795 - BWSR Stockholm Wetland Bank,Federal,Wetland,Wetland - Emergent,1.25,4,10',
  'MN - Wright - S9590-1795 - BWSR Stockholm Wetland Bank,State,Wetland,Wetland - Emergent,2.5,4,10',
  'MN - Wright - Buffalo Ridge,State,Upland,Buffer,0,,',
].join('\n');

describe('the BWSR listing template', () => {
  it('has exactly the columns the reader documents, in order', () => {
    expect(TEMPLATE.trimEnd().split(',')).toEqual(BWSR_LISTING_COLUMNS.map((c) => c.header));
  });

  it('reads as an empty listing', () => {
    expect(readCreditListing(TEMPLATE, { file: 'template.csv' })).toMatchObject({
      kind: 'bwsr-listing',
      rows: [],
      bad: [],
    });
  });
});

describe('readCreditListing: BWSR listing (template)', () => {
  it('reads a row: account with T kept, approval pool, amount with thousands separator, unit, price, contact, stated as-of', () => {
    const listing = readCreditListing(bwsr(ROW_1545, ROW_T1729), {
      file: 'bwsr.csv',
      asOf: '2026-05-01',
      fileDate: '2026-05-09',
    });
    expect(listing.bad).toEqual([]);
    expect(listing.rows).toEqual([
      expect.objectContaining({
        row: 2,
        kind: 'bwsr-listing',
        bwsrAccount: '1545',
        ribitsBankId: null,
        bankName: 'EIP Mississippi I Mitigation Bank',
        county: 'Aitkin',
        creditType: 'Standard',
        creditSubgroup: 'A',
        plantCommunity: 'Sedge meadow',
        circular39Type: 'Type 2',
        approval: 'wca-only',
        available: 12500,
        unit: 'square-feet',
        unitAsWritten: 'sq ft',
        pricePerCredit: 1.25,
        contact: 'Pat Example 651-555-0100',
        asOf: '2026-04-15',
        asOfFrom: 'file',
      }),
      expect.objectContaining({
        row: 3,
        bwsrAccount: 'T1729',
        ribitsBankId: 6076,
        approval: 'wca-and-404',
        available: 0.5,
        unit: 'acres',
        pricePerCredit: null,
        asOf: '2026-05-01',
        asOfFrom: 'user',
      }),
    ]);
  });

  it("dates a row the file does not date by the user's date, else the file's own date, saying which", () => {
    const noDate = bwsr(ROW_T1729);
    expect(
      readCreditListing(noDate, { file: 'a.csv', asOf: '2026-05-01', fileDate: '2026-05-09' }).rows[0],
    ).toMatchObject({ asOf: '2026-05-01', asOfFrom: 'user' });
    expect(readCreditListing(noDate, { file: 'a.csv', fileDate: '2026-05-09' }).rows[0]).toMatchObject({
      asOf: '2026-05-09',
      asOfFrom: 'file-date',
    });
    expect(readCreditListing(noDate, { file: 'a.csv' }).rows[0]).toMatchObject({
      asOf: null,
      asOfFrom: 'unknown',
    });
  });

  it('keeps WCA-only and 404-only credits of the same account and type as two rows, never one sum', () => {
    const rows = readCreditListing(bwsr(ROW_1545, ROW_1545_404), { file: 'bwsr.csv' }).rows;
    expect(rows.map((r) => [r.approval, r.available])).toEqual([
      ['wca-only', 12500],
      ['404-only', 3000],
    ]);
  });

  it('matches headers whatever their case, spacing and punctuation, and finds a header below a title line', () => {
    const text = [
      'Available Wetland Bank Credits Listing — transcribed 2026-05-01',
      'ACCOUNT_NUMBER,bank-name,credit type,APPROVAL,credits available,UNIT',
      '1545,EIP Mississippi I Mitigation Bank,Standard,WCA & 404,100,Square Feet',
    ].join('\n');
    const listing = readCreditListing(text, { file: 'odd.csv' });
    expect(listing).toMatchObject({ headerRow: 2, bad: [] });
    expect(listing.rows[0]).toMatchObject({
      row: 3,
      approval: 'wca-and-404',
      available: 100,
      unit: 'square-feet',
    });
    expect(listing.columns.available).toBe('credits available');
  });

  it.each([
    ['-5', 'Credits Available', '"-5" is negative'],
    ['lots', 'Credits Available', '"lots" is not a number'],
    ['', 'Credits Available', '"" is empty'],
    ['1.2.3', 'Credits Available', '"1.2.3" is not a number'],
  ])('refuses the amount %j naming file, row and column', (amount, column, message) => {
    const listing = readCreditListing(
      bwsr(
        ROW_T1729,
        `1545,,EIP Mississippi I Mitigation Bank,Aitkin,Standard,,,,WCA only,${amount},sq ft,,,`,
      ),
      {
        file: 'bwsr.csv',
      },
    );
    expect(listing.rows).toHaveLength(1); // the good row is returned apart
    expect(listing.bad).toEqual([
      {
        file: 'bwsr.csv',
        row: 3,
        column,
        value: amount,
        message: `bwsr.csv, row 3, column "${column}": ${message}`,
      },
    ]);
  });

  it.each([
    [
      'Unit',
      '1545,,B,,Standard,,,,WCA only,5,hectares,,,',
      '"hectares" is not a unit this reader knows (square feet, acres or credits)',
    ],
    [
      'Approval',
      '1545,,B,,Standard,,,,federal maybe,5,acres,,,',
      '"federal maybe" is not WCA only, 404 only or both',
    ],
    [
      'Account Number',
      'S5616,,B,,Standard,,,,WCA only,5,acres,,,',
      '"S5616" is a BWSR site number, not an account (one site holds several accounts)',
    ],
    ['Price per Credit', '1545,,B,,Standard,,,,WCA only,5,acres,-2,,', '"-2" is negative'],
    [
      'As Of Date',
      '1545,,B,,Standard,,,,WCA only,5,acres,,,13/45/2026',
      '"13/45/2026" is not a calendar date',
    ],
    ['RIBITS Bank ID', '1545,x12,B,,Standard,,,,WCA only,5,acres,,,', '"x12" is not a RIBITS bank id'],
  ])('refuses a bad %s cell, naming file, row and column', (column, row, message) => {
    const listing = readCreditListing(bwsr(row), { file: 'bwsr.csv' });
    expect(listing.rows).toEqual([]);
    expect(listing.bad.map((b) => b.message)).toEqual([`bwsr.csv, row 2, column "${column}": ${message}`]);
  });

  it('refuses a duplicated row, keeping the first and naming both rows', () => {
    const listing = readCreditListing(bwsr(ROW_1545, ROW_T1729, ROW_1545), { file: 'bwsr.csv' });
    expect(listing.rows.map((r) => r.row)).toEqual([2, 3]);
    expect(listing.bad).toEqual([
      expect.objectContaining({
        row: 4,
        column: null,
        message:
          'bwsr.csv, row 4: duplicates row 2 (same bank, approval, credit type, subgroup and plant community)',
      }),
    ]);
  });

  it('counts rows as a spreadsheet does (blank lines and quoted line breaks included)', () => {
    const text = bwsr(
      ROW_T1729,
      '',
      '"1545",,"EIP Mississippi I\nMitigation Bank",Aitkin,Standard,,,,WCA only,x,sq ft,,,',
    );
    expect(readCreditListing(text, { file: 'b.csv' }).bad[0]?.row).toBe(4);
  });

  it('refuses a file without a required column, naming file, row and column', () => {
    const text = 'Account Number,Bank Name,Credit Type,Approval,Unit\n1545,EIP,Standard,WCA only,sq ft\n';
    const read = () => readCreditListing(text, { file: 'short.csv' });
    expect(read).toThrow(CreditFileError);
    expect(read).toThrow(
      'short.csv, row 1: no "Credits Available" column for a BWSR credit listing (the template); columns found: "Account Number", "Bank Name", "Credit Type", "Approval", "Unit"',
    );
    try {
      read();
    } catch (error) {
      expect(error).toMatchObject({ file: 'short.csv', row: 1, column: 'Credits Available' });
    }
  });

  it('refuses a column given twice and an empty file', () => {
    expect(() => readCreditListing(`${TEMPLATE.trimEnd()},Credits\n`, { file: 't.csv' })).toThrow(
      't.csv, row 1: the Credits Available column appears twice ("Credits Available" and "Credits")',
    );
    expect(() => readCreditListing('\n\n', { file: 'e.csv' })).toThrow('e.csv: the file is empty');
  });
});

describe('readCreditListing: RIBITS Credit Classification report', () => {
  it('reads one row per bank × classification × jurisdiction, with released and potential credits', () => {
    const listing = readCreditListing(RIBITS_REPORT, {
      file: 'Credit_Classification_Report.csv',
      fileDate: '2026-05-02',
    });
    expect(listing).toMatchObject({ kind: 'ribits-credit-classification', bad: [] });
    expect(
      listing.rows.map((r) => [
        r.jurisdiction,
        r.creditClassification,
        r.creditType,
        r.available,
        r.released,
        r.potential,
      ]),
    ).toEqual([
      ['Federal', 'Wetland', 'Wetland - Emergent', 1.25, 4, 10],
      ['State', 'Wetland', 'Wetland - Emergent', 2.5, 4, 10],
      ['State', 'Upland', 'Buffer', 0, null, null],
    ]);
    expect(listing.rows[0]).toMatchObject({
      approval: null,
      unit: 'credits',
      unitAsWritten: null,
      asOf: '2026-05-02',
      asOfFrom: 'file-date',
    });
  });

  it('matches the snake_case headers RIBITSr writes after clean_names', () => {
    const text = RIBITS_REPORT.replace(
      /^.*\n/,
      'bank_name,jurisdiction,credit_classification,credit_classification_type,available_credits,released_credits,potential_credits\n',
    );
    expect(readCreditListing(text, { file: 'r.csv' }).rows).toHaveLength(3);
  });

  it('refuses a report row with a negative amount, naming the column as the report writes it', () => {
    const listing = readCreditListing(
      `${RIBITS_REPORT}\nMN - Wright - Buffalo Ridge,Federal,Upland,Buffer,-1,,`,
      { file: 'r.csv' },
    );
    expect(listing.bad.map((b) => b.message)).toEqual([
      'r.csv, row 5, column "Available Credits": "-1" is negative',
    ]);
  });
});
