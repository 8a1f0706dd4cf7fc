// Music and hashtag detail pages against a fake data service: the usage figures, the usage
// trend (uses and views, 7 days first), top videos, related products and influencers linking to
// their pages, the rank history, copy link and the favourite heart (music and hashtag kinds);
// and rank rows of music and hashtags linking to these pages.
import { beforeEach, describe, expect, test } from "vitest";
import { userState } from "../../../../src/state/user";
import { goodsCard, influencerCard, ok, videoCard, LATEST_DATE } from "../../helpers/data-server";
import { setUpDataTests, type View } from "../../helpers/data-tests";
import { click, toastTexts, waitFor } from "../../helpers/render-app";

const { server, open } = await setUpDataTests();
let view: View;

const usage = (overview: object) => ({
  overview: { ...overview, uses: 1200, views: 3_400_000, related_videos: 2, growth: 0.5 },
  top_videos: [videoCard(3), videoCard(4)],
  related_goods: [goodsCard(2)],
  related_influencers: [influencerCard(5)],
  rank_history: [
    { date: "2026-11-20", rank: null },
    { date: LATEST_DATE, rank: 2 },
  ],
});
const trendReply = ok({
  range: { start: "2026-11-15", end: LATEST_DATE, days: 7 },
  points: [{ date: LATEST_DATE, uses: 40, views: 900 }],
  totals: { uses: 321, views: 9000 },
});

beforeEach(() => {
  userState.token = "tok";
  server.replies.set(
    "/api/v1/music/m1",
    ok(
      usage({
        id: "m1",
        title: "Summer Song",
        author: "DJ Test",
        market: "VN",
        duration_seconds: 65,
        original: false,
        cover_large: "/c.jpg",
        cover_large_privatization: "/c.jpg",
        origin_cover: "/c.jpg",
        origin_cover_privatization: "/c.jpg",
      }),
    ),
  );
  server.replies.set("/api/v1/music/m1/trend", trendReply);
  server.replies.set("/api/v1/hashtags/h1", ok(usage({ id: "h1", name: "summer", market: "VN" })));
  server.replies.set("/api/v1/hashtags/h1/trend", trendReply);
});

const trendQueries = (path: string) => server.calls(path).map((call) => Object.fromEntries(call.query));

describe("music", () => {
  test("figures, usage trend, top videos, related items and rank history", async () => {
    view = await open("/musicDetail?id=m1");
    await waitFor(() => view.byRole("heading", { name: "Summer Song" }));
    expect(view.byTestId("usage-metrics")!.textContent).toContain("Uses1.2K");
    expect(view.byTestId("usage-metrics")!.textContent).toContain("Weekly growth50.00%");
    await waitFor(() => view.byRole("heading", { name: "Usage trend" }));
    await waitFor(() => view.byTestId("trend")?.dataset.state === "ready");
    expect(trendQueries("/api/v1/music/m1/trend")).toEqual([{ days: "7" }]);
    expect(view.byTestId("trend-totals")!.textContent).toContain("Uses321");

    expect(view.byRole("heading", { name: "Top videos" })).not.toBeNull();
    const videoLinks = view.byTestId("usage-top-videos")!.querySelectorAll("a");
    expect([...videoLinks].map((a) => a.getAttribute("href"))).toEqual(["/videoDetail?id=v3", "/videoDetail?id=v4"]);
    expect(view.byTestId("usage-related-goods")!.querySelector("a")!.getAttribute("href")).toBe("/goodsDetail?id=g2");
    expect(view.byTestId("usage-related-influencers")!.querySelector("a")!.getAttribute("href")).toBe(
      "/influencersDetail?id=i5",
    );

    expect(view.byRole("heading", { name: "Rank history" })).not.toBeNull();
    expect(view.byTestId("rank-history")!.textContent).toContain("Best daily rank: #2");
    expect(view.byTestId("rank-history")!.textContent).toContain("Not listed");
    expect(view.byRole("button", { name: /copy link/i })).not.toBeNull();
  });

  test("the range switch asks for 30 days", async () => {
    view = await open("/musicDetail?id=m1");
    await waitFor(() => view.byTestId("trend")?.dataset.state === "ready");
    await click(view.byTestId("trend-range-30")!);
    await waitFor(
      () => view.byTestId("trend")?.dataset.range === "30" && view.byTestId("trend")?.dataset.state === "ready",
    );
    expect(trendQueries("/api/v1/music/m1/trend").at(-1)).toEqual({ days: "30" });
  });
});

test("hashtag page shows the tag with its usage trend", async () => {
  view = await open("/hashtagDetail?id=h1");
  await waitFor(() => view.byRole("heading", { name: "#summer" }));
  await waitFor(() => view.byTestId("trend")?.dataset.state === "ready");
  expect(trendQueries("/api/v1/hashtags/h1/trend")).toEqual([{ days: "7" }]);
  expect(view.byTestId("usage-top-videos")!.querySelectorAll("a")).toHaveLength(2);
});

test.each([
  ["music", "/musicDetail?id=m1"],
  ["hashtags", "/hashtagDetail?id=h1"],
])("rank rows of %s link to their detail page", async (type, href) => {
  view = await open(`/rank?type=${type}&rankType=hot`);
  const row = await waitFor(() => view.byTestId("entity-row"));
  expect(row.dataset.entity).toBe(type);
  expect(row.querySelector("a")!.getAttribute("href")).toBe(href);
});

test.each([
  ["music", "/musicDetail?id=m1", "m1"],
  ["hashtag", "/hashtagDetail?id=h1", "h1"],
])("the %s page's heart likes and unlikes it", async (type, path, id) => {
  userState.token = `tok-${type}`; // a new session: the favourites load again
  view = await open(path);
  const heart = await waitFor(() => view.byRole("button", { name: "Add to favourites" }));
  expect(heart.closest(".detail-hero")).not.toBeNull();
  await click(heart);
  await waitFor(() => server.favourites.length === 1);
  expect(server.favourites).toEqual([`${type}:${id}`]);
  expect(toastTexts()).toContain("Added to favourites");
  await click(view.byRole("button", { name: "Remove from favourites" }));
  await waitFor(() => server.favourites.length === 0);
  const likes = server.calls("/api/v1/tikmeta/portal/like").filter((call) => call.method !== "GET");
  expect(likes.map((call) => `${call.method} ${call.rawBody}`)).toEqual([
    `PUT {"type":"${type}","id":"${id}"}`,
    `DELETE {"type":"${type}","id":"${id}"}`,
  ]);
});
