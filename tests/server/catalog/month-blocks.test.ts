// Month blocks in memory (server/modules/catalog/store/month-blocks.ts): a series split into
// blocks of running totals per month and read back gives the same daily values; months without
// activity have no block; arrays start on the 1st and end on the last active day.
import { describe, expect, it } from "vitest";
import { SeriesBuilder } from "../../../server/modules/catalog/engine";
import { blockOfDaily, blocksOfSeries, dailyOfBlock } from "../../../server/modules/catalog/store/month-blocks";

const METRICS = ["uses", "views"] as const;

/** Two rows over 2025-01-20 .. 2025-04-10 (81 days): row 0 active in January and March only. */
function table() {
  const builder = new SeriesBuilder(METRICS, 2, "2025-01-20", 81);
  builder.set("uses", 0, 0, 3); // 2025-01-20
  builder.set("views", 0, 5, 40); // 2025-01-25
  builder.set("views", 0, 40, 7); // 2025-03-01
  builder.set("uses", 0, 45, 2); // 2025-03-06
  for (let day = 0; day < 81; day++) builder.set("views", 1, day, day + 1);
  return builder.build();
}

describe("month blocks", () => {
  it("split a series into running totals per active month", () => {
    const blocks = [...blocksOfSeries(table(), METRICS, ["a", "b"])];
    const a = blocks.filter((block) => block.id === "a");
    expect(a.map((block) => [block.month, block.firstActive])).toEqual([
      ["2025-01-01", "2025-01-20"],
      ["2025-03-01", "2025-03-01"],
    ]);
    // January: zeros before the series starts, cut after the 25th (the last active day).
    expect(a[0].totals[0]).toEqual([...new Array(19).fill(0), 3, 3, 3, 3, 3, 3]);
    expect(a[0].totals[1]).toEqual([...new Array(24).fill(0), 40]);
    expect(a[1].totals).toEqual([
      [0, 0, 0, 0, 0, 2],
      [7, 7, 7, 7, 7, 7],
    ]);
    // Row b is active every day: four blocks, April's ending on the calendar's last day.
    const b = blocks.filter((block) => block.id === "b");
    expect(b.map((block) => block.month)).toEqual(["2025-01-01", "2025-02-01", "2025-03-01", "2025-04-01"]);
    expect(b[1].totals[1]).toHaveLength(28);
    expect(b[1].totals[1][0]).toBe(13); // 2025-02-01 is day 12 of the series: 13 views
    expect(b[3].totals[1]).toHaveLength(10);
  });

  it("give back the daily values, and no block for a month without activity", () => {
    const series = table();
    for (const block of blocksOfSeries(series, METRICS, ["a", "b"])) {
      const row = block.id === "a" ? 0 : 1;
      const daily = dailyOfBlock(block);
      daily.forEach((values, m) =>
        values.forEach((value, day) => {
          const index = series.dayIndex(`${block.month.slice(0, 8)}${String(day + 1).padStart(2, "0")}`);
          expect(value).toBe(index >= 0 && index < series.days ? series.value(METRICS[m], row, index) : 0);
        }),
      );
    }
    expect(blockOfDaily("x", "2025-02-01", [new Float64Array(28), [0, 0]])).toBeNull();
    const merged = blockOfDaily("x", "2025-02-01", [[0, 5], [1]]);
    expect(merged).toEqual({
      id: "x",
      month: "2025-02-01",
      firstActive: "2025-02-01",
      totals: [
        [0, 5],
        [1, 1],
      ],
    });
  });
});
