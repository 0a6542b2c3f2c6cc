import type { Manifest } from '../../src/formats/manifest.ts';
import { DEMONSTRATION_NOTICE } from './runPipeline.ts';

const size = (bytes: number): string =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;

/**
 * The lines `npm run data` prints: one per layer, then the demonstration notice in capitals
 * when any layer is invented, so nobody mistakes the output for official geography.
 */
export function formatBuildReport(manifest: Manifest, outDir: string, seconds: number): string[] {
  const lines = [
    `Built ${Object.keys(manifest.layers).length} layers into ${outDir} in ${seconds.toFixed(1)} s:`,
  ];
  for (const [name, layer] of Object.entries(manifest.layers)) {
    const kind = layer.demonstration ? 'DEMONSTRATION' : layer.official ? 'official' : 'reference';
    lines.push(
      `  ${name.padEnd(17)} ${String(layer.featureCount).padStart(5)} features ${size(layer.bytes).padStart(8)}  ${kind.padEnd(13)} ${layer.source}`,
    );
  }
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
