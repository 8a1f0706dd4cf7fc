// Detail pages against a fake data service: each kind renders its blocks and its chart
// section and its data table; the range switch asks for 7/15/30 days and a custom range; a refused range keeps
// the chart on screen and opens the upgrade dialog; the influencer video filter and calendar;
// 801 shows the used-up view; copy link toasts and shows the notice once a day.
import { act } from "react";
import { beforeEach, describe, expect, test } from "vitest";
import { COPY_NOTICE_COOKIE, takeCopyNotice } from "../../../../src/platform/copy-notice";
import { removeCookie } from "../../../../src/platform/cookies";
import { priceState } from "../../../../src/state/price";
import { userState } from "../../../../src/state/user";
import { fail, LATEST_DATE } from "../../helpers/data-server";
import { setUpDataTests, type View } from "../../helpers/data-tests";
import { click, toastTexts, typeInto, waitFor } from "../../helpers/render-app";

const { server, open } = await setUpDataTests();
let view: View;

beforeEach(() => {
  userState.token = "tok";
});

const trendQueries = (path: string) => server.calls(path).map((call) => Object.fromEntries(call.query));
const trendState = (): DOMStringMap => view.byTestId("trend")?.dataset ?? {};

describe("goods", () => {
  test("overview, sales analysis, related items, specifications, shop and scan-code notice", async () => {
    view = await open("/goodsDetail?id=g7");
    await waitFor(() => view.byTestId("detail-page"));
    expect(view.byTestId("detail-title")!.textContent).toBe("Product 1");
    expect(view.byTestId("metric-commission-rate")!.textContent).toBe("Commission rate10.00%");
    expect(view.byTestId("metric-sales-growth")!.textContent).toBe("Sales growth25.00%");
    for (const id of ["trend", "related-videos", "related-influencers", "specifications", "shop", "scan-code-notice"])
      expect(view.byTestId(id), id).not.toBeNull();
    expect(view.byTestId("specifications")!.textContent).toContain("Beauty › Skincare");
    await waitFor(() => trendState().state === "ready");
    expect(trendQueries("/api/v1/goods/g7/trend")).toEqual([{ days: "7" }]);
    expect(view.byTestId("trend-totals")!.textContent).toContain("Sales10");
  });

  test("the chart's data table: the toggle shows a table of the plotted days with its headers", async () => {
    view = await open("/goodsDetail?id=g7");
    await waitFor(() => trendState().state === "ready");
    const toggle = view.byRole("button", { name: "Show data table" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(view.byTestId("chart-table")).toBeNull();
    await click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toBe("Hide data table");
    const table = view.byTestId("chart-table")!;
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)!.contains(table)).toBe(true);
    expect(table.querySelector("caption")!.textContent).toBe("Sales and Revenue");
    const texts = (cells: NodeListOf<Element>) => [...cells].map((cell) => cell.textContent);
    expect(texts(table.querySelectorAll("thead th[scope=col]"))).toEqual(["Date", "Sales", "Revenue"]);
    const rows = table.querySelectorAll("tbody tr");
    expect(rows).toHaveLength(7);
    expect(texts(rows[6].querySelectorAll("th[scope=row], td"))).toEqual(["11/21", "6", "6.00K₫"]);
    await click(toggle);
    expect(view.byTestId("chart-table")).toBeNull();
  });

  test("the range switch asks for 15 and 30 days and a custom range", async () => {
    view = await open("/goodsDetail?id=g7");
    await waitFor(() => trendState().state === "ready");
    await click(view.byTestId("trend-range-15")!);
    await waitFor(() => trendState().range === "15" && trendState().state === "ready");
    await click(view.byTestId("trend-range-30")!);
    await waitFor(() => trendState().range === "30" && trendState().state === "ready");
    expect(view.byTestId("trend-period")!.textContent).toBe("10/23/2026 – 11/21/2026");

    await click(view.byTestId("trend-range-custom")!);
    const start = await waitFor(() => view.byTestId("custom-range-start"));
    expect(start.getAttribute("max")).toBe(LATEST_DATE);
    await typeInto(start, "2026-11-10");
    await typeInto(view.byTestId("custom-range-end")!, "2026-11-01");
    await click(view.byTestId("custom-range-apply")!);
    expect(view.byTestId("custom-range-error")!.textContent).toBe("The start date must be on or before the end date.");
    await typeInto(view.byTestId("custom-range-end")!, "2026-11-20");
    await click(view.byTestId("custom-range-apply")!);
    await waitFor(() => trendState().range === "2026-11-10..2026-11-20");
    expect(trendQueries("/api/v1/goods/g7/trend").map((query) => query.days ?? `${query.start}..${query.end}`)).toEqual(
      ["7", "15", "30", "2026-11-10..2026-11-20"],
    );
  });

  test("a range outside the plan (803) opens the upgrade dialog and keeps the chart", async () => {
    view = await open("/goodsDetail?id=g7");
    await waitFor(() => trendState().state === "ready");
    server.replies.set("/api/v1/goods/g7/trend", fail(403, 803, "Insufficient permissions"));
    await click(view.byTestId("trend-range-30")!);
    await waitFor(() => view.byTestId("upgrade-dialog"));
    expect(view.byTestId("upgrade-dialog-title")!.textContent).toBe("Insufficient permissions");
    expect(trendState().range).toBe("7");
    expect(view.byTestId("trend-range-7")!.getAttribute("aria-pressed")).toBe("true");
  });

  test("used-up daily views (801) show the used-up view and the upgrade dialog", async () => {
    server.replies.set("/api/v1/goods/g8", fail(403, 801, "Usage has been used up today"));
    view = await open("/goodsDetail?id=g8");
    await waitFor(() => view.byTestId("detail-blocked"));
    await waitFor(() => view.byTestId("upgrade-dialog"));
    expect(priceState.dialogType).toBe(801);
  });

  test("an unknown id says so", async () => {
    view = await open("/goodsDetail?id=missing");
    await waitFor(() => view.byTestId("detail-missing"));
  });
});

