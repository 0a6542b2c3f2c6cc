/**
 * The impact's units before the whole layers have arrived: the shared lookup reads only the
 * features around the point with FlatGeobuf range requests (a few kilobytes of an 11 MB
 * minor-watershed file), so a shared link shows its card at once.
 */
import { useEffect, useMemo, useState } from 'react';
import type { FeatureSource } from '../geo/featureSource';
import { locatePoint } from '../geo/locatePoint';
import type { Manifest } from '../geo/manifest';
import { createUrlFeatureSource } from '../geo/urlFeatureSource';
import { addNotice } from '../store/addNotice';
import type { PlaceUnits } from './placeUnits';
import { placeUnitsFromLocation } from './placeUnitsFromLocation';

type Quick = { key: string; place: PlaceUnits | null; error: string | null };

export function useQuickLocation(
  location: readonly [number, number] | null,
  manifest: Manifest | null,
  baseUrl: string,
  enabled: boolean,
): { place: PlaceUnits | null; error: string | null } {
  const source = useMemo<FeatureSource>(
    () => createUrlFeatureSource(new URL(baseUrl, window.location.href).href, { onNotice: addNotice }),
    [baseUrl],
  );
  const [quick, setQuick] = useState<Quick | null>(null);
  const key = location ? location.join(',') : '';

  useEffect(() => {
    if (!enabled || !location || !manifest) return;
    const controller = new AbortController();
    locatePoint(location, manifest, source, controller.signal).then(
      (found) => setQuick({ key: location.join(','), place: placeUnitsFromLocation(found), error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setQuick({
          key: location.join(','),
          place: null,
          error: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return () => controller.abort();
  }, [enabled, location, manifest, source]);

  if (!quick || quick.key !== key) return { place: null, error: null };
  return { place: quick.place, error: quick.error };
}
