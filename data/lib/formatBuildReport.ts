import type { Manifest } from '../../src/formats/manifest.ts';
import { type BuiltManifest, DEMONSTRATION_NOTICE } from './runPipeline.ts';

const size = (bytes: number): string =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;

/**
 * The lines `npm run data` prints: one per layer, then the demonstration notice in capitals
 * when any layer is invented, so nobody mistakes the output for official geography.
 */
export function formatBuildReport(
  manifest: Manifest | BuiltManifest,
  outDir: string,
  seconds: number,
): string[] {
  const lines = [
    `Built ${Object.keys(manifest.layers).length} layers into ${outDir} in ${seconds.toFixed(1)} s:`,
  ];
  for (const [name, layer] of Object.entries(manifest.layers)) {
    const kind = layer.demonstration ? 'DEMONSTRATION' : layer.official ? 'official' : 'reference';
    lines.push(
      `  ${name.padEnd(17)} ${String(layer.featureCount).padStart(5)} features ${size(layer.bytes).padStart(8)}  ${kind.padEnd(13)} ${layer.source}`,
    );
  }
  const { banks, credits, ledgerExports } = manifest as BuiltManifest;
  if (banks)
    lines.push(
      `  banks.json: ${banks.count} bank records (${banks.onMap} on the map), ${
        banks.source === 'ribits-refresh'
          ? `RIBITS as of ${banks.asOf}`
          : `RIBITS snapshot, as of ${banks.asOf}`
      }${banks.refreshFailure ? ` — LAST GOOD REFRESH KEPT; the refresh of ${banks.refreshFailure.at.slice(0, 10)} failed` : ''}`,
    );
  if (credits)
    lines.push(
      `  credits.json: ${credits.pools} credit pools for ${credits.banks} banks from ${credits.listings.length} listing${credits.listings.length === 1 ? '' : 's'}${
        credits.unmatchedRows > 0 ? `; ${credits.unmatchedRows} rows matched no bank (named above)` : ''
      }${credits.skippedBadRows > 0 ? `; ${credits.skippedBadRows} bad rows skipped` : ''}`,
    );
  else if (banks)
    lines.push(
      '  credits: none loaded — no credit figure for any bank (npm run data -- --credits <listing.csv>)',
    );
  if (ledgerExports)
    lines.push(
      `  ledger-exports.json: ${ledgerExports.transactions} ledger transactions from ${ledgerExports.exports.length} RIBITS export${ledgerExports.exports.length === 1 ? '' : 's'}${
        ledgerExports.unmatchedRows > 0
          ? `; ${ledgerExports.unmatchedRows} rows for banks not in the build (named above)`
          : ''
      }${ledgerExports.skippedBadRows > 0 ? `; ${ledgerExports.skippedBadRows} bad rows skipped` : ''}`,
    );
  if (manifest.demonstration) {
    const demo = Object.entries(manifest.layers)
      .filter(([, l]) => l.demonstration)
      .map(([n]) => n);
    lines.push(
      `*** ${DEMONSTRATION_NOTICE.toUpperCase()}: ${demo.join(', ')} are invented stand-ins, not DNR or BWSR data. Do not use them for a real replacement decision. ***`,
    );
  }
  return lines;
}
