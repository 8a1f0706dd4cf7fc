// The Monitor screen and the detail's Monitor button against a fake monitoring service on a real
// local HTTP server (the wire shapes of the agreed API, snake_case): the items with their
// figures and change, the holding with Upgrade at the limit, Remove, the threshold form (checked
// before it is sent), the daily digest switch, the empty state; the Alerts tab (?tab=alerts,
// arrow keys) with unread marks and "Mark all as read"; the Monitor toggle for visitors, a start,
// a stop and the 60003 refusal with its toast and upgrade path.
import { beforeEach, describe, expect, test } from "vitest";
import { MonitorButton } from "../../../src/features/monitoring/MonitorButton";
import { systemState } from "../../../src/state/system";
import { userState } from "../../../src/state/user";
import { fail, goodsCard, influencerCard, ok } from "../helpers/data-server";
import { setUpDataTests, type View } from "../helpers/data-tests";
import type { RecordedRequest } from "../helpers/test-server";
import { click, pressKey, toastTexts, typeInto, waitFor } from "../helpers/render-app";

const { server, open, mount } = await setUpDataTests();
let view: View;

const thresholds = { rank_places: 10, sales_percent: 20, new_videos: true, top_list: true };
const goodsItem = {
  type: "goods",
  id: "g1",
  created_at: "2026-11-20T10:00:00.000Z",
  available: true,
  thresholds,
  card: goodsCard(1),
  latest: { rank: 12, sales: 4200, in_top_list: true },
  change: { rank: 3, sales_percent: 25 },
  evaluated_at: "2026-11-23T12:00:00.000Z",
};
const influencerItem = {
  type: "influencers",
  id: "i2",
  created_at: "2026-11-19T10:00:00.000Z",
  available: true,
  thresholds: { ...thresholds, rank_places: 5 },
  card: influencerCard(2),
  latest: { rank: null, sales: 900, videos: 31, in_top_list: false },
  change: { rank: -2, sales_percent: -12.5 },
  evaluated_at: "2026-11-23T12:00:00.000Z",
};

/** A small monitoring service: the items (newest first), the plan's limit and the digest flag. */
function monitorService(limit: number, items: Record<string, unknown>[] = [goodsItem, influencerItem]) {
  const state = { items: [...items], dailyDigest: false };
  const body = (request: RecordedRequest) => JSON.parse(request.rawBody || "{}") as Record<string, unknown>;
  server.replies.set("/api/v1/monitor/items", (request) => {
    if (request.method === "GET") {
      return ok({
        list: state.items,
        total: state.items.length,
        limit,
        daily_digest: state.dailyDigest,
        updated_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
      });
    }
    const { type, id } = body(request);
    if (request.method === "DELETE") {
      state.items = state.items.filter((item) => item.id !== id);
      return ok({ type, id, monitored: false, total: state.items.length, limit });
    }
    if (request.method === "PATCH") {
      const item = state.items.find((entry) => entry.id === id)!;
      item.thresholds = { ...(item.thresholds as object), ...(body(request).thresholds as object) };
      return ok(item);
    }
    return fail(405, 405, "Method not allowed");
  });
  server.replies.set("/api/v1/monitor/settings", (request) => {
    state.dailyDigest = body(request).daily_digest === true;
    return ok({ daily_digest: state.dailyDigest });
  });
  return state;
}

const itemRow = (id: string) => view.allByTestId("monitor-item").find((row) => row.dataset.id === id)!;
const figure = (row: HTMLElement, key: string) =>
  row.querySelector(`[data-testid="metric-${key}"] dd`)?.textContent ?? null;

beforeEach(() => {
  userState.token = "tok";
});

