/**
 * The plain-language view's looked-up place: apart from the impact, so the explainer can never
 * change the work. Located through the same full-resolution lookups as the impact.
 */
import { useMemo, useState } from 'react';
import type { Mode } from '../../store/inputs';
import { useLayerStore } from '../../store/layerStore';
import { placeUnitsFromLocation } from './placeUnitsFromLocation';
import { useLocatedPoints } from './useRangeLookups';

/** The public view's point (set it from a click or a search) and the units it lies in. */
export function usePublicPlace(mode: Mode) {
  const manifest = useLayerStore((state) => state.manifest);
  const baseUrl = useLayerStore((state) => state.baseUrl);
  const localUrls = useLayerStore((state) => state.localFiles.urls);
  const [publicPoint, setPublicPoint] = useState<[number, number] | null>(null);
  const publicPoints = useMemo(
    () => (mode.kind === 'public' && publicPoint ? [publicPoint] : []),
    [mode.kind, publicPoint],
  );
  const located = useLocatedPoints(publicPoints, manifest, baseUrl, '', localUrls);
  const location = publicPoint ? located.locations?.[0] : undefined;
  const publicPlace = useMemo(() => (location ? placeUnitsFromLocation(location) : null), [location]);
  return { publicPoint, setPublicPoint, publicPlace };
}
