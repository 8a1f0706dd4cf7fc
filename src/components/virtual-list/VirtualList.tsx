// A list virtualised against the window's scroll (spec §2: long lists stay smooth): rows of
// one fixed height, and only a pool of rows (a screen plus `overscan` either side) is in the DOM.
// The list keeps its full height, so the scroll bar and the page below behave as if every row
// were there. Scroll work is one range computation per frame.
//
// What keeps a fling smooth on a slow phone:
// - Rows are recycled: the pool's slots are keyed by index modulo the pool's size, so the row
//   leaving one end hands its DOM to the row entering the other, and a slot the range does not
//   need keeps its last row off screen. Creating and dropping whole rows made enough garbage for
//   collection pauses of 50-90 ms. State inside renderRow's output must therefore be keyed by
//   what it shows (see Thumbnail).
// - A row waits for its content: while the list moves faster than FLING_SCREENS_PER_SECOND,
//   rows entering are moved into place but keep their old content, hidden (a grey placeholder),
//   and load no images; once the list settles they get their content, `maxFill` per frame, the
//   nearest to the screen first. The first screen and a changed list (unless flung) fill every
//   row at once; a parent's re-render renders again the rows that show their content.
// - Rows that did not change keep their element, which React skips without comparing props.
// Test id `virtual-list` with `data-rendered` (rows in the DOM) and `data-waiting` (rows
// waiting for content); a waiting row has the class virtual-list__row--waiting.
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

/** Faster than this, in screen heights a second, the list is being flung. */
export const FLING_SCREENS_PER_SECOND = 2;
/** Time after the last fast frame before the list counts as settled. */
const SETTLE_MS = 120;

/** Which of the rows waiting for content get it now: at most `budget`, nearest the screen first. */
export function nextToFill(waiting: readonly number[], visible: VisibleRange, budget: number): number[] {
  const distance = (index: number) => (index < visible.start ? visible.start - index : index >= visible.end ? index - visible.end + 1 : 0);
  return [...waiting].sort((a, b) => distance(a) - distance(b) || a - b).slice(0, budget);
}

/** What a slot holds: the row placed there and the content it shows (that row's once filled). */
interface SlotRow {
  index: number;
  content: ReactNode;
  /** The row and item `content` was rendered for. */
  contentIndex: number;
  contentItem: unknown;
  filled: boolean;
  element: ReactElement;
}

/** The last render's slots, whose content is current while renderRow (a parent render) and rowHeight stay. */
interface RowCache {
  renderRow: unknown;
  rowHeight: number;
  slots: (SlotRow | null)[];
}

/** What the next render shows: the rows to place, those on screen, and which may get content. */
interface Frame {
  range: VisibleRange;
  visible: VisibleRange;
  /** all: every row gets its content; some: `maxFill` of them; none: the list is flung. */
  fill: "all" | "some" | "none";
}

const ROW_CLASS = "virtual-list__row";

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
  /** Rows that may get their content in one frame once the list settles. */
  maxFill?: number;
  renderRow(item: T, index: number): ReactNode;
  testId?: string;
}

