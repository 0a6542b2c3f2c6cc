/**
 * The divider between the map and the results: drag it, or focus it and use the arrow keys
 * (Page Up/Down for bigger steps, Home and End for the limits), to give either more room. A
 * window splitter in the ARIA sense: a focusable separator with its value in percent.
 */
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { RESULTS_SHARE } from './useResultsShare';

export interface ResultsDividerProps {
  /** Percent of the map column's height the results take. */
  share: number;
  setShare: (value: number, keep?: boolean) => void;
  /** Id of the results panel it sizes. */
  controls: string;
}

const STEP = 5;
const PAGE = 15;

export function ResultsDivider({ share, setShare, controls }: ResultsDividerProps) {
  const dragging = useRef(false);
  const shareAt = (event: PointerEvent<HTMLDivElement>) => {
    const column = event.currentTarget.parentElement?.getBoundingClientRect();
    if (!column || column.height <= 0) return share;
    return ((column.bottom - event.clientY) / column.height) * 100;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowUp: share + STEP,
      ArrowDown: share - STEP,
      PageUp: share + PAGE,
      PageDown: share - PAGE,
      Home: RESULTS_SHARE.max,
      End: RESULTS_SHARE.min,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setShare(next);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a movable window splitter, not an <hr>.
    <div
      className="results-divider"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the results"
      aria-controls={controls}
      aria-valuemin={RESULTS_SHARE.min}
      aria-valuemax={RESULTS_SHARE.max}
      aria-valuenow={share}
      aria-valuetext={`Results take ${share}% of the height`}
      tabIndex={0}
      title="Drag, or use the arrow keys, to give the map or the results more room"
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (dragging.current) setShare(shareAt(event), false);
      }}
      onPointerUp={(event) => {
        if (!dragging.current) return;
        dragging.current = false;
        setShare(shareAt(event));
      }}
      onPointerCancel={() => {
        dragging.current = false;
        setShare(share);
      }}
    >
      <span className="results-divider-grip" aria-hidden="true" />
    </div>
  );
}
