import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CreditInputError, readCreditListingFiles } from '../../../data/lib/buildCreditListings.ts';
import { CreditFileError } from '../../../src/formats/credits/creditTypes.ts';
import { readCreditListing } from '../../../src/formats/credits/readCreditListing.ts';
import { decodeText } from '../../../src/formats/text/decodeText.ts';

// Issue 32 item 4: a Windows "ANSI" listing, as-of dates in the future, a zero in square feet.
const HEADER =
  'Account Number,RIBITS Bank ID,Bank Name,Credit Type,Approval,Credits Available,Unit,As Of Date';
const work = mkdtempSync(join(tmpdir(), 'siting-listing-encoding-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Windows-1252 bytes of an ASCII text with one ü (0xFC): not valid UTF-8. */
function ansi(text: string): Uint8Array {
  return Uint8Array.from([...text].map((ch) => (ch === 'ü' ? 0xfc : ch.charCodeAt(0))));
}

describe('decodeText: a listing in the encoding it was saved in', () => {
  it.each([
    ['Windows-1252 ("ANSI")', ansi('Müller Bank'), 'windows-1252', 'Müller Bank'],
    ['UTF-8 without a mark', new TextEncoder().encode('Müller Bank'), 'utf-8', 'Müller Bank'],
    ['UTF-8 with a byte-order mark', Uint8Array.from([0xef, 0xbb, 0xbf, 0x4d, 0xc3, 0xbc]), 'utf-8', 'Mü'],
    ['UTF-16 little-endian with its mark', Uint8Array.from([0xff, 0xfe, 0x4d, 0, 0xfc, 0]), 'utf-16le', 'Mü'],
  ] as const)('%s', (_name, bytes, encoding, text) => {
    const decoded = decodeText(bytes);
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.text).toBe(text);
    expect(decoded.text).not.toContain('\uFFFD');
  });
});

describe('the build reads a Windows-1252 listing and says so', () => {
  it('Müller stays Müller (not M\uFFFDller), and the log names the encoding', () => {
    const path = join(work, 'ansi.csv');
    writeFileSync(
      path,
      ansi(`${HEADER}\r\n1545,,Müller Wetland Bank,Standard,WCA only,2,acres,2026-04-15\r\n`),
    );
    const lines: string[] = [];
    const [listing] = readCreditListingFiles(
      { files: [{ path, bytes: 0, mtime: '2026-05-09T10:00:00.000Z' }], asOf: null, skipBadRows: false },
      (line) => lines.push(line),
    );
    expect(listing?.rows[0]?.bankName).toBe('Müller Wetland Bank');
    expect(lines.join('\n')).toContain('ansi.csv is not UTF-8: read as Windows-1252');
    expect(listing?.notices?.[0]).toContain('Windows-1252');
  });
});

describe('an as-of date after today is refused: it would never be marked stale', () => {
  const row = (date: string) => `${HEADER}\n1545,,EIP Bank,Standard,WCA only,2,acres,${date}\n`;
  it.each([
    ['a cell dated 2099-01-01', row('2099-01-01'), 1],
    ['a cell dated today', row('2026-12-06'), 0],
    ['a cell dated yesterday', row('2026-12-05'), 0],
  ] as const)('%s: %s bad row(s)', (_name, text, bad) => {
    const listing = readCreditListing(text, { file: 'l.csv', today: '2026-12-06' });
    expect(listing.bad.length).toBe(bad);
    if (bad > 0) expect(listing.bad[0]?.message).toContain('is after today (2026-12-06)');
  });

  it('--as-of 2099-01-01 is refused naming the date and today', () => {
    expect(() =>
      readCreditListing(row(''), { file: 'l.csv', asOf: '2099-01-01', today: '2026-12-06' }),
    ).toThrow(CreditFileError);
    expect(() =>
      readCreditListing(row(''), { file: 'l.csv', asOf: '2099-01-01', today: '2026-12-06' }),
    ).toThrow(/2099-01-01, is after today \(2026-12-06\)/);
  });

  it('the build refuses --as-of in the future against the machine date (exit 2)', () => {
    const path = join(work, 'future.csv');
    writeFileSync(path, row(''));
    const failure = (() => {
      try {
        readCreditListingFiles(
          {
            files: [{ path, bytes: 0, mtime: '2026-05-09T10:00:00.000Z' }],
            asOf: '2999-01-01',
            skipBadRows: false,
          },
          () => {},
        );
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(failure).toBeInstanceOf(CreditInputError);
    expect((failure as Error).message).toContain('is after today');
  });
});