describe("the Items tab", () => {
  test("lists each item with its card, latest figures and change, and the holding under the limit", async () => {
    monitorService(5);
    view = await open("/monitor");
    await waitFor(() => view.byTestId("monitor-items")?.dataset.state === "ready");
    expect(view.byRole("tab", { name: "Items" }).getAttribute("aria-selected")).toBe("true");
    expect(view.byTestId("monitor-holding")!.textContent).toBe("2 of 5 monitored");
    expect(view.byTestId("monitor-upgrade")).toBeNull();
    expect(view.byTestId("data-age")!.textContent).toBe("Updated 2 hours ago");
    expect(view.byTestId("data-saved")).toBeNull();
    expect(view.byRole("button", { name: "Export CSV" })).not.toBeNull();

    const goods = itemRow("g1");
    expect(goods.querySelector('[data-testid="entity-row-title"]')!.textContent).toBe("Product 1");
    expect(goods.querySelector("a")!.getAttribute("href")).toBe("/goodsDetail?id=g1");
    expect(figure(goods, "rank")).toBe("#12");
    expect(figure(goods, "sales")).toBe("4.2K");
    expect(figure(goods, "videos")).toBeNull();
    expect(figure(goods, "rank-change")).toBe("↑ 3 places");
    expect(figure(goods, "sales-change")).toBe("+25%");

    const person = itemRow("i2");
    expect(figure(person, "rank")).toBe("Not ranked");
    expect(figure(person, "videos")).toBe("31");
    expect(figure(person, "rank-change")).toBe("↓ 2 places");
    expect(figure(person, "sales-change")).toBe("-12.5%");
  });

  test("at the limit the holding offers Upgrade to checkout", async () => {
    monitorService(2);
    view = await open("/monitor");
    const upgrade = await waitFor(() => view.byRole("link", { name: "Upgrade" }));
    expect(upgrade.getAttribute("href")).toBe("/checkout");
    expect(view.byTestId("monitor-holding")!.textContent).toBe("2 of 2 monitored");
  });

  test("Remove stops monitoring the item and the list loads again without it", async () => {
    monitorService(5);
    view = await open("/monitor");
    await waitFor(() => view.allByTestId("monitor-item").length === 2);
    const remove = [...itemRow("g1").querySelectorAll("button")].find((button) => button.textContent === "Remove")!;
    await click(remove);
    await waitFor(() => view.allByTestId("monitor-item").length === 1);
    const deletes = server.calls("/api/v1/monitor/items").filter((call) => call.method === "DELETE");
    expect(deletes.map((call) => JSON.parse(call.rawBody) as unknown)).toEqual([{ type: "goods", id: "g1" }]);
    expect(view.byTestId("monitor-holding")!.textContent).toBe("1 of 5 monitored");
  });

  test("the thresholds form refuses a value out of bounds and saves valid ones with PATCH", async () => {
    monitorService(5);
    view = await open("/monitor");
    await waitFor(() => view.allByTestId("monitor-item").length === 2);
    const row = itemRow("i2");
    const rankField = row.querySelector<HTMLInputElement>('[data-testid="threshold-rank-places"]')!;
    expect(rankField.value).toBe("5");
    const save = [...row.querySelectorAll("button")].find((button) => button.textContent === "Save thresholds")!;

    await typeInto(rankField, "0");
    await click(save);
    expect(row.querySelector('[data-testid="threshold-rank-places-error"]')!.textContent).toBe(
      "Enter a whole number from 1 to 1000.",
    );
    const patches = () => server.calls("/api/v1/monitor/items").filter((call) => call.method === "PATCH");
    expect(patches()).toHaveLength(0);

    await typeInto(rankField, "25");
    await typeInto(row.querySelector('[data-testid="threshold-sales-percent"]')!, "40");
    const videos = [...row.querySelectorAll("label")].find(
      (label) => label.textContent === "Alert when a new video is posted",
    )!;
    await click(videos.querySelector("input")!);
    await click(save);
    await waitFor(() => toastTexts().includes("Alert thresholds saved"));
    expect(JSON.parse(patches()[0].rawBody)).toEqual({
      type: "influencers",
      id: "i2",
      thresholds: { rank_places: 25, sales_percent: 40, new_videos: false, top_list: true },
    });
    // A product has no video threshold.
    expect(itemRow("g1").textContent).not.toContain("Alert when a new video is posted");
  });

  test("the daily digest switch saves the setting", async () => {
    const state = monitorService(5);
    view = await open("/monitor");
    const digest = await waitFor(() => view.byRole("switch", { name: /Daily digest/ }) as HTMLInputElement | null);
    expect(digest.checked).toBe(false);
    await click(digest);
    await waitFor(() => state.dailyDigest);
    expect(JSON.parse(server.calls("/api/v1/monitor/settings")[0].rawBody)).toEqual({ daily_digest: true });
    // The switch shows the saved value once the answer is read (the toast comes with it), not
    // when the request reaches the server.
    await waitFor(() => toastTexts().includes("Alerts will arrive as one daily digest"));
    expect(digest.checked).toBe(true);
  });

  test("with nothing monitored it says how to add an item", async () => {
    monitorService(1, []);
    view = await open("/monitor");
    await waitFor(() => view.byTestId("monitor-empty"));
    expect(view.byTestId("monitor-empty")!.textContent).toContain("Open a product or an influencer and tap Monitor");
    expect(view.byTestId("monitor-holding")!.textContent).toBe("0 of 1 monitored");
    expect(view.byRole("button", { name: "Export CSV" })).toBeNull();
  });
});

