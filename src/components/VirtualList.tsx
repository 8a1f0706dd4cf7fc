// A list virtualised against the window's scroll (spec §2: long lists stay smooth): rows of
// one fixed height, and only the rows on screen plus `overscan` either side are in the DOM.
// The list keeps its full height, so the scroll bar and the page below behave as if every row
// were there. Scroll work is one range computation per frame, and React renders only when the
// visible range changes. At most `maxEnter` rows enter per frame (the rest the frames after):
// a fast fling on a slow phone would otherwise lay out and paint a screenful of new rows in one
// long task, and the next, longer frame would scroll further and add even more. Test id `virtual-list` with `data-rendered` (rows in the DOM).
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";

export interface VisibleRange {
  start: number;
  end: number;
}

/** Rows [start, end) that intersect the viewport, widened by `overscan` rows each side. */
export function visibleRange(count: number, rowHeight: number, listTop: number, viewTop: number, viewHeight: number, overscan: number): VisibleRange {
  const first = Math.floor((viewTop - listTop) / rowHeight);
  const last = Math.ceil((viewTop + viewHeight - listTop) / rowHeight);
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.max(0, Math.min(count, last + overscan)) };
}

/**
 * The range to render next on the way from `current` to `target`: rows leave at once, but at
 * most `maxEnter` enter at each end the list is growing (those nearest the screen first). A jump
 * to rows that do not touch the current ones renders the target's rows nearest the screen.
 */
export function stepRange(current: VisibleRange, target: VisibleRange, visible: VisibleRange, maxEnter: number): VisibleRange {
  if (target.end <= current.start || target.start >= current.end) {
    const start = Math.max(target.start, Math.min(visible.start, target.end - maxEnter));
    return { start, end: Math.min(target.end, start + maxEnter) };
  }
  return { start: Math.max(target.start, current.start - maxEnter), end: Math.min(target.end, current.end + maxEnter) };
}

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  overscan?: number;
  /** Rows that may enter the DOM in one frame. */
  maxEnter?: number;
  getKey(item: T, index: number): string;
  renderRow(item: T, index: number): ReactNode;
  testId?: string;
}

export function VirtualList<T>({ items, rowHeight, overscan = 6, maxEnter = 2, getKey, renderRow, testId = "virtual-list" }: VirtualListProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<VisibleRange>(() => ({ start: 0, end: Math.min(items.length, 12) }));
  const count = items.length;

  // The rendered range, read by the frame callbacks before React has rendered it.
  const rangeRef = useRef(range);
  const show = (next: VisibleRange) => {
    rangeRef.current = next;
    setRange((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
  };
  /** The rows around the screen, widened by `extra` rows each side. */
  const around = (extra: number): VisibleRange | null => {
    const element = container.current;
    if (!element) return null;
    const listTop = element.getBoundingClientRect().top + window.scrollY;
    return visibleRange(count, rowHeight, listTop, window.scrollY, window.innerHeight, extra);
  };

  // One step towards the rows around the screen; true while more rows must enter.
  const measure = useRef((): boolean => false);
  measure.current = () => {
    const target = around(overscan);
    const visible = around(0);
    if (!target || !visible) return false;
    const next = stepRange(rangeRef.current, target, visible, maxEnter);
    show(next);
    return next.start !== target.start || next.end !== target.end;
  };

  // The first screen (and a changed list) renders whole, before paint.
  useLayoutEffect(() => {
    const target = around(overscan);
    if (target) show(target);
  }, [count, rowHeight, overscan]);

  useEffect(() => {
    let frame = 0;
    const schedule = (): void => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          if (measure.current()) schedule();
        });
    };
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  const rows = [];
  for (let index = range.start; index < Math.min(range.end, count); index++) {
    const item = items[index]!;
    rows.push(
      <div key={getKey(item, index)} className="virtual-list__row" style={{ transform: `translateY(${index * rowHeight}px)`, height: rowHeight }}>
        {renderRow(item, index)}
      </div>,
    );
  }
  return (
    <div ref={container} className="virtual-list" style={{ height: count * rowHeight }} data-testid={testId} data-rendered={rows.length} data-count={count}>
      {rows}
    </div>
  );
}
