/** Shown whenever any layer read is demonstration geography (data/SCHEMA.md). */
export const DEMONSTRATION_NOTICE = 'demonstration geography — not official';