describe("the Alerts tab", () => {
  const alerts = [
    {
      id: 8,
      type: "rank",
      item_type: "goods",
      item_id: "g1",
      name: "Product 1",
      text: "Product 1 moved up 12 places to #3",
      url: "/goodsDetail?id=g1",
      detail: {},
      created_at: "2026-11-23T12:00:00.000Z",
      read: false,
    },
    {
      id: 7,
      type: "video",
      item_type: "influencers",
      item_id: "i2",
      name: "Creator 2",
      text: "Creator 2 posted a new video",
      url: "/influencersDetail?id=i2",
      detail: {},
      created_at: "2026-11-22T12:00:00.000Z",
      read: true,
    },
  ];

  test("lists the alerts with links and unread marks; Mark all as read clears them", async () => {
    server.replies.set("/api/v1/monitor/alerts", ok({ list: alerts, total: 2, unread: 1 }));
    server.replies.set("/api/v1/monitor/alerts/read", ok({ unread: 0 }));
    view = await open("/monitor?tab=alerts");
    await waitFor(() => view.allByTestId("monitor-alert").length === 2);
    expect(view.byRole("tab", { name: "Alerts" }).getAttribute("aria-selected")).toBe("true");
    const [first, second] = view.allByTestId("monitor-alert");
    expect(first.dataset.read).toBe("false");
    expect(second.dataset.read).toBe("true");
    expect(view.byRole("link", { name: "Product 1 moved up 12 places to #3" }).getAttribute("href")).toBe(
      "/goodsDetail?id=g1",
    );
    expect(view.byRole("img", { name: "Unread" })).not.toBeNull();
    expect(Object.fromEntries(server.calls("/api/v1/monitor/alerts")[0].query)).toEqual({ page: "1", size: "20" });

    await click(view.byRole("button", { name: "Mark all as read" }));
    await waitFor(() => view.allByTestId("monitor-alert").every((alert) => alert.dataset.read === "true"));
    expect(JSON.parse(server.calls("/api/v1/monitor/alerts/read")[0].rawBody)).toEqual({});
    expect(view.byRole("button", { name: "Mark all as read" })).toBeNull();
  });

  test("arrow keys move between the tabs and the URL follows", async () => {
    monitorService(5);
    server.replies.set("/api/v1/monitor/alerts", ok({ list: [], total: 0, unread: 0 }));
    view = await open("/monitor");
    const items = await waitFor(() => view.byRole("tab", { name: "Items" }));
    await pressKey(items, "ArrowRight");
    await waitFor(() => view.byTestId("monitor-alerts-empty"));
    expect(view.location()).toBe("/monitor?tab=alerts");
    expect(document.activeElement).toBe(view.byRole("tab", { name: "Alerts" }));
    expect(view.byRole("tab", { name: "Items" }).tabIndex).toBe(-1);
  });
});

describe("the Monitor button", () => {
  // Mounted alone, without the shell's toast host: the toasts raised are read from the store.
  const toastMessages = () => systemState.toasts.map((toast) => toast.message);

  const check = (monitored: boolean) =>
    server.replies.set("/api/v1/subscribe/check", (request) =>
      ok({ type: request.query.get("type"), id: request.query.get("id"), monitored, total: 0, limit: 1 }),
    );

  test("a visitor gets the login prompt and nothing is asked", async () => {
    userState.token = "";
    view = await mount(<MonitorButton kind="goods" id="g1" />);
    await click(view.byRole("button", { name: "Monitor" }));
    expect(userState.loginDialogVisible).toBe(true);
    expect(server.calls("/api/v1/subscribe/check")).toHaveLength(0);
    expect(server.calls("/api/v1/monitor/items")).toHaveLength(0);
  });

  test("reads the state, starts monitoring with PUT and stops with DELETE", async () => {
    check(false);
    server.replies.set("/api/v1/monitor/items", (request) => {
      const { type, id } = JSON.parse(request.rawBody) as { type: string; id: string };
      return ok({ type, id, monitored: request.method === "PUT", total: 1, limit: 1 });
    });
    view = await mount(<MonitorButton kind="goods" id="g1" />);
    const button = await waitFor(() => {
      const found = view.byRole("button", { name: "Monitor" });
      return found && !(found as HTMLButtonElement).disabled ? found : null;
    });
    expect(Object.fromEntries(server.calls("/api/v1/subscribe/check")[0].query)).toEqual({ type: "goods", id: "g1" });
    expect(button.getAttribute("aria-pressed")).toBe("false");

    await click(button);
    await waitFor(() => button.getAttribute("aria-pressed") === "true");
    expect(button.textContent).toBe("Monitoring");
    expect(toastMessages()).toContain("Added to your monitored items");
    expect(view.byRole("link", { name: "Monitored items" }).getAttribute("href")).toBe("/monitor");

    await click(button);
    await waitFor(() => button.getAttribute("aria-pressed") === "false");
    expect(server.calls("/api/v1/monitor/items").map((call) => call.method)).toEqual(["PUT", "DELETE"]);
  });

  test("at the limit: the 60003 toast and the upgrade path, and the button stays off", async () => {
    check(false);
    server.replies.set("/api/v1/monitor/items", fail(403, 60003, "The monitor account limit is reached"));
    view = await mount(<MonitorButton kind="influencers" id="i2" />);
    const button = await waitFor(() => {
      const found = view.byRole("button", { name: "Monitor" });
      return found && !(found as HTMLButtonElement).disabled ? found : null;
    });
    await click(button);
    await waitFor(() => view.byTestId("monitor-upgrade"));
    expect(toastMessages()).toContain("The number of monitored accounts has reached the limit");
    expect(view.byRole("link", { name: "Upgrade to monitor more" }).getAttribute("href")).toBe("/checkout");
    expect(button.getAttribute("aria-pressed")).toBe("false");
  });

  test("shows Monitoring for an item already monitored", async () => {
    check(true);
    view = await mount(<MonitorButton kind="goods" id="g3" />);
    await waitFor(() => view.byRole("button", { name: "Monitoring" }));
    expect(view.byRole("button", { name: "Monitoring" }).getAttribute("aria-pressed")).toBe("true");
  });
});
