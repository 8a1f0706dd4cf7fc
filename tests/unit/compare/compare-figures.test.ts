// The comparison's rules: the best value of a row (higher or lower is better, ties all win,
// nothing marked with one value, equal values, no direction, or money in different
// currencies) and the ids of a /compare address (trimmed, no repeats, at most 4).
import { describe, expect, it } from "vitest";
import { bestIndexes, compareIds } from "../../../src/pages/tools/compare/compare-figures";

describe("bestIndexes", () => {
  it("marks the highest or the lowest, and every tie", () => {
    expect(bestIndexes([10, 30, 20], "higher")).toEqual([1]);
    expect(bestIndexes([10, 30, 20], "lower")).toEqual([0]);
    expect(bestIndexes([30, 10, 30], "higher")).toEqual([0, 2]);
  });

  it("skips unknown values", () => {
    expect(bestIndexes([null, 5, 7], "higher")).toEqual([2]);
    expect(bestIndexes([null, 5], "higher")).toEqual([]);
  });

  it("marks nothing when all are equal, without a direction, or when not comparable", () => {
    expect(bestIndexes([4, 4], "higher")).toEqual([]);
    expect(bestIndexes([1, 2], null)).toEqual([]);
    expect(bestIndexes([1, 2], "higher", false)).toEqual([]);
  });
});

describe("compareIds", () => {
  it("trims, drops empty and repeated ids, and keeps the first four", () => {
    expect(compareIds(" a, b,,a ,c,d,e", 4)).toEqual(["a", "b", "c", "d"]);
    expect(compareIds("", 4)).toEqual([]);
  });
});
