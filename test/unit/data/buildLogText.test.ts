import { describe, expect, it } from 'vitest';
import { joinCreditListings } from '../../../data/lib/buildCreditListings.ts';
import { SHOWN_LINES } from '../../../data/lib/logAtMost.ts';
import { resolveBuildOptions } from '../../../data/lib/resolveBuildOptions.ts';
import { readCreditListing } from '../../../src/formats/credits/readCreditListing.ts';

// Issue 32 item 5: a listing's bank names reached the build's "unmatched" lines raw (ESC[2J clears
// a terminal, a quoted line break forges a log line), one line per row however many there were.
const HEADER = 'Account Number,RIBITS Bank ID,Bank Name,Credit Type,Approval,Credits Available,Unit';
const read = (rows: string[]) =>
  readCreditListing(`${[HEADER, ...rows].join('\r\n')}\r\n`, {
    file: 'hostile.csv',
    asOf: '2026-05-01',
    fileDate: '2026-05-01',
    today: '2026-12-07',
    notices: [],
  });

function logged(rows: string[]): string[] {
  const lines: string[] = [];
  // As `npm run data` prints: through the build's log, which splits nothing itself.
  const { log } = resolveBuildOptions({ SITING_DATA_MIRROR: 'none' }, (line) =>
    lines.push(...line.split('\n')),
  );
  joinCreditListings([read(rows)], [], '2026-12-07T00:00:00.000Z', log);
  return lines;
}

describe('the build prints what a listing says as text, and a bounded number of lines', () => {
  it.each([
    ['an escape sequence that clears the screen', '"\u001b[2JEIP Bank"'],
    ['colour codes', '"\u001b[31mRed\u001b[0m Bank"'],
    ['a quoted line break that forges a line', '"Fake Bank\nData build finished: official"'],
    ['a C1 control (CSI)', '"Bank\u009b2J"'],
  ])('%s: no control character reaches the terminal', (_what, name) => {
    const lines = logged([`1545,,${name},Standard,WCA only,1.5,acres`]);
    const unmatched = lines.filter((l) => l.startsWith('credits: unmatched'));
    expect(unmatched).toHaveLength(1);
    expect(unmatched[0]).toContain('\ufffd');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(lines.some((l) => l.startsWith('Data build finished'))).toBe(false);
  });

  it(`5,000 unmatched banks print ${SHOWN_LINES} lines and a count, not 5,000`, () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `${9000 + i},,Bank ${i},Standard,WCA only,1,acres`);
    const unmatched = logged(rows).filter(
      (l) => l.startsWith('credits: unmatched') || l.startsWith('credits: …'),
    );
    expect(unmatched).toHaveLength(SHOWN_LINES + 1);
    expect(unmatched.at(-1)).toBe(
      `credits: … and ${5000 - SHOWN_LINES} more unmatched rows, all kept in credits.json (unmatched) for review`,
    );
  });
});
