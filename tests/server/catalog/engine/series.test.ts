// Series tables: prefix sums give exact window sums, days outside the calendar count as zero,
// and a builder's rows round-trip.
import { describe, expect, it } from "vitest";
import { SeriesBuilder } from "../../../../server/modules/catalog/engine/series/series-table";

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

  it("keeps 32-bit totals narrow and anything larger, negative or fractional exact", () => {
    const edge = new SeriesBuilder(["small", "wide", "negative", "fraction"] as const, 2, "2025-03-01", 3);
    edge.setRow("small", 0, [2 ** 32 - 3, 1, 1]); // the largest total that fits
    edge.setRow("wide", 1, [2 ** 32 - 1, 1, 5]);
    edge.setRow("negative", 0, [5, -2, 1]);
    edge.setRow("fraction", 0, [0.5, 0.25, 1]);
    const built = edge.build();
    const kinds = Object.fromEntries(
      Object.entries(built.prefixArrays()).map(([metric, array]) => [metric, array.constructor.name]),
    );
    expect(kinds).toEqual({
      small: "Uint32Array",
      wide: "Float64Array",
      negative: "Float64Array",
      fraction: "Float64Array",
    });
    expect(built.total("small", 0)).toBe(2 ** 32 - 1);
    expect(built.sum("small", 0, 1, 2)).toBe(2);
    expect(built.total("wide", 1)).toBe(2 ** 32 + 5);
    expect(built.daily("negative", 0)).toEqual([5, -2, 1]);
    expect(built.total("fraction", 0)).toBe(1.75);
  });

  it("refuses to be used after build", () => {
    expect(() => builder.set("views", 0, 0, 1)).toThrow("SeriesBuilder already built");
  });
});
