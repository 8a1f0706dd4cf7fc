// The virtual list's slot planning, as pure functions of the last plan and the next frame: which
// rows are around the screen, which row each slot of the recycled pool holds (index modulo the
// pool's size), which slots wait for their content while the list is flung, and which of those
// get it now (all of them, `maxFill` nearest the screen, or none). No React and no DOM, so every
// rule is unit-tested on its own; VirtualList renders what a plan says.

export interface VisibleRange {
  start: number;
  end: number;
}

/** Rows [start, end) that intersect the viewport, widened by `overscan` rows each side. */
export function visibleRange(
  count: number,
  rowHeight: number,
  listTop: number,
  viewTop: number,
  viewHeight: number,
  overscan: number,
): VisibleRange {
  const first = Math.floor((viewTop - listTop) / rowHeight);
  const last = Math.ceil((viewTop + viewHeight - listTop) / rowHeight);
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.max(0, Math.min(count, last + overscan)) };
}

/** Which of the rows waiting for content get it now: at most `budget`, nearest the screen first. */
export function nextToFill(waiting: readonly number[], visible: VisibleRange, budget: number): number[] {
  const distance = (index: number) =>
    index < visible.start ? visible.start - index : index >= visible.end ? index - visible.end + 1 : 0;
  return [...waiting].sort((a, b) => distance(a) - distance(b) || a - b).slice(0, budget);
}

/** How many slots the pool has: the range, and never fewer than a screen plus the overscan. */
export function poolSize(range: VisibleRange, viewHeight: number, rowHeight: number, overscan: number): number {
  return Math.max(range.end - range.start, Math.ceil(viewHeight / rowHeight) + 1 + 2 * overscan);
}

/** all: every row gets its content; some: `maxFill` of them; none: the list is flung. */
export type FillMode = "all" | "some" | "none";

/** What the next plan is for: the rows to place, those on screen, and which may get content. */
export interface Frame {
  range: VisibleRange;
  visible: VisibleRange;
  fill: FillMode;
}

/** The content a slot shows: a row's item as a given renderer drew it. */
export interface SlotContent<T, R> {
  index: number;
  item: T;
  render: R;
}

/** One slot of the pool: the row placed there and the content it shows (maybe an earlier row's). */
export interface Slot<T, R> {
  index: number;
  content: SlotContent<T, R> | null;
  /** The content is this row's current item: shown; otherwise the row waits, hidden. */
  filled: boolean;
}

export interface SlotPlan<T, R> {
  /** One entry per slot of the pool; null for a slot that never held a row of this list. */
  slots: readonly (Slot<T, R> | null)[];
  /** Rows placed but still waiting for their content. */
  waiting: number;
}

export interface PlanInput<T, R> {
  items: readonly T[];
  /** The renderer of the current render; rows showing their own content are redrawn when it changes. */
  render: R;
  frame: Frame;
  slotCount: number;
  maxFill: number;
}

/**
 * The next plan from the previous one. A slot the range does not need keeps its last row (off
 * screen) so a jump reuses the whole pool; a slot keeps its object when nothing in it changed,
 * so the row it renders is skipped.
 */
export function planSlots<T, R>(
  previous: SlotPlan<T, R>,
  { items, render, frame, slotCount, maxFill }: PlanInput<T, R>,
): SlotPlan<T, R> {
  const count = items.length;
  const sameSlots = previous.slots.length === slotCount;
  const held = (slot: number) => (sameSlots ? (previous.slots[slot] ?? null) : null);
  const placed = sameSlots ? previous.slots.map((row) => row?.index ?? -1) : new Array<number>(slotCount).fill(-1);
  for (let index = frame.range.start; index < Math.min(frame.range.end, count); index++)
    placed[index % slotCount] = index;

  /** The slot's content shows its row (though maybe drawn by an earlier renderer). */
  const showsOwnRow = (slot: number, index: number) => {
    const content = held(slot)?.content;
    return content?.index === index && content.item === items[index];
  };
  const waiting: number[] = [];
  placed.forEach((index, slot) => {
    if (index >= 0 && index < count && !showsOwnRow(slot, index)) waiting.push(index);
  });
  const filling =
    frame.fill === "all" ? waiting : frame.fill === "some" ? nextToFill(waiting, frame.visible, maxFill) : [];

  const slots = placed.map((index, slot): Slot<T, R> | null => {
    if (index < 0 || index >= count) return null;
    const row = held(slot);
    const item = items[index];
    // A new renderer (a parent's re-render) redraws the rows that show their own content; the
    // waiting ones keep waiting.
    const redraw = showsOwnRow(slot, index) && row?.content?.render !== render;
    const content = filling.includes(index) || redraw ? { index, item, render } : (row?.content ?? null);
    const filled = content?.index === index && content.item === item;
    if (row && row.index === index && row.content === content && row.filled === filled) return row;
    return { index, content, filled };
  });
  return { slots, waiting: waiting.length - filling.length };
}

/** The slots' positions in the order of their rows (what assistive technology reads). */
export function inListOrder<T, R>(slots: readonly (Slot<T, R> | null)[]): number[] {
  // An insertion sort: a few dozen rows, sorted every frame of a scroll.
  const order: number[] = [];
  slots.forEach((row, slot) => {
    if (!row) return;
    let at = order.length;
    while (at > 0 && slots[order[at - 1]]!.index > row.index) {
      order[at] = order[at - 1]!;
      at--;
    }
    order[at] = slot;
  });
  return order;
}
