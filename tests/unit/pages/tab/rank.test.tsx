// The Lists page against a fake data service: defaults (influencers, breakout, 24h), every tab,
// rank type and window asking for its list, pages appended to the end until no more data, a
// virtualised DOM, pull-to-refresh, and a visitor's limited list with the sign-in call.
import { act } from "react";
import { describe, expect, test } from "vitest";
import { configureApi } from "../../../../src/api/client";
import { RANK_TYPES, RANK_WINDOWS } from "../../../../src/api/rank";
import { visibleRange } from "../../../../src/components/virtual-list/plan-slots";
import { readRankQuery } from "../../../../src/pages/tab/rank/rank-labels";
import { userState } from "../../../../src/state/user";
import { startDataServer } from "../../helpers/data-server";
import { setUpDataTests, type View } from "../../helpers/data-tests";
import { click, pressKey, waitFor } from "../../helpers/render-app";

const { server, open } = await setUpDataTests({ total: 120, anonymousRows: 10 });
let view: View;

const lastQuery = (path: string) => server.calls(path).at(-1)!.query;

describe("query", () => {
  test("defaults to influencers, breakout, 24h; unknown values fall back", () => {
    expect(readRankQuery("")).toMatchObject({
      entity: "influencers",
      rankType: "breakout",
      window: "24h",
      categoryId: null,
    });
    expect(readRankQuery("?type=goods&rankType=hot&window=1y&category=x")).toMatchObject({
      entity: "goods",
      rankType: "top-sale",
      window: "24h",
      categoryId: null,
    });
    expect(readRankQuery("?type=videos&rankType=sales&window=30d&category=1001")).toMatchObject({
      entity: "videos",
      rankType: "sales",
      window: "30d",
      categoryId: 1001,
    });
  });

  test("visible range of a virtual list", () => {
    expect(visibleRange(500, 84, 200, 0, 844, 6)).toEqual({ start: 0, end: 14 });
    expect(visibleRange(500, 84, 200, 200 + 84 * 100, 844, 6)).toEqual({ start: 94, end: 117 });
    expect(visibleRange(500, 84, 200, 200 + 84 * 499, 844, 6)).toEqual({ start: 493, end: 500 });
  });
});