describe("influencer", () => {
  test("profile, analysis, chart, products, the video filter and the calendar", async () => {
    view = await open("/influencersDetail?id=i3");
    await waitFor(() => view.byTestId("detail-page"));
    for (const id of [
      "influencer-profile",
      "basic-analysis",
      "trend",
      "influencer-products",
      "influencer-videos",
      "calendar",
    ])
      expect(view.byTestId(id), id).not.toBeNull();
    const videos = () => view.byTestId("influencer-videos")!.dataset;
    await waitFor(() => videos().total === "25");
    await click(view.byTestId("video-filter-with_products")!);
    await waitFor(() => videos().filter === "with_products" && videos().total === "13");
    await click(view.byTestId("video-filter-without_products")!);
    await waitFor(() => videos().total === "12");
    expect(server.calls("/api/v1/influencers/i3/videos").map((call) => call.query.get("filter"))).toEqual([
      "all",
      "with_products",
      "without_products",
    ]);

    await waitFor(() => view.byTestId("calendar")!.dataset.month === "2026-11");
    expect(view.allByTestId("calendar-day")).toHaveLength(30);
    expect((view.byTestId("calendar-next") as HTMLButtonElement).disabled).toBe(true);
    await click(view.byTestId("calendar-prev")!);
    await waitFor(() => view.byTestId("calendar")!.dataset.month === "2026-10");
    expect(server.calls("/api/v1/influencers/i3/calendar").at(-1)!.query.get("month")).toBe("2026-10");
  });
});

describe("video", () => {
  test("metrics, linked product and sales, chart", async () => {
    view = await open("/videoDetail?id=v9");
    await waitFor(() => view.byTestId("detail-page"));
    expect(view.byTestId("metric-engagement-rate")!.textContent).toBe("Engagement rate7.10%");
    expect(view.byTestId("metric-duration")!.textContent).toBe("Duration0:30");
    expect(view.byTestId("video-sales")!.querySelector("a")!.getAttribute("href")).toBe("/goodsDetail?id=g1");
    await waitFor(() => trendState().state === "ready");
    expect(trendQueries("/api/v1/videos/v9/trend")).toEqual([{ days: "7" }]);
  });
});

describe("copy link", () => {
  beforeEach(() => removeCookie(COPY_NOTICE_COOKIE));

  test("the notice is shown once per day", () => {
    expect(takeCopyNotice(new Date(2026, 10, 22, 9))).toBe(true);
    expect(takeCopyNotice(new Date(2026, 10, 22, 23))).toBe(false);
    expect(takeCopyNotice(new Date(2026, 10, 23, 0, 5))).toBe(true);
  });

  test("copies the page link with a success toast and the notice; a failure toasts", async () => {
    const copied: string[] = [];
    Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: async (text: string) => void copied.push(text) },
      configurable: true,
    });
    view = await open("/videoDetail?id=v9");
    await click(await waitFor(() => view.byTestId("copy-link")));
    await waitFor(() => view.byTestId("copy-notice"));
    expect(copied).toEqual([`${location.origin}/videoDetail?id=v9`]);
    expect(toastTexts()).toContain("Copied successfully");
    await click(view.byTestId("copy-notice-confirm")!);
    await click(view.byTestId("copy-link")!);
    expect(view.byTestId("copy-notice")).toBeNull();

    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: async () => Promise.reject(new Error("denied")) },
      configurable: true,
    });
    Object.defineProperty(document, "execCommand", { value: () => false, configurable: true });
    await act(async () => view.byTestId("copy-link")!.click());
    await waitFor(() => toastTexts().includes("Copy failed"));
  });
});
