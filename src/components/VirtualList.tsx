// A list virtualised against the window's scroll (spec §2: long lists stay smooth): rows of
// one fixed height, and only a pool of rows (a screen plus `overscan` either side) is in the DOM.
// The list keeps its full height, so the scroll bar and the page below behave as if every row
// were there. Scroll work is one range computation per frame, and React renders only when the
// visible range changes. At most `maxEnter` rows enter per frame (the rest the frames after):
// a fast fling on a slow phone would otherwise lay out and paint a screenful of new rows in one
// long task, and the next, longer frame would scroll further and add even more. Rows are
// recycled: a row's DOM (and component state) passes to another item as the list scrolls, so
// state inside renderRow's output must be keyed by what it shows (see Thumbnail).
// Test id `virtual-list` with `data-rendered` (rows in the DOM).
import { useEffect, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from "react";

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

/** What a slot holds: a row of the list and the element the last render made for it. */
interface SlotRow {
  index: number;
  item: unknown;
  element: ReactElement;
}

/** The last render's slots, reused while renderRow (a parent render) and rowHeight stay. */
interface RowCache {
  renderRow: unknown;
  rowHeight: number;
  slots: (SlotRow | null)[];
}

/**
 * The slots' elements in the order of the list (what assistive technology reads), by an
 * insertion sort in place: a few dozen rows, sorted every frame of a scroll, without garbage.
 */
function inListOrder(slots: readonly (SlotRow | null)[]): ReactElement[] {
  const rows: SlotRow[] = [];
  for (const row of slots) {
    if (!row) continue;
    let at = rows.length;
    while (at > 0 && rows[at - 1]!.index > row.index) {
      rows[at] = rows[at - 1]!;
      at--;
    }
    rows[at] = row;
  }
  return rows.map((row) => row.element);
}

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  overscan?: number;
  /** Rows that may enter the DOM in one frame. */
  maxEnter?: number;
  renderRow(item: T, index: number): ReactNode;
  testId?: string;
}

export function VirtualList<T>({ items, rowHeight, overscan = 6, maxEnter = 2, renderRow, testId = "virtual-list" }: VirtualListProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<VisibleRange>(() => ({ start: 0, end: Math.min(items.length, 12) }));
  const count = items.length;
  const rowCache = useRef<RowCache>({ renderRow: null, rowHeight, slots: [] });

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

  // Rows live in a fixed pool of slots (enough for a screen and the overscan), keyed by slot:
  // the row leaving one end hands its DOM to the row entering the other, so scrolling updates a
  // few elements instead of creating and collecting whole rows (that garbage made long
  // collection pauses on a slow phone). A slot the range does not need keeps its last row off
  // screen, so a jump reuses the whole pool. Rows that did not move keep their element, which
  // React skips without comparing props.
  const slotCount = Math.max(range.end - range.start, Math.ceil(window.innerHeight / rowHeight) + 1 + 2 * overscan);
  const cache = rowCache.current;
  const sameSlots = cache.slots.length === slotCount;
  const sameRender = sameSlots && cache.renderRow === renderRow && cache.rowHeight === rowHeight;
  const indexOfSlot = sameSlots ? cache.slots.map((row) => row?.index ?? -1) : new Array<number>(slotCount).fill(-1);
  for (let index = range.start; index < Math.min(range.end, count); index++) indexOfSlot[index % slotCount] = index;
  const slots = indexOfSlot.map((index, slot): SlotRow | null => {
    if (index < 0 || index >= count) return null;
    const item = items[index]!;
    const held = sameRender ? cache.slots[slot] : null;
    if (held && held.index === index && held.item === item) return held;
    const element = (
      <div key={slot} className="virtual-list__row" style={{ transform: `translateY(${index * rowHeight}px)`, height: rowHeight }}>
        {renderRow(item, index)}
      </div>
    );
    return { index, item, element };
  });
  rowCache.current = { renderRow, rowHeight, slots };
  const rows = inListOrder(slots);
  return (
    <div ref={container} className="virtual-list" style={{ height: count * rowHeight }} data-testid={testId} data-rendered={rows.length} data-count={count}>
      {rows}
    </div>
  );
}
