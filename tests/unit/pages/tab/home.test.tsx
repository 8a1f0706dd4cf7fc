// Home against a fake data service: four filled sections with freshness and data time, rows
// linking to details, "More" links to the full lists, the market switch, and a failed load
// keeping the boxes with a Retry.
import { afterEach, expect, test } from "vitest";
import { setMarket } from "../../../../src/state/rank-discover";
import { fail } from "../../helpers/data-server";
import { setUpDataTests, type View } from "../../helpers/data-tests";
import { click, waitFor } from "../../helpers/render-app";

const { server, open } = await setUpDataTests();
let view: View;

afterEach(() => setMarket("VN"));

const SECTIONS = ["product-ranking", "top-sale", "weekly-trend", "follower-growth"];

test("four filled sections with freshness copy and the time of the data", async () => {
  view = await open("/");
  await waitFor(() => SECTIONS.every((id) => view.byTestId(`home-section-${id}`)?.dataset.state === "ready"));
  for (const id of SECTIONS) {
    const section = view.byTestId(`home-section-${id}`)!;
    expect(section.querySelectorAll('[data-testid="entity-row"]')).toHaveLength(5);
    // 11:00 UTC in November is 11:00 in London, 12:00 on the business clock.
    expect(section.querySelector('[data-testid="home-section-time"]')!.textContent).toBe(
      "Data as of 11/22/2026, 12:00",
    );
  }
  expect(server.calls("/api/v1/home")[0].query.get("country")).toBe("VN");
  const firstGoods = view.byTestId("home-section-product-ranking")!.querySelector("a.entity-row__main")!;
  expect(firstGoods.getAttribute("href")).toBe("/goodsDetail?id=g1");
  const firstCreator = view.byTestId("home-section-follower-growth")!.querySelector("a.entity-row__main")!;
  expect(firstCreator.getAttribute("href")).toBe("/influencersDetail?id=i1");
  const more = view.byTestId("home-section-weekly-trend")!.querySelector('[data-testid="home-section-more"]')!;
  expect(more.getAttribute("href")).toBe("/rank?type=goods&rankType=breakout&window=7d");
});

test("changing the market reloads the sections for it", async () => {
  view = await open("/");
  await waitFor(() => view.byTestId("home-section-top-sale")?.dataset.state === "ready");
  const select = view.byTestId("market-select") as HTMLSelectElement;
  select.value = "TH";
  select.dispatchEvent(new Event("change", { bubbles: true }));
  await waitFor(() => server.calls("/api/v1/home").some((call) => call.query.get("country") === "TH"));
  expect(localStorage.getItem("market")).toBe("TH");
});

test("a failed load keeps the boxes and offers Retry", async () => {
  server.replies.set("/api/v1/home", fail(500, 500, "down"));
  view = await open("/");
  await waitFor(() => view.byTestId("home-section-top-sale")?.dataset.state === "failed");
  server.replies.delete("/api/v1/home");
  await click(view.byTestId("home-section-retry")!);
  await waitFor(() => view.byTestId("home-section-top-sale")?.dataset.state === "ready");
});
