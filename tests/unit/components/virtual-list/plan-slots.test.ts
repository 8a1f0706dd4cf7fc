// The virtual list's slot planning: which rows waiting for content get it in a frame once a flung
// list settles (at most the budget, nearest the screen first, so no frame becomes a long task),
// the pool's size, and planSlots: recycling by index modulo the pool, rows waiting while flung,
// filling a few per frame, redrawing on a new renderer, and keeping unchanged slots' objects.
import { describe, expect, test } from "vitest";
import {
  inListOrder,
  nextToFill,
  planSlots,
  poolSize,
  type FillMode,
  type SlotPlan,
} from "../../../../src/components/virtual-list/plan-slots";

const range = (start: number, end: number) => ({ start, end });

describe("nextToFill", () => {
  test("rows on screen first, then those nearest to it on either side", () => {
    expect(nextToFill([100, 101, 102, 103, 104, 105, 106, 107, 108, 109], range(103, 106), 4)).toEqual([
      103, 104, 105, 102,
    ]);
    expect(nextToFill([100, 101, 102, 106, 107, 108], range(103, 106), 4)).toEqual([102, 106, 101, 107]);
  });

  test("never more than the budget, all of them when fewer wait", () => {
    expect(nextToFill([5, 6], range(0, 10), 4)).toEqual([5, 6]);
    expect(nextToFill([], range(0, 10), 4)).toEqual([]);
    expect(
      nextToFill(
        Array.from({ length: 24 }, (_, index) => 300 + index),
        range(306, 316),
        4,
      ),
    ).toHaveLength(4);
  });

  test("the list it was given is left as it was", () => {
    const waiting = [9, 3, 7];
    nextToFill(waiting, range(0, 2), 1);
    expect(waiting).toEqual([9, 3, 7]);
  });
});

describe("poolSize", () => {
  test("a screen plus the overscan either side, or the range when it is longer", () => {
    expect(poolSize(range(0, 10), 844, 84, 6)).toBe(Math.ceil(844 / 84) + 1 + 12);
    expect(poolSize(range(0, 40), 844, 84, 6)).toBe(40);
  });
});

describe("planSlots", () => {
  const items = Array.from({ length: 100 }, (_, index) => ({ id: index }));
  const render = () => null;
  const plan = (
    previous: SlotPlan<{ id: number }, typeof render>,
    start: number,
    end: number,
    fill: FillMode,
    options: { list?: typeof items; renderer?: typeof render; maxFill?: number } = {},
  ) =>
    planSlots(previous, {
      items: options.list ?? items,
      render: options.renderer ?? render,
      frame: { range: range(start, end), visible: range(start + 2, end - 2), fill },
      slotCount: 10,
      maxFill: options.maxFill ?? 4,
    });
  const empty: SlotPlan<{ id: number }, typeof render> = { slots: [], waiting: 0 };
  const indexes = (result: SlotPlan<unknown, unknown>) => result.slots.map((slot) => slot?.index ?? -1);

  test("the first screen fills every row, each in the slot of its index modulo the pool", () => {
    const first = plan(empty, 0, 8, "all");
    expect(indexes(first)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, -1, -1]);
    expect(first.slots.every((slot) => !slot || (slot.filled && slot.content?.index === slot.index))).toBe(true);
    expect(first.waiting).toBe(0);
  });

  test("rows entering during a fling take over the slots of rows leaving, keep their old content and wait", () => {
    const first = plan(empty, 0, 10, "all");
    const flung = plan(first, 5, 15, "none");
    expect(indexes(flung)).toEqual([10, 11, 12, 13, 14, 5, 6, 7, 8, 9]);
    expect(flung.waiting).toBe(5);
    expect(flung.slots[0]).toMatchObject({ index: 10, filled: false, content: { index: 0 } });
    // Rows that stay keep their slot object: React skips them.
    expect(flung.slots[5]).toBe(first.slots[5]);
  });

  test("once settled, the waiting rows get their content a budget at a time, nearest the screen first", () => {
    const flung = plan(plan(empty, 0, 10, "all"), 5, 15, "none");
    const once = plan(flung, 5, 15, "some", { maxFill: 2 });
    expect(once.waiting).toBe(3);
    expect(
      once.slots
        .filter((slot) => slot?.filled)
        .map((slot) => slot!.index)
        .sort((a, b) => a - b),
    ).toEqual([5, 6, 7, 8, 9, 10, 11]);
    const done = plan(plan(once, 5, 15, "some", { maxFill: 2 }), 5, 15, "some", { maxFill: 2 });
    expect(done.waiting).toBe(0);
  });

  test("a slot the range does not need keeps its last row", () => {
    const first = plan(empty, 0, 10, "all");
    const shorter = plan(first, 0, 4, "all");
    expect(indexes(shorter)).toEqual(indexes(first));
    expect(shorter.slots[8]).toBe(first.slots[8]);
  });

  test("a new renderer redraws the rows that show their own content, not the waiting ones", () => {
    const flung = plan(plan(empty, 0, 10, "all"), 5, 15, "none");
    const renderer = () => null;
    const redrawn = plan(flung, 5, 15, "none", { renderer });
    expect(redrawn.slots[5]!.content!.render).toBe(renderer);
    expect(redrawn.slots[0]!.content!.render).toBe(render);
    expect(redrawn.waiting).toBe(5);
  });

  test("a changed item makes its row wait until filled; another pool size starts over", () => {
    const first = plan(empty, 0, 10, "all");
    const list = items.map((item, index) => (index === 3 ? { id: 1000 } : item));
    const changed = plan(first, 0, 10, "none", { list });
    expect(changed.waiting).toBe(1);
    expect(changed.slots[3]).toMatchObject({ index: 3, filled: false });
    const resized = planSlots(first, {
      items,
      render,
      frame: { range: range(0, 10), visible: range(0, 10), fill: "none" },
      slotCount: 12,
      maxFill: 4,
    });
    expect(resized.waiting).toBe(10);
  });

  test("slots read in the order of their rows", () => {
    const flung = plan(plan(empty, 0, 10, "all"), 5, 15, "none");
    expect(inListOrder(flung.slots).map((slot) => flung.slots[slot]!.index)).toEqual([
      5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ]);
  });
});
