/**
 * A link with an impact and no saved view opens framed on the impact and its nearest options
 * (once, when the first ranking is there), not on the whole state.
 */
import { useEffect, useRef } from 'react';
import type { CameraRequest } from '../../map/mapTypes';
import type { RankResult } from '../../siting';
import { useSitingStore } from '../../store/sitingStore';
import { openingFrame } from './openingFrame';

/** Frames the opening impact once; `savedView` is whether the inputs carried a view of their own. */
export function useOpeningFrame(
  savedView: boolean,
  impactLocation: [number, number] | null,
  result: RankResult | null,
  locations: ReadonlyMap<string, readonly [number, number] | null | undefined>,
  setCamera: (request: CameraRequest) => void,
) {
  const framedOpening = useRef(savedView || !useSitingStore.getState().impact.location);
  useEffect(() => {
    if (framedOpening.current || !impactLocation || !result) return;
    framedOpening.current = true;
    // A jump, not a flight: every in-between frame would load tiles no one looks at.
    setCamera({ kind: 'bounds', bounds: openingFrame(impactLocation, result, locations), animate: false });
  }, [impactLocation, result, locations, setCamera]);
}
