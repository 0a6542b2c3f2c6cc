/**
 * A click on the map that chooses the impact (issue 24, items 6 and 11): from the state view the
 * map then frames the impact and its nearest options once they are ranked (as a link does), not a
 * red dot among 293 at 100 km; and a click outside Minnesota asks before it replaces an impact
 * already chosen (a slip of the mouse past the border must not lose the place).
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { CameraRequest } from '../../map/mapTypes';
import type { RankResult } from '../../siting';
import { useSitingStore } from '../../store/sitingStore';
import type { LocatePoint } from './locateOnce';
import { openingFrame } from './openingFrame';

/** Below this zoom the map shows most of the state: a click there is framed once ranked. */
export const FRAME_BELOW_ZOOM = 8.5;

const same = (a: readonly number[] | null | undefined, b: readonly number[] | null | undefined) =>
  Boolean(a && b && a[0] === b[0] && a[1] === b[1]);

export function useImpactClick(
  locate: LocatePoint,
  result: RankResult | null,
  rankedAt: readonly [number, number] | null,
  locations: ReadonlyMap<string, readonly [number, number] | null | undefined>,
  setCamera: (request: CameraRequest) => void,
): { chooseByClick: (lngLat: [number, number]) => void; prompt: ReactNode } {
  const frameWhenRanked = useRef<[number, number] | null>(null);
  const [asking, setAsking] = useState<[number, number] | null>(null);
  const replaceButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const pending = frameWhenRanked.current;
    if (!pending || !result || !same(rankedAt, pending)) return;
    frameWhenRanked.current = null;
    setCamera({ kind: 'bounds', bounds: openingFrame(pending, result, locations) });
  }, [result, rankedAt, locations, setCamera]);

  useEffect(() => {
    if (asking) replaceButton.current?.focus();
  }, [asking]);

  const choose = (lngLat: [number, number]) => {
    const { view, setImpactLocation } = useSitingStore.getState();
    frameWhenRanked.current = (view?.zoom ?? 0) < FRAME_BELOW_ZOOM ? lngLat : null;
    setImpactLocation(lngLat);
  };

  const chooseByClick = (lngLat: [number, number]) => {
    setAsking(null);
    if (!useSitingStore.getState().impact.location) {
      choose(lngLat);
      return;
    }
    // Only an answer that the place is outside (the state outline read) asks; anything else replaces.
    void locate(lngLat).then((located) => {
      const outside = located !== null && !located.inMinnesota && !located.unreadable?.includes('state');
      if (outside) setAsking(lngLat);
      else choose(lngLat);
    });
  };

  const prompt = asking && (
    <div className="map-ask" role="alertdialog" aria-labelledby="map-ask-text">
      <p id="map-ask-text">
        That place ({asking[1].toFixed(4)}, {asking[0].toFixed(4)}) is outside Minnesota, where the Wetland
        Conservation Act does not apply. Replace the impact with it?
      </p>
      <button
        ref={replaceButton}
        type="button"
        onClick={() => {
          setAsking(null);
          choose(asking);
        }}
      >
        Replace the impact
      </button>{' '}
      <button type="button" onClick={() => setAsking(null)}>
        Keep the impact
      </button>
    </div>
  );
  return { chooseByClick, prompt };
}
