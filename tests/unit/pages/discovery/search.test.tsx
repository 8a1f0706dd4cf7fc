// Discover search against a fake data service, with the history in fake IndexedDB: results
// for videos, influencers and products, the history (newest first, at most 10, delete one, clear all)
// kept under `discover-records`, a repeated search moving to the front, visitors asked to log in.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { act } from "react";
import { beforeEach, describe, expect, test } from "vitest";
import { removeToken, userState } from "../../../../src/state/user";
import { resetSearchHistoryState } from "../../../../src/state/rank-discover";
import {
  readSearchHistory,
  resetSearchHistoryStore,
  SEARCH_HISTORY_MAX,
  withSearch,
  writeSearchHistory,
  type SearchRecord,
} from "../../../../src/storage/search-history";
import { setUpDataTests, type View } from "../../helpers/data-tests";
import { click, pressKey, toastTexts, typeInto, waitFor } from "../../helpers/render-app";

const { server, open } = await setUpDataTests();
let view: View;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetSearchHistoryStore();
  resetSearchHistoryState();
  userState.token = "tok";
});

const record = (keyword: string, type: SearchRecord["type"] = "videos"): SearchRecord => ({
  id: keyword,
  keyword,
  type,
  at: 0,
});

describe("history rules", () => {
  test("newest first, a repeated search moves to the front, at most 10", () => {
    let list: SearchRecord[] = [];
    for (let i = 1; i <= 12; i++) list = withSearch(list, record(`k${i}`));
    expect(list.map((item) => item.keyword)).toEqual(["k12", "k11", "k10", "k9", "k8", "k7", "k6", "k5", "k4", "k3"]);
    list = withSearch(list, { ...record(" K5 "), id: "again" });
    expect(list.map((item) => item.keyword)).toEqual([" K5 ", "k12", "k11", "k10", "k9", "k8", "k7", "k6", "k4", "k3"]);
    expect(withSearch(list, record("k5", "influencers"))).toHaveLength(SEARCH_HISTORY_MAX);
  });

  test("kept in IndexedDB under discover-records", async () => {
    await writeSearchHistory([record("lipstick"), record("ann", "influencers")]);
    resetSearchHistoryStore();
    expect((await readSearchHistory()).map((item) => item.keyword)).toEqual(["lipstick", "ann"]);
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const open = indexedDB.open("shopradar-discover");
      open.onsuccess = () => {
        const request = open.result.transaction("keyval").objectStore("keyval").getAllKeys();
        request.onsuccess = () => resolve(request.result);
      };
    });
    expect(keys).toEqual(["discover-records"]);
  });
});

async function openDiscovery(path = "/discovery") {
  view = await open(path);
  await waitFor(() => view.byTestId("search-input"));
}

async function searchFor(keyword: string) {
  await typeInto(view.byTestId("search-input")!, keyword);
  await click(view.byTestId("search-submit")!);
  await waitFor(() => view.byTestId("search-results")?.dataset.state === "ready");
}

const historyKeywords = () => view.allByTestId("search-record").map((item) => item.dataset.keyword);

