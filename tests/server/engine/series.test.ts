// Series tables: prefix sums give exact window sums, days outside the calendar count as zero,
// and a builder's rows round-trip.
import { describe, expect, it } from "vitest";
import { SeriesBuilder } from "../../../server/data/engine/series/series-table";

describe("SeriesTable", () => {
  const builder = new SeriesBuilder(["views", "revenue"] as const, 2, "2025-03-01", 5);
  builder.setRow("views", 0, [1, 2, 3, 4, 5]);
  builder.set("revenue", 1, 2, 1_999_999_999_99);
  builder.add("revenue", 1, 2, 1);
  const table = builder.build();

  it("sums windows exactly and clamps to the calendar", () => {
    expect(table.sum("views", 0, 1, 3)).toBe(9);
    expect(table.sum("views", 0, -10, 1)).toBe(3);
    expect(table.sum("views", 0, 3, 99)).toBe(9);
    expect(table.sum("views", 0, 4, 3)).toBe(0);
    expect(table.sumRange("views", 0, { start: "2025-02-27", end: "2025-03-02", days: 4 })).toBe(3);
    expect(table.total("revenue", 1)).toBe(200_000_000_000);
    expect(table.daily("views", 0)).toEqual([1, 2, 3, 4, 5]);
    expect(table.daily("views", 1)).toEqual([0, 0, 0, 0, 0]);
    expect(table.endDate).toBe("2025-03-05");
    expect(table.firstActiveDay(1)).toBe(2);
  });

  it("refuses to be used after build", () => {
    expect(() => builder.set("views", 0, 0, 1)).toThrow("SeriesBuilder already built");
  });
});
