// Pinch zoom of the charts: fingers apart narrow the range around their middle, together widen
// it back to the whole data at most; the range stays inside the data and at least two points
// wide; isZoomed tells a zoomed range from the whole one.
import { describe, expect, it } from "vitest";
import { isZoomed, MIN_ZOOM_POINTS, pinchedRange } from "../../../src/components/chart-zoom";

const FULL = { min: 0, max: 29 };

describe("pinchedRange", () => {
  it("halves the range around the fingers' middle when they move twice as far apart", () => {
    expect(pinchedRange(FULL, 0.5, 100, 200, FULL)).toEqual({ min: 7.25, max: 21.75 });
  });

  it("keeps the point under the fingers in place off-centre", () => {
    const range = pinchedRange({ min: 10, max: 20 }, 0.2, 50, 100, FULL);
    // The point at 20 % of 10..20 is 12; it stays at 20 % of the new range.
    expect(range.max - range.min).toBe(5);
    expect(range.min + (range.max - range.min) * 0.2).toBeCloseTo(12);
  });

  it("never widens past the data and stays inside it", () => {
    expect(pinchedRange({ min: 20, max: 29 }, 0.9, 200, 20, FULL)).toEqual(FULL);
    const nearEdge = pinchedRange({ min: 25, max: 29 }, 1, 100, 80, FULL);
    expect(nearEdge.max).toBeLessThanOrEqual(29);
    expect(nearEdge.min).toBeGreaterThanOrEqual(0);
  });

  it("stops at two points wide and ignores a zero distance", () => {
    const narrow = pinchedRange(FULL, 0.5, 10, 1000, FULL);
    expect(narrow.max - narrow.min).toBe(MIN_ZOOM_POINTS);
    expect(pinchedRange({ min: 3, max: 9 }, 0.5, 0, 100, FULL)).toEqual({ min: 3, max: 9 });
  });
});

describe("isZoomed", () => {
  it("is false for the whole data and true for a part of it", () => {
    expect(isZoomed(FULL, FULL)).toBe(false);
    expect(isZoomed({ min: 0, max: 28 }, FULL)).toBe(true);
    expect(isZoomed({ min: 1, max: 29 }, FULL)).toBe(true);
  });
});
