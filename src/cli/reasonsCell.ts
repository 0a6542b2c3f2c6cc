import { csvCell } from './csv.ts';

/** The `reasons` cell of one expanded row: every cited reason, ` | ` between them, quoted once. */
export function reasonsCell(reasons: readonly { text: string; cite: string }[]): string {
  let text = '';
  for (let k = 0; k < reasons.length; k++) {
    const reason = reasons[k] as { text: string; cite: string };
    text += `${k === 0 ? '' : ' | '}${reason.text} [${reason.cite}]`;
  }
  return csvCell(text);
}
