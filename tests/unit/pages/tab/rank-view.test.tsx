// The /rank list's sort, range filters and market in the URL (issue 15): a link with them opens
// the same view (the request carries them, growth as a fraction, the market becomes the chosen
// one); sorting and filtering on screen rewrite the link; another list's figure is not a sort.
import { act } from "react";
import { beforeEach, describe, expect, test } from "vitest";
import { readRankQuery, rankQuery } from "../../../../src/pages/tab/rank/rank-labels";
import { rankViewApiQuery } from "../../../../src/pages/tab/rank/rank-view";
import { rankDiscoverState } from "../../../../src/state/rank-discover";
import { userState } from "../../../../src/state/user";
import { setUpDataTests, type View } from "../../helpers/data-tests";
import { allByLabel, click, typeInto, waitFor } from "../../helpers/render-app";

const { server, open } = await setUpDataTests({ total: 120, anonymousRows: 10 });
let view: View;

beforeEach(() => {
  userState.token = "tok";
  rankDiscoverState.market = "VN";
});

const SHARED =
  "/rank?type=goods&rankType=top-sale&window=7d&country=TH&sort=revenue&order=asc&minPrice=10&maxGrowth=50";

describe("rank view in the URL", () => {
  test("reads and writes the same view; the API gets snake_case keys and growth as a fraction", () => {
    const selection = readRankQuery(SHARED.slice("/rank".length));
    expect(selection).toMatchObject({ entity: "goods", window: "7d", country: "TH" });
    expect(selection.view).toMatchObject({ sort: "revenue", order: "asc" });
    expect(selection.view.ranges.price).toEqual({ min: 10, max: null });
    expect(rankViewApiQuery(selection.view)).toEqual({ sort: "revenue", order: "asc", minPrice: 10, maxGrowth: 0.5 });
    expect(new URLSearchParams(rankQuery(selection)).toString()).toBe(SHARED.slice("/rank?".length));
    // A figure another list shows, or a price filter on music, is dropped.
    expect(readRankQuery("?type=goods&rankType=top-sale&sort=likes").view.sort).toBeNull();
    expect(readRankQuery("?type=music&minPrice=3").view.ranges.price).toEqual({ min: null, max: null });
  });

  test("a shared link opens the same view: market, window, sort and filters reach the request", async () => {
    view = await open(SHARED);
    await waitFor(() => server.calls("/api/v1/rank/goods").length > 0);
    const query = server.calls("/api/v1/rank/goods").at(-1)!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      country: "TH",
      window: "7d",
      rank_type: "top-sale",
      sort: "revenue",
      order: "asc",
      min_price: "10",
      max_growth: "0.5",
    });
    await waitFor(() => rankDiscoverState.market === "TH");
    expect(view.location()).toContain("country=TH");
    expect(view.byTestId("export-csv")!.textContent).toBe("Export CSV");
  });

  test("sorting and filtering on screen rewrite the link and the request", async () => {
    view = await open("/rank?type=goods&rankType=top-sale");
    const sort = (await waitFor(() => view.byTestId("rank-sort"))) as HTMLSelectElement;
    await act(async () => {
      sort.value = "salesVolume";
      sort.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(view.location()).toContain("sort=salesVolume");
    await click(view.byTestId("rank-order")!);
    expect(view.location()).toContain("order=asc");
    await typeInto(allByLabel(view.container, "Price from")[0], "5");
    await typeInto(allByLabel(view.container, "Growth (%) to")[0], "20");
    await click(view.byTestId("rank-filters-apply")!);
    expect(view.location()).toContain("minPrice=5");
    expect(view.location()).toContain("maxGrowth=20");
    await waitFor(() =>
      server
        .calls("/api/v1/rank/goods")
        .some(
          (call) =>
            call.query.get("sort") === "sales_volume" &&
            call.query.get("order") === "asc" &&
            call.query.get("min_price") === "5" &&
            call.query.get("max_growth") === "0.2",
        ),
    );
    await click(view.byTestId("rank-filters-clear")!);
    expect(view.location()).not.toContain("minPrice");
    expect(view.location()).toContain("sort=salesVolume");
  });
});
