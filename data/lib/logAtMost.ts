/** At most this many lines of one kind (unmatched rows, bad rows) are printed; the rest are counted. */
export const SHOWN_LINES = 20;

/**
 * Prints the first SHOWN_LINES of `lines`, then one line saying how many more there are and where
 * they are kept: a listing of 100,000 unmatched banks prints 21 lines, not 100,000.
 */
export function logAtMost(
  log: (line: string) => void,
  lines: readonly string[],
  more: (count: number) => string,
): void {
  for (const line of lines.slice(0, SHOWN_LINES)) log(line);
  if (lines.length > SHOWN_LINES) log(more(lines.length - SHOWN_LINES));
}
