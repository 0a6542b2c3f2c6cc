import type { Cell } from '../credits/creditCells.ts';
import { parseAmount } from '../credits/creditCells.ts';

const ok = <T>(value: T): Cell<T> => ({ ok: true, value });
const bad = <T>(message: string): Cell<T> => ({ ok: false, message });

/**
 * An impact's HUCs: one or several (RIBITS's `impact_huc_list`), separated by commas, semicolons
 * or spaces, each 8 or 12 digits (a HUC12 lies in the HUC8 of its first 8 digits). Empty gives
 * an empty list (the caller reports the withdrawal). A 7- or 11-digit code is refused, not
 * padded: it is most likely a HUC whose leading 0 a spreadsheet dropped, but that is a guess.
 */
export function parseImpactHucs(raw: string): Cell<string[]> {
  const parts = raw
    .trim()
    .split(/[\s,;]+/)
    .filter((p) => p !== '');
  const hucs: string[] = [];
  for (const part of parts) {
    if (/^\d{7}$|^\d{11}$/.test(part))
      return bad(
        `has ${part.length} digits: a HUC has 8 or 12 (a leading 0 dropped by a spreadsheet? write the HUC as text)`,
      );
    if (!/^\d{8}$|^\d{12}$/.test(part)) return bad('is not a HUC of 8 or 12 digits');
    if (!hucs.includes(part)) hucs.push(part);
  }
  return ok(hucs);
}

/**
 * A ledger's credit amount: `1.25`, `1,234.5`, and signed (`-1.25`, `(1.25)`), since RIBITS's
 * sign convention for withdrawals is unverified; the sign is kept and readers use the magnitude.
 * Empty or anything else is refused.
 */
export function parseLedgerCredits(raw: string): Cell<number> {
  const text = raw.trim();
  const negative = /^[-−]/.test(text) || /^\(.*\)$/.test(text);
  const unsigned = text.replace(/^[-−]\s*/, '').replace(/^\((.*)\)$/, '$1');
  const amount = parseAmount(unsigned);
  if (!amount.ok) return amount;
  return ok(negative && amount.value !== 0 ? -amount.value : amount.value);
}
