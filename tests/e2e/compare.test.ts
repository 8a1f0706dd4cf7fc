// Side-by-side comparison end to end on the production build (issue 15's acceptance): a Premium
// user adds one product from its card on the goods list and another from its detail page, the
// tray bar counts two and "Compare now" opens /compare, which shows both products' figures in
// aligned rows and one chart per metric with two series (uPlot's legend); dragging across a
// chart zooms it and "Reset zoom" appears, and undoes it; a two-finger pinch zooms it too.
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "./api";
import { useBrowser, usePhonePage } from "./fixtures";
import { signInThroughLoginPage } from "./login";

const phonePage = usePhonePage(useBrowser());
const PREMIUM = "premium@shopradar.demo";

describe("compare", () => {
  it("compares two products added from a card and a detail, with overlaid and zoomable charts", async () => {
    const page = await phonePage();
    await signInThroughLoginPage(page, PREMIUM, DEMO_PASSWORD);

    // From a card: the first product of the goods list.
    await page.goto("/rank?type=goods");
    const rows = page.locator('[data-testid="entity-row"][data-entity="goods"]');
    await rows.first().waitFor();
    const firstId = (await rows.first().getAttribute("data-id"))!;
    await rows.first().getByRole("button", { name: "Compare" }).click();
    await expect.poll(() => page.getByTestId("compare-tray").getAttribute("data-count")).toBe("1");

    // From a detail: another product of the list.
    const secondId = (await rows.nth(1).getAttribute("data-id"))!;
    expect(secondId).not.toBe(firstId);
    await page.goto(`/goodsDetail?id=${encodeURIComponent(secondId)}`);
    await page.getByTestId("detail-page").waitFor();
    await page.getByTestId("detail-tools").getByRole("button", { name: "Compare" }).click();
    const tray = page.getByRole("region", { name: "Compare tray" });
    await expect.poll(() => tray.getAttribute("data-count")).toBe("2");
    expect(await tray.innerText()).toContain("2 of 4 products to compare");

    await tray.getByRole("link", { name: "Compare now" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("ids")).toBe(`${firstId},${secondId}`);
    const items = page.getByTestId("compare-item");
    await expect
      .poll(() => items.evaluateAll((all) => all.map((item) => item.getAttribute("data-state"))))
      .toEqual(["ready", "ready"]);
    // Aligned rows: every figure row has one cell per product, filled.
    for (const row of ["price", "totalSales", "estimatedSalesVolume"]) {
      const cells = await page.getByTestId(`compare-row-${row}`).locator("td").allInnerTexts();
      expect(cells, row).toHaveLength(2);
      for (const cell of cells) expect(cell.trim(), row).not.toBe("");
    }

    // One chart per metric, each with two series (uPlot's legend: the dates plus one per product).
    const sales = page.getByTestId("compare-chart-salesVolume");
    await expect.poll(() => sales.getByTestId("trend-chart").getAttribute("data-state")).toBe("ready");
    expect(await sales.locator(".u-legend .u-series").count()).toBe(3);
    expect(await page.locator('[data-testid="trend-chart"][data-series="2"]').count()).toBe(2);

    // Drag across the dates: zoomed, "Reset zoom" shows; tapping it shows every day again.
    const plot = sales.locator(".u-over");
    await plot.scrollIntoViewIfNeeded();
    const box = (await plot.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const reset = sales.getByRole("button", { name: "Reset zoom" });
    await reset.waitFor();
    expect(await sales.getByTestId("trend-chart").getAttribute("data-zoomed")).toBe("true");
    await reset.click();
    await expect.poll(() => reset.count()).toBe(0);

    // Pinch (two fingers moving apart over the plot, as a phone sends it): zoomed again.
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height / 2;
    const fingers = (spread: number) => [
      { x: box.x + box.width * (0.5 - spread), y, id: 1 },
      { x: box.x + box.width * (0.5 + spread), y, id: 2 },
    ];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(0.1) });
    for (const spread of [0.15, 0.2, 0.3, 0.4]) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(spread) });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await reset.waitFor();
    expect(await sales.getByTestId("trend-chart").getAttribute("data-zoomed")).toBe("true");
  });
});
