/**
 * The siting command line: `locate`, `rank`, `batch`, `flows` and `application` (see src/cli/README.md). Exit status 0
 * ok, 2 bad input, 3 missing or unreadable data; always one line on stderr, never a stack trace.
 */

import { printable } from '../formats/text/printable.ts';
import { ReadLayerError } from '../geo/readLayerError.ts';
import { applicationCommand } from './applicationCommand.ts';
import { batchCommand } from './batchCommand.ts';
import { DataError, UsageError } from './cliErrors.ts';
import { flowsCommand } from './flowsCommand.ts';
import { locateCommand } from './locateCommand.ts';
import { stderrNotice } from './notice.ts';
import { rankCommand } from './rankCommand.ts';

const USAGE =
  'usage: siting locate <lon> <lat> | rank <scenario.json> | batch <impacts.csv> --candidates <sites.csv|.geojson|.zip|.gpkg|.fgb> [--columns attr=COLUMN,…] | flows [--ledger FILE]… [--by major|bsa] [--from DATE] [--to DATE] | application <scenario.json> --bank ACCOUNT_OR_ID [--format json|csv]';

async function run(argv: readonly string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'locate' || command === 'rank') {
    const {
      output,
      demonstration,
      rulesetNotice = null,
    } = command === 'locate'
      ? { ...(await locateCommand(args)), rulesetNotice: null }
      : await rankCommand(args);
    const notice = stderrNotice(demonstration, rulesetNotice);
    if (notice !== null) process.stderr.write(`${notice}\n`);
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  }
  if (command === 'batch') {
    // process.stdout (a file, pipe or terminal) is done with a chunk once its write calls back
    // (--out writes a file instead: batchCommand).
    const result = await batchCommand(args, process.stdout, { reuseChunks: true });
    const { demonstration, rulesetNotice } = result;
    const notice = stderrNotice(demonstration, rulesetNotice);
    if (notice !== null) process.stderr.write(`${notice}\n`);
    return 0;
  }
  if (command === 'flows') {
    const { csv, notices, demonstration } = await flowsCommand(args);
    const notice = stderrNotice(demonstration, null);
    if (notice !== null) process.stderr.write(`${notice}\n`);
    // A ledger's text is the user's file: no control character of it reaches the terminal.
    for (const line of notices) process.stderr.write(`siting flows: ${terminalText(line)}\n`);
    process.stdout.write(csv);
    return 0;
  }
  if (command === 'application') {
    const { text, demonstration } = await applicationCommand(args);
    const notice = stderrNotice(demonstration, null);
    if (notice !== null) process.stderr.write(`${notice}\n`);
    process.stdout.write(text);
    return 0;
  }
  if (command === '--help' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  throw new UsageError(
    command === undefined ? `command: is missing (${USAGE})` : `${command}: unknown command (${USAGE})`,
  );
}

/** Text for a terminal: control characters (escape sequences, line breaks) shown as U+FFFD. */
const terminalText = printable;

function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return terminalText(text.replace(/\s*\n\s*/g, ' '));
}

/**
 * The reader closed the pipe (`siting batch … | head -1`): not an error of ours. As a Unix tool
 * killed by SIGPIPE, stop at once and quietly, with the status a shell reports for one (128 + 13).
 */
const CLOSED_PIPE_STATUS = 141;
function isClosedPipe(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error) => {
    if (isClosedPipe(error)) process.exit(CLOSED_PIPE_STATUS);
    throw error;
  });

// FlatGeobuf logs its R-tree search with console.debug, which node prints on stdout: silence it
// so stdout stays pure JSON or CSV.
console.debug = () => {};

run(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (isClosedPipe(error)) {
      process.exitCode = CLOSED_PIPE_STATUS;
    } else if (error instanceof UsageError) {
      process.stderr.write(`siting: ${oneLine(error)}\n`);
      process.exitCode = 2;
    } else if (error instanceof DataError || error instanceof ReadLayerError) {
      process.stderr.write(`siting: data: ${oneLine(error)}\n`);
      process.exitCode = 3;
    } else {
      process.stderr.write(`siting: internal error: ${oneLine(error)}\n`);
      process.exitCode = 1;
    }
  },
);
