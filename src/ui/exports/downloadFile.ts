/**
 * The text a downloaded file holds: a CSV starts with a UTF-8 byte-order mark, which Excel needs to
 * read UTF-8 (without it "—" and "§" show as mojibake); other tools skip it (issue 33).
 */
export function fileText(type: string, text: string): string {
  return type.startsWith('text/csv') && !text.startsWith('\uFEFF') ? `\uFEFF${text}` : text;
}

/** Saves text as a file through a Blob URL and a[download] (the CSP allows blob:). */
export function downloadFile(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([fileText(type, text)], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; the download keeps its own reference.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export { dateStamp } from '../../formats/dateStamp';