describe("discover page", () => {
  test("finds videos, records the search, and the history comes back", async () => {
    await openDiscovery();
    await searchFor("vitamin");
    expect(view.location()).toBe("/discovery?type=videos&keyword=vitamin");
    expect(server.calls("/api/v1/search/videos")[0].query.get("keyword")).toBe("vitamin");
    expect(view.container.querySelector('[data-testid="entity-row-title"]')!.textContent).toBe("vitamin result 1");
    await expect.poll(async () => (await readSearchHistory()).length).toBe(1);

    await click(view.byTestId("discovery-tab-influencers")!);
    await waitFor(() => view.byTestId("search-results")?.dataset.state === "ready");
    expect(server.calls("/api/v1/search/influencers")[0].query.get("keyword")).toBe("vitamin");

    await click(view.byTestId("discovery-tab-goods")!);
    await waitFor(() => view.byTestId("search-results")?.dataset.state === "ready");
    expect(view.location()).toBe("/discovery?type=goods&keyword=vitamin");
    expect(view.byTestId("discovery-tab-goods")!.textContent).toBe("Products");
    expect(server.calls("/api/v1/search/goods")[0].query.get("keyword")).toBe("vitamin");
    expect(view.container.querySelector('[data-testid="entity-row"]')!.getAttribute("data-entity")).toBe("goods");
    expect(view.container.querySelector('[data-testid="entity-row-title"]')!.textContent).toBe("vitamin result 1");
  });

  test("the type tabs follow the arrow keys and keep the keyword", async () => {
    await openDiscovery("/discovery?type=videos&keyword=vitamin");
    const tablist = view.byRole("tablist", { name: "Search" });
    await pressKey(view.byRole("tab", { name: "Videos" }), "ArrowLeft");
    expect(view.location()).toBe("/discovery?type=goods&keyword=vitamin");
    expect(document.activeElement).toBe(view.byRole("tab", { name: "Products" }));
    await pressKey(view.byRole("tab", { name: "Products" }), "Home");
    expect(view.location()).toBe("/discovery?type=videos&keyword=vitamin");
    const tabIndexes = [...tablist.querySelectorAll<HTMLElement>('[role="tab"]')].map((tab) => tab.tabIndex);
    expect(tabIndexes).toEqual([0, -1, -1]);
  });

  test("a product search is kept in the history with its type", async () => {
    await openDiscovery("/discovery?type=goods");
    await searchFor("serum");
    await act(async () => void view.memory.navigate("/discovery?type=goods"));
    await waitFor(() => view.allByTestId("search-record").length === 1);
    expect(view.allByTestId("search-record")[0].dataset.type).toBe("goods");
    expect((await readSearchHistory())[0]).toMatchObject({ keyword: "serum", type: "goods" });
  });

  test("history: at most 10, newest first, delete one, clear all, tap to search again", async () => {
    await openDiscovery();
    for (let i = 1; i <= 11; i++) await searchFor(`word${i}`);
    await act(async () => void view.memory.navigate("/discovery"));
    await waitFor(() => view.allByTestId("search-record").length === 10);
    expect(historyKeywords()).toEqual([
      "word11",
      "word10",
      "word9",
      "word8",
      "word7",
      "word6",
      "word5",
      "word4",
      "word3",
      "word2",
    ]);

    await click(view.allByTestId("search-record-delete")[1]);
    expect(historyKeywords()).toHaveLength(9);
    expect(historyKeywords()).not.toContain("word10");
    await expect.poll(async () => (await readSearchHistory()).length).toBe(9);

    await click(view.allByTestId("search-record")[3].querySelector("button")!);
    await waitFor(() => view.byTestId("search-results")?.dataset.keyword === "word7");
    await act(async () => void view.memory.navigate("/discovery"));
    await waitFor(() => historyKeywords()[0] === "word7");

    await click(view.byTestId("search-history-clear")!);
    expect(view.byTestId("search-history")).toBeNull();
    await expect.poll(async () => (await readSearchHistory()).length).toBe(0);
  });

  test("an empty keyword is not searched; nothing found says so", async () => {
    await openDiscovery();
    await click(view.byTestId("search-submit")!);
    expect(toastTexts()).toContain("Enter a keyword");
    expect(server.calls("/api/v1/search/videos")).toHaveLength(0);
    await searchFor("nothing");
    expect(view.byTestId("search-empty")).not.toBeNull();
  });

  test("a visitor may open the page but is asked to log in to search", async () => {
    removeToken();
    await openDiscovery("/discovery?type=influencers");
    expect(view.byTestId("login-prompt")).toBeNull();
    expect(view.byTestId("site-footer")).not.toBeNull();
    await typeInto(view.byTestId("search-input")!, "ann");
    await click(view.byTestId("search-submit")!);
    await waitFor(() => view.byTestId("login-prompt"));
  });
});
