import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { buildCreditsFile, type CreditsFile } from '../../src/formats/credits/creditsFile.ts';
import { CreditFileError, type CreditListing } from '../../src/formats/credits/creditTypes.ts';
import { type BankIdentity, joinCreditRows } from '../../src/formats/credits/joinCreditRows.ts';
import { readCreditListing } from '../../src/formats/credits/readCreditListing.ts';
import { dateStamp } from '../../src/formats/dateStamp.ts';
import { PipelineError } from '../../src/formats/PipelineError.ts';
import { type DecodedText, decodeText, encodingNotice } from '../../src/formats/text/decodeText.ts';
import { printable } from '../../src/formats/text/printable.ts';
import { logAtMost } from './logAtMost.ts';
import type { CreditSpec } from './storedCredits.ts';

/**
 * A credit listing the build cannot use as given (a missing column, bad rows without
 * `--skip-bad-rows`): the user's input, not a source, so `npm run data` exits 2.
 */
export class CreditInputError extends PipelineError {
  override name = 'CreditInputError';
  readonly exitCode = 2;
}

/** At most this many bad rows are spelled out in the message; the rest are counted. */
const SHOWN_BAD_ROWS = 20;

/**
 * Reads the listings given with `--credits` — first thing in a build, so a bad file is refused
 * at once. A file that cannot be read, or bad rows when the user did not pass `--skip-bad-rows`,
 * refuse the build with every problem named by file, row and column; with `--skip-bad-rows` the
 * good rows are kept and the skipped ones printed (and recorded in credits.json).
 * @throws CreditInputError (exit 2)
 */
export function readCreditListingFiles(spec: CreditSpec, log: (line: string) => void): CreditListing[] {
  const listings: CreditListing[] = spec.files.map((f) => {
    let decoded: DecodedText;
    try {
      decoded = decodeText(readFileSync(f.path));
    } catch (error) {
      throw new CreditInputError(`--credits ${f.path}: cannot read the file (${(error as Error).message})`);
    }
    try {
      const file = basename(f.path);
      const notice = encodingNotice(file, decoded);
      if (notice !== null) log(`credits: ${notice}`);
      return readCreditListing(decoded.text, {
        file,
        asOf: spec.asOf,
        fileDate: f.mtime.slice(0, 10),
        today: dateStamp(),
        notices: notice === null ? [] : [notice],
      });
    } catch (error) {
      if (error instanceof CreditFileError) throw new CreditInputError(`--credits: ${error.message}`);
      throw error;
    }
  });
  // A listing with no usable row (header only, or every row bad) would replace good figures with
  // none: refused, whatever --skip-bad-rows says, so the earlier credits.json stays as it was.
  const empty = listings.filter((l) => l.rows.length === 0);
  if (empty.length > 0)
    throw new CreditInputError(
      `Credit listings: ${empty
        .map(
          (l) =>
            `${l.file} has no usable row (${l.bad.length === 0 ? 'no rows under its header' : `all ${new Set(l.bad.map((b) => b.row)).size} rows are bad`})`,
        )
        .join(
          '; ',
        )}; nothing was built and the earlier credits.json is unchanged.${spec.skipBadRows ? ' --skip-bad-rows never builds from nothing.' : ''}`,
    );
  const bad = listings.flatMap((l) => l.bad);
  if (bad.length > 0) {
    const lines = bad.slice(0, SHOWN_BAD_ROWS).map((b) => `  ${printable(b.message)}`);
    if (bad.length > SHOWN_BAD_ROWS) lines.push(`  … and ${bad.length - SHOWN_BAD_ROWS} more`);
    const rows = new Set(bad.map((b) => `${b.file}:${b.row}`)).size;
    if (!spec.skipBadRows)
      throw new CreditInputError(
        `Credit listings: ${rows} bad row${rows === 1 ? '' : 's'}; nothing was built. Correct the file, or run again with --skip-bad-rows to build from the good rows only.\n${lines.join('\n')}`,
      );
    log(`credits: skipping ${rows} bad row${rows === 1 ? '' : 's'} (--skip-bad-rows):`);
    for (const line of lines) log(line);
  }
  return listings;
}

const FROM_WORDS = {
  file: 'stated in the file',
  user: 'given with --as-of',
  'file-date': "the file's own date",
  unknown: 'unknown',
} as const;

/**
 * Joins the listings' rows to the built banks into credits.json's shape, printing per listing
 * how many rows matched and each row that matched no bank (those never fail the build: they are
 * kept in credits.json for review).
 */
export function joinCreditListings(
  listings: readonly CreditListing[],
  banks: readonly BankIdentity[],
  generatedAt: string,
  log: (line: string) => void,
): CreditsFile {
  const joined = joinCreditRows(
    listings.flatMap((l) => l.rows),
    banks,
  );
  const file = buildCreditsFile(listings, joined, generatedAt);
  for (const listing of file.listings)
    log(
      `credits: ${listing.file} (${listing.kind === 'bwsr-listing' ? 'BWSR listing' : 'RIBITS Credit Classification'}): ${listing.matchedRows} of ${listing.goodRows} rows matched to banks, as of ${listing.asOf
        .map((a) => `${a.date ?? 'unknown'} (${FROM_WORDS[a.from]})`)
        .join(', ')}`,
    );
  // A bank name is the file's text: printed with its control characters shown, never obeyed.
  logAtMost(
    log,
    file.unmatched.map(
      (u) => `credits: unmatched — ${printable(u.file)}, row ${u.row}: ${printable(u.reason)}`,
    ),
    (n) =>
      `credits: … and ${n} more unmatched row${n === 1 ? '' : 's'}, all kept in credits.json (unmatched) for review`,
  );
  return file;
}
