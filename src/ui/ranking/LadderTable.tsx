/**
 * One ladder's table, virtualised: however many options it holds (a county's 100,000 sites),
 * only the rows in view are in the page. Small ladders are drawn whole. Keyboard: the site
 * buttons form one tab stop; the arrow keys, Page Up/Down, Home and End move between rows (the
 * table scrolls to the row), Enter or Space selects. The table keeps its role and its name, and
 * says how many rows it has (aria-rowcount) and where each drawn row is (aria-rowindex).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { isFiltered, type RowFilters } from '../../store/rowFilters';
import { PHONE_QUERY } from '../app/phoneQuery';
import { useMediaQuery } from '../useMediaQuery';
import { Citation } from './Citation';
import { candidateBreakdown, ladderBreakdownText } from './candidateBreakdown';
import type { CandidateInfo } from './candidateInfo';
import { LadderRow } from './LadderRow';
import { rowsOfCandidates } from './rankedRows';
import type { LadderView } from './rankingLadders';
import { levelCountsText, rowView } from './rowView';

/** Ladders up to this many shown rows are drawn whole, so they read (and print) as plain tables. */
export const DRAW_WHOLE_UP_TO = 60;
/** A first guess of a row's height (px); drawn rows are measured. */
const ROW_ESTIMATE = 58;
const PAGE_ROWS = 10;

export interface LadderTableProps {
  /** What an empty ladder says (a build without the bank layer says so, not "None."). */
  emptyText?: string;
  ladder: LadderView;
  info: ReadonlyMap<string, CandidateInfo>;
  filters: RowFilters;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** The bank ladder: puts the banks with listed credits first, in ranked order (one click, beside the ladder). */
  onCreditsFirst?: () => void;
}

