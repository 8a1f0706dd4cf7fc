// The comparison in the real app shell against a fake data service: "Compare" on a detail fills
// the tray bar (count, Compare now, Clear); an item of the other kind asks to clear the tray; /compare shows each item's figures in aligned rows
// with the best marked (none for price), a refused item (801) in its own column while the others
// show, one chart per metric with one series per item over the chosen range, a table view of a
// chart, and Remove taking an item out of the address.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, test } from "vitest";
import { addToCompare, resetCompareTray } from "../../../src/features/compare/compare-tray";
import { userState } from "../../../src/state/user";
import { fail, goodsDetailData, ok } from "../helpers/data-server";
import { setUpDataTests, type View } from "../helpers/data-tests";
import { allByRole, click, waitFor } from "../helpers/render-app";

const { server, open } = await setUpDataTests();
let view: View;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetCompareTray();
  userState.token = "tok";
});

/** Waits until every column has its answer. */
const columnsSettled = () =>
  waitFor(() => {
    const items = view?.allByTestId("compare-item") ?? [];
    return items.length > 0 && items.every((item) => item.dataset.state !== "loading");
  });

/** A goods detail whose figures differ from the default one's. */
function strongerGoods(id: string) {
  const detail = goodsDetailData(id);
  return ok({
    ...detail,
    overview: { ...detail.overview, title: "Stronger product", total_sales: 9000, sales_growth: 0.5, price: 99 },
  });
}

const trendQueries = (id: string) =>
  server.calls(`/api/v1/goods/${id}/trend`).map((call) => call.query.get("days") ?? "custom");
const cellsOf = (row: string) =>
  [...view.byTestId(`compare-row-${row}`)!.querySelectorAll("td")].map((cell) => cell.textContent);

describe("the tray", () => {
  test("Compare on a detail fills the tray bar, which links to /compare", async () => {
    view = await open("/goodsDetail?id=g7");
    const button = await waitFor(() => view.byRole("button", { name: "Compare" }));
    await click(button);
    await waitFor(() => button.getAttribute("aria-pressed") === "true");
    const tray = await waitFor(() => view.byRole("region", { name: "Compare tray" }));
    expect(tray.textContent).toContain("1 of 4 products to compare");
    expect(view.byRole("link", { name: "Compare now" }).getAttribute("href")).toBe("/compare?type=goods&ids=g7");
    await click(view.byRole("button", { name: "Clear" }));
    await waitFor(() => view.byRole("region", { name: "Compare tray" }) === null);
    expect(button.getAttribute("aria-pressed")).toBe("false");
  });
});

describe("the other kind", () => {
  test("adding an influencer to a tray of products asks, and Clear and add starts over with it", async () => {
    await addToCompare("goods", "g1");
    view = await open("/influencersDetail?id=i4");
    await click(await waitFor(() => view.byRole("button", { name: "Compare" })));
    const dialog = await waitFor(() => view.byTestId("compare-other-kind"));
    expect(dialog.textContent).toContain("The compare tray holds products. Clear it and compare influencers instead?");
    await click(view.byRole("button", { name: "Clear and add" }));
    const tray = await waitFor(() => view.byRole("region", { name: "Compare tray" }));
    await waitFor(() => tray.textContent?.includes("1 of 4 influencers to compare"));
    expect(view.byRole("link", { name: "Compare now" }).getAttribute("href")).toBe("/compare?type=influencers&ids=i4");
  });
});

describe("/compare", () => {
  test("aligned figures with the best marked, and one chart per metric with a series per item", async () => {
    server.replies.set("/api/v1/goods/g2", strongerGoods("g2"));
    view = await open("/compare?type=goods&ids=g1,g2");
    await columnsSettled();
    expect(view.allByTestId("compare-item").map((item) => item.dataset.id)).toEqual(["g1", "g2"]);
    expect(view.byTestId("compare-figures")!.textContent).toContain("Stronger product");
    // Total sales: 1.0K against 9.0K; the second is best, said in words.
    expect(cellsOf("totalSales")).toEqual(["1.0K", "9.0KBest"]);
    expect(cellsOf("salesGrowth")[1]).toContain("Best");
    // Price is neither better nor worse; equal commission rates have no best either.
    expect(cellsOf("price").join("")).not.toContain("Best");
    expect(cellsOf("commissionRate").join("")).not.toContain("Best");

    await waitFor(() => view.byTestId("compare-trends")?.dataset.state === "ready");
    expect(trendQueries("g1")).toEqual(["7"]);
    expect(trendQueries("g2")).toEqual(["7"]);
    const charts = view.allByTestId("trend-chart");
    expect(charts).toHaveLength(2);
    expect(charts.map((chart) => [chart.dataset.series, chart.dataset.points])).toEqual([
      ["2", "7"],
      ["2", "7"],
    ]);

    await click(view.byTestId("compare-range-30")!);
    await waitFor(() => view.byTestId("compare-trends")?.dataset.state === "ready" && trendQueries("g2").length === 2);
    expect(trendQueries("g1")).toEqual(["7", "30"]);
    expect(view.byTestId("compare-trends")!.dataset.range).toBe("30");
    expect(view.allByTestId("trend-chart")[0].dataset.points).toBe("30");

    // The sales chart as a table (its data table toggle): captioned with the metric, a row per
    // day, a column per item.
    const sales = view.byTestId("compare-chart-salesVolume")!;
    await click(allByRole(sales, "button", { name: "Show data table" })[0]);
    expect(sales.querySelector("caption")!.textContent).toBe("Sales");
    const rows = sales.querySelectorAll("tbody tr");
    expect(rows).toHaveLength(30);
    expect([...rows[29].querySelectorAll("td")].map((cell) => cell.textContent)).toEqual(["29", "29"]);
  });

  test("an item the plan refuses shows in its own column; Remove takes an item out", async () => {
    server.replies.set("/api/v1/goods/g3", fail(403, 801, "Daily detail views are used up"));
    view = await open("/compare?type=goods&ids=g1,g3");
    await columnsSettled();
    expect(view.allByTestId("compare-item").map((item) => item.dataset.state)).toEqual(["ready", "blocked"]);
    expect(view.byTestId("compare-page")!.textContent).toContain("Daily detail views used up");
    // The refused item asks for no trend.
    await waitFor(() => view.byTestId("compare-trends")?.dataset.state === "ready");
    expect(trendQueries("g3")).toEqual([]);

    await click(view.byRole("button", { name: "Remove g3" }));
    await waitFor(() => view.location() === "/compare?type=goods&ids=g1");
    await waitFor(() => view.allByTestId("compare-item").length === 1);
  });

  test("without ids it says how to start", async () => {
    view = await open("/compare?type=influencers");
    expect((await waitFor(() => view.byTestId("compare-page"))).textContent).toContain("Nothing to compare yet");
  });
});