export function VirtualList<T>({ items, rowHeight, overscan = 6, maxFill = 4, renderRow, testId = "virtual-list" }: VirtualListProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const count = items.length;
  const [frame, setFrame] = useState<Frame>(() => {
    const range = { start: 0, end: Math.min(count, 12) };
    return { range, visible: range, fill: "all" };
  });
  const rowCache = useRef<RowCache>({ renderRow: null, rowHeight, slots: [] });
  /** Rows the last render left waiting for content. */
  const waitingCount = useRef(0);
  const motion = useRef({ y: 0, time: 0, fastUntil: 0 });

  /** The rows around the screen, widened by `extra` rows each side. */
  const around = (extra: number): VisibleRange | null => {
    const element = container.current;
    if (!element) return null;
    const listTop = element.getBoundingClientRect().top + window.scrollY;
    return visibleRange(count, rowHeight, listTop, window.scrollY, window.innerHeight, extra);
  };

  // One frame: place the rows around the screen; true while frames must follow (the list is
  // flung, or rows wait for content).
  const measure = useRef((): boolean => false);
  measure.current = () => {
    const range = around(overscan);
    const visible = around(0);
    if (!range || !visible) return false;
    const now = performance.now();
    const state = motion.current;
    // A long pause counts as one slow frame, but a jump after it as a fling.
    const elapsed = Math.min(Math.max(now - state.time, 1), 100);
    if ((Math.abs(window.scrollY - state.y) * 1000) / elapsed > FLING_SCREENS_PER_SECOND * window.innerHeight) state.fastUntil = now + SETTLE_MS;
    state.y = window.scrollY;
    state.time = now;
    const flung = now < state.fastUntil;
    const filling = !flung && waitingCount.current > 0;
    const fill = flung ? "none" : "some";
    setFrame((previous) => {
      const sameRange = previous.range.start === range.start && previous.range.end === range.end;
      // "all" and "some" differ only for waiting rows.
      const sameFill = previous.fill === fill || (previous.fill === "all" && !flung);
      return sameRange && sameFill && !filling ? previous : { range, visible, fill };
    });
    return flung || filling;
  };

  // The first screen (and a changed list) renders whole, before paint; rows appended during a
  // fling still wait.
  useLayoutEffect(() => {
    const range = around(overscan);
    const visible = around(0);
    if (range && visible) setFrame({ range, visible, fill: performance.now() < motion.current.fastUntil ? "none" : "all" });
  }, [items, rowHeight, overscan]);

  useEffect(() => {
    let frameId = 0;
    const schedule = (): void => {
      if (!frameId)
        frameId = requestAnimationFrame(() => {
          frameId = 0;
          if (measure.current()) schedule();
        });
    };
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frameId) cancelAnimationFrame(frameId);
    };
  }, []);

  const { range } = frame;
  const slotCount = Math.max(range.end - range.start, Math.ceil(window.innerHeight / rowHeight) + 1 + 2 * overscan);
  const cache = rowCache.current;
  const sameSlots = cache.slots.length === slotCount;
  const sameRender = sameSlots && cache.renderRow === renderRow && cache.rowHeight === rowHeight;
  const held = (slot: number) => (sameSlots ? cache.slots[slot] : null);
  const placed = sameSlots ? cache.slots.map((row) => row?.index ?? -1) : new Array<number>(slotCount).fill(-1);
  for (let index = range.start; index < Math.min(range.end, count); index++) placed[index % slotCount] = index;

  /** The slot's content shows its row (though maybe from an earlier renderRow). */
  const showsOwnRow = (slot: number, index: number) => held(slot)?.contentIndex === index && held(slot)?.contentItem === items[index];
  const waiting: number[] = [];
  placed.forEach((index, slot) => {
    if (index >= 0 && index < count && !showsOwnRow(slot, index)) waiting.push(index);
  });
  const filling = frame.fill === "all" ? waiting : frame.fill === "some" ? nextToFill(waiting, frame.visible, maxFill) : [];
  waitingCount.current = waiting.length - filling.length;

  const slots = placed.map((index, slot): SlotRow | null => {
    if (index < 0 || index >= count) return null;
    const row = held(slot);
    const item = items[index]!;
    // A parent's re-render renders the rows that show their own content again (memoised rows
    // skip unchanged props); the waiting ones keep waiting.
    const fill = filling.includes(index) || (!sameRender && showsOwnRow(slot, index));
    const content = fill ? renderRow(item, index) : (row?.content ?? null);
    const contentIndex = fill ? index : (row?.contentIndex ?? -1);
    const contentItem = fill ? item : row?.contentItem;
    const filled = contentIndex === index && contentItem === item;
    if (row && row.index === index && row.content === content && row.filled === filled) return row;
    const element = (
      <div key={slot} className={filled ? ROW_CLASS : `${ROW_CLASS} ${ROW_CLASS}--waiting`} aria-hidden={filled ? undefined : true} style={{ transform: `translateY(${index * rowHeight}px)`, height: rowHeight }}>
        {content}
      </div>
    );
    return { index, content, contentIndex, contentItem, filled, element };
  });
  rowCache.current = { renderRow, rowHeight, slots };
  const rows = inListOrder(slots);
  return (
    <div
      ref={container}
      className="virtual-list"
      style={{ height: count * rowHeight }}
      data-testid={testId}
      data-rendered={rows.length}
      data-waiting={waitingCount.current}
      data-count={count}
    >
      {rows}
    </div>
  );
}
