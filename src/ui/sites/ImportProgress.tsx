/**
 * A sites import under way: a progress bar with counts (megabytes while the file is read,
 * sites while they are read from it) and a Cancel button. The text is a polite live region.
 */
import type { SitesImportProgress } from './importSitesFile';

const MB = 1024 * 1024;

function progressText(fileName: string, progress: SitesImportProgress | null): string {
  if (!progress) return `Starting to read ${fileName}…`;
  if (progress.stage === 'reading')
    return `Reading ${fileName}: ${(progress.done / MB).toFixed(1)} of ${(progress.total / MB).toFixed(1)} MB`;
  if (progress.stage === 'layers')
    return `Loading the watershed, bank service area and county layers to place the site outlines: ${progress.done} of ${progress.total}`;
  if (progress.stage === 'locating')
    return `Placing site outlines by area: ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`;
  return `Reading sites from ${fileName}: ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`;
}

export function ImportProgress({
  fileName,
  progress,
  onCancel,
}: {
  fileName: string;
  progress: SitesImportProgress | null;
  onCancel: () => void;
}) {
  const text = progressText(fileName, progress);
  return (
    <div className="sites-import-progress">
      <progress
        aria-label={`Importing sites from ${fileName}`}
        aria-valuetext={text}
        max={progress?.total || 1}
        value={progress?.done ?? 0}
      />
      <p className="hint" aria-live="polite">
        {text}
      </p>
      <button type="button" onClick={onCancel}>
        Cancel the import
      </button>
    </div>
  );
}
