/** Saves text as a file through a Blob URL and a[download] (the CSP allows blob:). */
export function downloadFile(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
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
