/**
 * The plain-language view's looked-up place: apart from the impact, so the explainer can never
 * change the work. Located through the same full-resolution lookups as the impact.
 *
 * Kept across the switches (issue 24, item 9): entering the view from the explorer starts at the
 * impact (the card's place), a reload keeps the place looked up (this tab's session storage), and
 * leaving with no impact yet makes the looked-up place the impact, so nothing typed is lost.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Mode } from '../../store/inputs';
import { useLayerStore } from '../../store/layerStore';
import { placeUnitsFromLocation } from './placeUnitsFromLocation';
import { useLocatedPoints } from './useRangeLookups';

const STORAGE_KEY = 'siting.publicPlace';

function storedPoint(): [number, number] | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    return Array.isArray(value) &&
      value.length === 2 &&
      value.every((n) => typeof n === 'number' && Number.isFinite(n))
      ? [value[0], value[1]]
      : null;
  } catch {
    return null;
  }
}

function storePoint(point: [number, number] | null): void {
  try {
    if (point) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(point));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled (some private modes): the place lasts until the page is left.
  }
}

/** The public view's point (set it from a click or a search) and the units it lies in. */
export function usePublicPlace(mode: Mode, impactLocation: [number, number] | null) {
  const manifest = useLayerStore((state) => state.manifest);
  const baseUrl = useLayerStore((state) => state.baseUrl);
  const localUrls = useLayerStore((state) => state.localFiles.urls);
  const [publicPoint, setPoint] = useState<[number, number] | null>(() => storedPoint() ?? impactLocation);
  const setPublicPoint = (point: [number, number] | null) => {
    setPoint(point);
    storePoint(point);
  };
  // Entering the view from the explorer (header button or the card's link): explain the impact's place.
  const previousKind = useRef(mode.kind);
  useEffect(() => {
    const entering = mode.kind === 'public' && previousKind.current !== 'public';
    previousKind.current = mode.kind;
    if (entering && impactLocation) {
      setPoint(impactLocation);
      storePoint(impactLocation);
    }
  }, [mode.kind, impactLocation]);
  const publicPoints = useMemo(
    () => (mode.kind === 'public' && publicPoint ? [publicPoint] : []),
    [mode.kind, publicPoint],
  );
  const located = useLocatedPoints(publicPoints, manifest, baseUrl, '', localUrls);
  const location = publicPoint ? located.locations?.[0] : undefined;
  const publicPlace = useMemo(() => (location ? placeUnitsFromLocation(location) : null), [location]);
  return { publicPoint, setPublicPoint, publicPlace };
}
