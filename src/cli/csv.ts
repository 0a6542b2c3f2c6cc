import { UsageError } from './cliErrors.ts';

/** One CSV record with the line it started on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Splits CSV lines (RFC 4180: commas, double quotes, "" for a quote, newlines inside quotes)
 * into records, one at a time, so a large file streams.
 * @throws UsageError for an unterminated quote.
 */
export async function* csvRecords(lines: AsyncIterable<string>, fileName: string): AsyncGenerator<CsvRecord> {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let startLine = 0;
  let lineNumber = 0;
  for await (const raw of lines) {
    lineNumber += 1;
    const line = lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (!quoted) startLine = lineNumber;
    else field += '\n';
    for (let index = 0; index < line.length; index += 1) {
      const char = line[index];
      if (quoted) {
        if (char === '"' && line[index + 1] === '"') {
          field += '"';
          index += 1;
        } else if (char === '"') quoted = false;
        else field += char;
      } else if (char === '"' && field === '') quoted = true;
      else if (char === ',') {
        fields.push(field);
        field = '';
      } else if (char !== '\r' || index !== line.length - 1) field += char;
    }
    if (quoted) continue;
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) yield { line: startLine, fields };
    fields = [];
    field = '';
  }
  if (quoted) throw new UsageError(`${fileName} line ${startLine}: unterminated quoted field`);
}

// One rule for every CSV the project writes, the page's exports and the CLI's batch alike.
export { csvCell } from '../formats/csv/csvCell.ts';