export function LadderTable({
  ladder,
  info,
  filters,
  selectedId,
  onSelect,
  onCreditsFirst,
  emptyText = 'None.',
}: LadderTableProps) {
  const rows = useMemo(() => rowsOfCandidates(ladder.candidates), [ladder.candidates]);
  const order = useMemo(
    () => rowView(rows, filters, (id) => info.get(id)?.availableCredits ?? null),
    [rows, filters, info],
  );
  // Over every row: computed once per ranking, not on each scroll frame.
  const counts = useMemo(() => levelCountsText(rows), [rows]);
  const summary = useMemo(() => candidateBreakdown(ladder.candidates, info), [ladder.candidates, info]);
  // After a listing loads, the nearest banks may hold none: how many do, for the one-click sort.
  // Counted once per ranking, and only in the bank ladder (not over a county's 100,000 sites, nor on each scroll frame).
  const withCredits = useMemo(() => {
    if (!onCreditsFirst || !ladder.candidates.some((c) => c.credits?.loaded)) return null;
    return ladder.candidates.filter((c) => (info.get(c.id)?.availableCredits ?? 0) > 0).length;
  }, [onCreditsFirst, ladder.candidates, info]);
  const virtual = order.length > DRAW_WHOLE_UP_TO;
  // A phone draws each row as a card (app.css) with its credits in sentences.
  const phone = useMediaQuery(PHONE_QUERY);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 6,
    enabled: virtual,
  });
  const [focusPosition, setFocusPosition] = useState(0);
  const pendingFocus = useRef<number | null>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  const clampedFocus = Math.min(focusPosition, Math.max(0, order.length - 1));

  // Moves keyboard focus to a row, scrolling it into view first when it is not drawn.
  const focusRow = (position: number) => {
    const target = Math.max(0, Math.min(order.length - 1, position));
    setFocusPosition(target);
    pendingFocus.current = target;
    if (virtual) virtualizer.scrollToIndex(target, { align: 'auto' });
  };
  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      const button = body.current?.querySelector<HTMLButtonElement>(`tr[data-index="${target}"] button`);
      if (button) {
        pendingFocus.current = null;
        button.focus({ preventScroll: true });
        // Into view in every box that scrolls it: the ladder's own (virtualised) and the panel.
        button.closest('tr')?.scrollIntoView({ block: 'nearest' });
      } else if (tries++ < 10) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  });

  // A selection made elsewhere (the map) scrolls its row into view.
  const selectedPosition = useMemo(() => {
    if (!selectedId) return -1;
    for (let p = 0; p < order.length; p++) if (rows.idAt(order[p] as number) === selectedId) return p;
    return -1;
  }, [selectedId, order, rows]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection scrolls, not a re-render.
  useEffect(() => {
    if (selectedPosition < 0) return;
    setFocusPosition(selectedPosition);
    if (virtual) virtualizer.scrollToIndex(selectedPosition, { align: 'auto' });
  }, [selectedPosition]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (!(event.target instanceof HTMLButtonElement) || !event.target.closest('th')) return;
    const moves: Record<string, number> = {
      ArrowDown: clampedFocus + 1,
      ArrowUp: clampedFocus - 1,
      PageDown: clampedFocus + PAGE_ROWS,
      PageUp: clampedFocus - PAGE_ROWS,
      Home: 0,
      End: order.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusRow(next);
  };

  const items = virtual
    ? virtualizer.getVirtualItems()
    : Array.from(order, (_, position) => ({ index: position, start: 0, end: 0 }));
  const before = virtual ? (items[0]?.start ?? 0) : 0;
  const after = virtual ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const headingId = `ladder-${ladder.key}`;
  const hintId = `${headingId}-keys`;
  const { candidates } = ladder;
  return (
    <section className={`ladder ladder-${ladder.key}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{ladder.title}</h3>
      <p className="summary">
        {ladder.note} <Citation cite={ladder.cite} />{' '}
        {candidates.length === 0 ? emptyText : `${ladderBreakdownText(summary, ladder.key)}.`}
      </p>
      {onCreditsFirst && withCredits !== null && filters.sort === 'rank' && (
        <p className="credits-first">
          {withCredits === 0 ? (
            'No bank in this ladder has credits in the loaded listings.'
          ) : (
            <button type="button" onClick={onCreditsFirst}>
              Show the {withCredits.toLocaleString('en-US')} bank{withCredits === 1 ? '' : 's'} with listed
              credits first
            </button>
          )}
        </p>
      )}
      {candidates.length > 0 && order.length === 0 && <p className="hint">No option matches the filters.</p>}
      {order.length > 0 && (
        <>
          <p className="visually-hidden" id={hintId}>
            Arrow keys move between options; Enter selects one and shows it on the map.
          </p>
          <div
            ref={scroller}
            className={virtual ? 'table-scroll virtual-rows' : 'table-scroll'}
            data-testid={`ladder-scroll-${ladder.key}`}
          >
            <div style={virtual ? { paddingTop: before, paddingBottom: Math.max(0, after) } : undefined}>
              <table aria-label={ladder.title} aria-rowcount={order.length + 1} aria-describedby={hintId}>
                <thead>
                  <tr aria-rowindex={1}>
                    <th scope="col">{ladder.key === 'cannot-sell' ? 'No.' : 'Place'}</th>
                    <th scope="col">Site</th>
                    <th scope="col">Priority level</th>
                    <th scope="col">Eligibility</th>
                    <th scope="col">Distance</th>
                    <th scope="col">Status and credits</th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody ref={body} onKeyDown={onKeyDown}>
                  {items.map((item) => {
                    const row = order[item.index] as number;
                    const candidate = rows.rowAt(row);
                    return (
                      <LadderRow
                        key={candidate.id}
                        rowRef={virtual ? virtualizer.measureElement : undefined}
                        candidate={candidate}
                        place={rows.placeAt(row)}
                        position={item.index}
                        rowIndex={item.index + 2}
                        details={info.get(candidate.id)}
                        selected={candidate.id === selectedId}
                        focusable={item.index === clampedFocus}
                        onSelect={onSelect}
                        onFocusRow={setFocusPosition}
                        plain={phone}
                      />
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
        </>
      )}
      {candidates.length > 0 && (
        <p className="summary level-counts">
          By level: {counts}.
          {isFiltered(filters) && ` Showing ${order.length.toLocaleString('en-US')} that match the filters.`}
        </p>
      )}
    </section>
  );
}
