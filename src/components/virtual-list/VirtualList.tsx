// A list virtualised against the window's scroll (long lists stay smooth): rows of one fixed
// height, and only a pool of rows (a screen plus `overscan` either side) is in the DOM. The list
// keeps its full height, so the scroll bar and the page below behave as if every row were there.
//
// What keeps a fling smooth on a slow phone (the rules are in plan-slots.ts, their timing in
// use-virtual-slots.ts):
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
// - A slot whose row and content did not change keeps its plan object, so React skips it (and
//   a moved waiting row does not draw its old content again).
// Test id `virtual-list` with `data-rendered` (rows in the DOM) and `data-waiting` (rows
// waiting for content); a waiting row has the class virtual-list__row--waiting.
import { memo, useRef, type ReactNode } from "react";
import { inListOrder, type Slot, type SlotContent } from "./plan-slots";
import { useVirtualSlots } from "./use-virtual-slots";

type RenderRow = (item: never, index: number) => ReactNode;

const ROW_CLASS = "virtual-list__row";

/** A slot's content: drawn again only when the slot shows another row or another renderer's. */
const RowContent = memo(function RowContent({ content }: { content: SlotContent<unknown, RenderRow> }) {
  // The renderer was given with these items (VirtualList<T>), so it takes this item.
  const render = content.render as (item: unknown, index: number) => ReactNode;
  return render(content.item, content.index);
});

/** One slot of the pool, placed at its row. */
const SlotRow = memo(function SlotRow({ slot, rowHeight }: { slot: Slot<unknown, RenderRow>; rowHeight: number }) {
  return (
    <div
      className={slot.filled ? ROW_CLASS : `${ROW_CLASS} ${ROW_CLASS}--waiting`}
      aria-hidden={slot.filled ? undefined : true}
      style={{ transform: `translateY(${slot.index * rowHeight}px)`, height: rowHeight }}
    >
      {slot.content && <RowContent content={slot.content} />}
    </div>
  );
});

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  overscan?: number;
  /** Rows that may get their content in one frame once the list settles. */
  maxFill?: number;
  renderRow: (item: T, index: number) => ReactNode;
  testId?: string;
}

export function VirtualList<T>({
  items,
  rowHeight,
  overscan = 6,
  maxFill = 4,
  renderRow,
  testId = "virtual-list",
}: VirtualListProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const plan = useVirtualSlots<T, RenderRow>(container, { items, rowHeight, overscan, maxFill, render: renderRow });
  const order = inListOrder(plan.slots);
  return (
    <div
      ref={container}
      className="virtual-list"
      style={{ height: items.length * rowHeight }}
      data-testid={testId}
      data-rendered={order.length}
      data-waiting={plan.waiting}
      data-count={items.length}
    >
      {order.map((slot) => (
        <SlotRow key={slot} slot={plan.slots[slot] as Slot<unknown, RenderRow>} rowHeight={rowHeight} />
      ))}
    </div>
  );
}
