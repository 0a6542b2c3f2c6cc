/** Shown whenever any layer read is demonstration geography (data/SCHEMA.md). */
export const DEMONSTRATION_NOTICE = 'demonstration geography — not official';

/**
 * The one stderr line of a run that succeeded, or null: the demonstration notice and the rule
 * set's not-law notice (a bill), joined so stderr keeps to one line.
 */
export function stderrNotice(demonstration: boolean, rulesetNotice: string | null): string | null {
  const parts = [demonstration ? DEMONSTRATION_NOTICE : null, rulesetNotice].filter(
    (part): part is string => part !== null,
  );
  return parts.length === 0 ? null : `siting: ${parts.join('; ')}`;
}