describe("signed in", () => {
  test("the default list loads its pages until there is no more data, keeping few rows in the DOM", async () => {
    userState.token = "tok";
    view = await open("/rank");
    await waitFor(() => view.byTestId("load-more")?.dataset.status === "none", 5_000);
    const query = lastQuery("/api/v1/rank/influencers");
    expect([query.get("rank_type"), query.get("window"), query.get("country"), query.get("size")]).toEqual([
      "breakout",
      "24h",
      "VN",
      "20",
    ]);
    expect(server.calls("/api/v1/rank/influencers").map((call) => call.query.get("page"))).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
    ]);
    const list = view.byTestId("virtual-list")!;
    expect(list.dataset.count).toBe("120");
    expect(Number(list.dataset.rendered)).toBeLessThan(30);
    expect(view.byTestId("load-more")!.textContent).toBe("No more data");
    expect(view.byTestId("rank-sign-in-cta")).toBeNull();
  });

  test("every tab, rank type and window asks for its own list", async () => {
    const short = await startDataServer({ total: 15 }); // one page per list keeps this quick
    userState.token = "tok";
    view = await open("/rank");
    for (const entity of ["goods", "influencers", "videos", "music", "hashtags"] as const) {
      await click(view.byTestId(`rank-tab-${entity}`)!);
      expect(view.location()).toContain(`type=${entity}`);
      for (const type of RANK_TYPES[entity]) {
        await click(view.byTestId(`rank-type-${type}`)!);
        for (const window of RANK_WINDOWS) {
          short.reset();
          await click(view.byTestId(`rank-window-${window}`)!);
          await waitFor(
            () =>
              view.byTestId("rank-list")?.dataset.state === "ready" && short.calls(`/api/v1/rank/${entity}`).length > 0,
          );
          const query = short.calls(`/api/v1/rank/${entity}`).at(-1)!.query;
          expect([query.get("rank_type"), query.get("window")]).toEqual([type, window]);
          expect(view.byTestId("rank-page")!.dataset.window).toBe(window);
          expect(view.container.querySelectorAll('[data-testid="entity-row"]').length).toBeGreaterThan(0);
        }
      }
    }
    expect(view.byTestId("category-select")).toBeNull(); // hashtags have no categories
    configureApi({ baseURL: server.url });
    await short.close();
  }, 30_000);

  test("the Lists tabs follow the arrow keys, Home and End; only the selected tab is in the Tab order", async () => {
    userState.token = "tok";
    view = await open("/rank");
    const tab = (name: string) => view.byRole("tab", { name });
    const selected = () => view.allByRole("tab").filter((element) => element.getAttribute("aria-selected") === "true");
    await waitFor(() => tab("Influencers"));
    expect(view.allByRole("tab").map((element) => element.tabIndex)).toEqual([-1, 0, -1, -1, -1]);

    await pressKey(tab("Influencers"), "ArrowRight");
    expect(view.location()).toContain("type=videos");
    expect([selected(), document.activeElement]).toEqual([[tab("Videos")], tab("Videos")]);
    await pressKey(tab("Videos"), "End");
    expect(view.location()).toContain("type=hashtags");
    await pressKey(tab("Hashtags"), "ArrowRight");
    expect(view.location()).toContain("type=goods");
    await pressKey(tab("Products"), "ArrowLeft");
    expect(view.location()).toContain("type=hashtags");
    await pressKey(tab("Hashtags"), "Home");
    expect(view.location()).toContain("type=goods");
    expect([selected(), document.activeElement]).toEqual([[tab("Products")], tab("Products")]);
    expect(view.allByRole("tab").map((element) => element.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });

  test("the category filter goes into the query and the request", async () => {
    userState.token = "tok";
    view = await open("/rank?type=goods");
    const select = (await waitFor(
      () => view.byTestId("category-select")?.querySelector('option[value="1001"]') && view.byTestId("category-select"),
    )) as HTMLSelectElement;
    await act(async () => {
      select.value = "1001";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(view.location()).toContain("category=1001");
    await waitFor(() => server.calls("/api/v1/rank/goods").some((call) => call.query.get("category_id") === "1001"));
  });

  test("pull-to-refresh loads the first page again", async () => {
    userState.token = "tok";
    view = await open("/rank?type=videos");
    await waitFor(() => view.byTestId("rank-list")?.dataset.state === "ready");
    server.reset();
    const area = view.byTestId("pull-to-refresh")!;
    const touch = (type: string, y: number) =>
      act(async () => {
        const event = new Event(type, { bubbles: true }) as Event & { touches: { clientY: number }[] };
        Object.defineProperty(event, "touches", { value: type === "touchend" ? [] : [{ clientY: y }] });
        area.dispatchEvent(event);
      });
    await touch("touchstart", 100);
    await touch("touchmove", 260);
    expect(area.dataset.state).toBe("ready");
    await touch("touchend", 260);
    await waitFor(() => server.calls("/api/v1/rank/videos").some((call) => call.query.get("page") === "1"));
  });
});

describe("visitor", () => {
  test("sees the top part of the list and the call to sign in", async () => {
    view = await open("/rank?type=goods&rankType=top-sale");
    const cta = await waitFor(() => view.byTestId("rank-sign-in-cta"));
    expect(view.byTestId("virtual-list")!.dataset.count).toBe("10");
    expect(server.calls("/api/v1/rank/goods")).toHaveLength(1);
    expect(cta.querySelector("a")!.getAttribute("href")).toBe(
      "/login?from=%2Frank%3Ftype%3Dgoods%26rankType%3Dtop-sale",
    );
  });
});
