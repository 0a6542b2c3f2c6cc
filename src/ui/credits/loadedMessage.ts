import type { BadCreditRow } from '../../formats/credits/creditTypes';

/** At most this many refused rows are spelled out in the message; the rest are counted. */
const SHOWN_REFUSED = 3;

/**
 * What the page says once a listing is kept: "Loaded N of M rows of FILE; K refused: …" with
 * the first refused rows' reasons (row, column, why), so a row merged, shifted or misread is
 * never gone without a word. M counts every data row read (good and refused, each once).
 */
export function loadedMessage(
  file: string,
  goodRows: number,
  leftOut: readonly BadCreditRow[],
  notices: readonly string[] = [],
): string {
  const byRow = new Map<number, BadCreditRow>();
  for (const bad of leftOut) if (!byRow.has(bad.row)) byRow.set(bad.row, bad);
  const refused = [...byRow.values()];
  const reasons = refused.slice(0, SHOWN_REFUSED).map((b) => b.message.replace(`${file}, `, ''));
  if (refused.length > SHOWN_REFUSED) reasons.push(`and ${refused.length - SHOWN_REFUSED} more`);
  const total = goodRows + refused.length;
  const head =
    refused.length === 0
      ? `Loaded ${goodRows} of ${total} rows of ${file}.`
      : `Loaded ${goodRows} of ${total} rows of ${file}; ${refused.length} refused: ${reasons.join('; ')}.`;
  return [head, ...notices].join(' ');
}
