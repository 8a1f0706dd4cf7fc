// nextToFill: which rows waiting for content get it in a frame once a flung list settles
// (issue 5: no long task while scrolling a long list): at most the budget, nearest the screen first.
import { describe, expect, test } from "vitest";
import { nextToFill } from "../../../../src/components/virtual-list/VirtualList";

const range = (start: number, end: number) => ({ start, end });

describe("nextToFill", () => {
  test("rows on screen first, then those nearest to it on either side", () => {
    expect(nextToFill([100, 101, 102, 103, 104, 105, 106, 107, 108, 109], range(103, 106), 4)).toEqual([103, 104, 105, 102]);
    expect(nextToFill([100, 101, 102, 106, 107, 108], range(103, 106), 4)).toEqual([102, 106, 101, 107]);
  });

  test("never more than the budget, all of them when fewer wait", () => {
    expect(nextToFill([5, 6], range(0, 10), 4)).toEqual([5, 6]);
    expect(nextToFill([], range(0, 10), 4)).toEqual([]);
    expect(nextToFill(Array.from({ length: 24 }, (_, index) => 300 + index), range(306, 316), 4)).toHaveLength(4);
  });

  test("the list it was given is left as it was", () => {
    const waiting = [9, 3, 7];
    nextToFill(waiting, range(0, 2), 1);
    expect(waiting).toEqual([9, 3, 7]);
  });
});
