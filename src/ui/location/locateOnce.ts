/**
 * One exact point lookup through the layer worker (the same range reads as the card's), for
 * a decision that needs the answer before it acts: is a new site inside Minnesota?
 */

import type { Manifest } from '../../formats/manifest';
import { sendDetailRequest } from '../../geo/layerLoader';
import type { Location } from '../../geo/location';

/** Where a point lies, or null when the lookup could not be made (no layers yet, a failed read). */
export type LocatePoint = (point: [number, number]) => Promise<Location | null>;

export function locateOnce(
  manifest: Manifest | null,
  baseUrl: string,
  localUrls: Readonly<Record<string, string>>,
): LocatePoint {
  return (point) =>
    new Promise((resolve) => {
      if (!manifest) {
        resolve(null);
        return;
      }
      sendDetailRequest(
        {
          op: 'locate',
          baseUrl: new URL(baseUrl, window.location.href).href,
          manifest,
          localUrls,
          points: [point],
        },
        (reply) => {
          if (reply.kind === 'located') resolve((reply.locations[0] as Location | undefined) ?? null);
          else if (reply.kind === 'failed') resolve(null);
        },
      );
    });
}
