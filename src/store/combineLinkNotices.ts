/**
 * A damaged link used to raise one notice per bad parameter (five for a mangled link); one
 * notice listing them all reads better and is dismissed once.
 */
const IGNORED = /^Ignored the link's "(.*)" parameter: (.+)\.$/s;

export function combineLinkNotices(notices: readonly string[]): string[] {
  const ignored = notices.map((notice) => IGNORED.exec(notice));
  if (ignored.filter(Boolean).length < 2) return [...notices];
  const parts = ignored.flatMap((match) => (match ? [`"${match[1]}" (${match[2]})`] : []));
  const others = notices.filter((_, index) => !ignored[index]);
  return [`Ignored ${parts.length} of the link's parameters: ${parts.join('; ')}.`, ...others];
}
