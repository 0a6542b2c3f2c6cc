/**
 * Reads a credit listing off the page's main thread (issue 21): the src/formats reader, with the
 * column names the user mapped in the dialog written into the header first.
 */

import { CreditFileError } from '../../formats/credits/creditTypes';
import { readCreditListing } from '../../formats/credits/readCreditListing';
import { parseCsv } from '../../formats/csv/parseCsv';
import { renameHeaders } from './renameHeaders';

export interface ListingRequest {
  text: string;
  file: string;
  asOf: string | null;
  fileDate: string | null;
  /** Header as written → the template's header, from the column-mapping dialog. */
  rename?: Record<string, string>;
  /** What decoding the file said (its encoding when not UTF-8). */
  notices?: string[];
  /** Today (ISO): an as-of date after it is refused. */
  today?: string | null;
}

export type ListingAnswer =
  | { kind: 'progress'; message: string }
  | { kind: 'done'; listing: ReturnType<typeof readCreditListing> }
  | {
      kind: 'error';
      message: string;
      row: number | null;
      column: string | null;
      /** The file's first row's cells, for the column-mapping dialog. */
      headers: string[];
    };

self.onmessage = (event: MessageEvent<ListingRequest>) => {
  const { text, file, asOf, fileDate, rename, notices, today } = event.data;
  const post = (answer: ListingAnswer) => self.postMessage(answer);
  try {
    post({ kind: 'progress', message: `Reading ${file}…` });
    const source = rename && Object.keys(rename).length > 0 ? renameHeaders(text, rename) : text;
    const listing = readCreditListing(source, { file, asOf, fileDate, notices, today });
    post({ kind: 'progress', message: `Read ${listing.rows.length + listing.bad.length} rows of ${file}.` });
    post({ kind: 'done', listing });
  } catch (error) {
    let headers: string[] = [];
    try {
      headers = parseCsv(text.slice(0, 100_000))[0] ?? [];
    } catch {
      // Not even a CSV row: the message says why.
    }
    post({
      kind: 'error',
      message: error instanceof Error ? error.message : String(error),
      row: error instanceof CreditFileError ? error.row : null,
      column: error instanceof CreditFileError ? error.column : null,
      headers,
    });
  }
};
