// stepRange: how the virtual list moves its rendered range toward the rows around the screen
// a few rows per frame (issue 5: no long task while scrolling a long list).
import { describe, expect, test } from "vitest";
import { stepRange } from "../../src/components/VirtualList";

const range = (start: number, end: number) => ({ start, end });

describe("stepRange", () => {
  test("an overlapping target grows by at most maxEnter rows on each side per step", () => {
    expect(stepRange(range(10, 20), range(12, 30), range(14, 26), 2)).toEqual(range(12, 22));
    expect(stepRange(range(10, 20), range(4, 18), range(6, 16), 2)).toEqual(range(8, 18));
  });

  test("rows leaving the target are dropped at once", () => {
    expect(stepRange(range(0, 40), range(10, 20), range(12, 18), 2)).toEqual(range(10, 20));
  });

  test("a jump far away starts with maxEnter rows where the screen is, then reaches the target", () => {
    let current = stepRange(range(0, 12), range(300, 320), range(306, 314), 2);
    expect(current).toEqual(range(306, 308));
    let steps = 1;
    while (current.start !== 300 || current.end !== 320) {
      current = stepRange(current, range(300, 320), range(306, 314), 2);
      steps += 1;
      expect(steps).toBeLessThan(20);
    }
    expect(steps).toBe(7);
  });

  test("a jump near the end of the target still enters inside it", () => {
    expect(stepRange(range(0, 12), range(480, 500), range(495, 500), 2)).toEqual(range(495, 497));
  });
});
