// A list virtualised against the window's scroll (spec §2: long lists stay smooth): rows of
// one fixed height, and only the rows on screen plus `overscan` either side are in the DOM.
// The list keeps its full height, so the scroll bar and the page below behave as if every row
// were there. Scroll work is one range computation per frame, and React renders only when the
// visible range changes. Test id `virtual-list` with `data-rendered` (rows in the DOM).
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

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  overscan?: number;
  getKey(item: T, index: number): string;
  renderRow(item: T, index: number): ReactNode;
  testId?: string;
}

export function VirtualList<T>({ items, rowHeight, overscan = 6, getKey, renderRow, testId = "virtual-list" }: VirtualListProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<VisibleRange>(() => ({ start: 0, end: Math.min(items.length, 12) }));
  const count = items.length;

  const measure = useRef(() => {});
  measure.current = () => {
    const element = container.current;
    if (!element) return;
    const listTop = element.getBoundingClientRect().top + window.scrollY;
    const next = visibleRange(count, rowHeight, listTop, window.scrollY, window.innerHeight, overscan);
    setRange((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
  };

  useLayoutEffect(() => measure.current(), [count, rowHeight, overscan]);

  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          measure.current();
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
