// The addresses and the routes table: every path and alias resolves to its page, which has a
// title; unknown paths give the 404 page; desktop and old paths redirect to the right page.
import { describe, expect, test } from "vitest";
import { DESKTOP_REDIRECTS, LEGACY_REDIRECTS, redirectTarget } from "../../../src/routing/redirects";
import { resolvePath, SWITCH_ENTRIES } from "../../../src/routing/resolve";
import { hrefFor, NON_DETAIL_ROUTES, type RouteName } from "../../../src/routing/paths";
import { ROUTES, routeByName } from "../../../src/routing/routes";

/** Every page and the paths that show it, written out independently of the table. */
const SPEC_PATHS: Record<RouteName, string[]> = {
  index: ["/", "/pages/tab/index/index"],
  rank: ["/pages/tab/rank/rank", "/rank"],
  user: ["/pages/tab/user/user", "/user"],
  login: ["/login/pages/login/login", "/login"],
  reset: ["/login/pages/reset/reset", "/reset"],
  auth: ["/login/pages/auth/auth", "/auth"],
  customerValid: ["/subCustomerValid/pages/valid/valid", "/customerValid"],
  notFound: ["/404"],
  discovery: ["/subRankPages/pages/discovery/discovery", "/discovery"],
  goodsDetail: ["/subGoodsDetail/pages/details/goodsDetail", "/goodsDetail"],
  videoDetail: ["/subVideosDetail/pages/details/videoDetail", "/videoDetail"],
  influencersDetail: ["/subInfluencersDetail/pages/details/influencersDetail", "/influencersDetail"],
  musicDetail: ["/subMusicDetail/pages/details/musicDetail", "/musicDetail"],
  hashtagDetail: ["/subHashtagDetail/pages/details/hashtagDetail", "/hashtagDetail"],
  webview: ["/subWebView/pages/webview/webview", "/webview"],
  serve: ["/subWebView/pages/webview/serve", "/serve"],
  ys: ["/subWebView/pages/webview/ys", "/ys"],
  order: ["/subOrders/pages/order", "/order"],
  checkout: ["/subCheckoutPage/pages/checkout/checkout", "/checkout"],
  paySuccess: ["/subCheckoutPage/pages/paySuccess/paySuccess", "/paySuccess"],
  comparison: ["/subCheckoutPage/pages/comparison/comparison", "/comparison"],
  subscription: ["/subCheckoutPage/pages/subscription/subscription", "/subscription"],
  monitor: ["/subTools/pages/monitor/monitor", "/monitor"],
  calculator: ["/subTools/pages/calculator/calculator", "/calculator"],
  compare: ["/subTools/pages/compare/compare", "/compare"],
  fission: ["/subActivity/pages/fission/fission", "/fission"],
  shareGetVip: ["/subActivity/pages/getVip/getVip", "/shareGetVip/invite"],
  poster: ["/subActivity/pages/poster/poster", "/poster"],
  getThreeDayVip: ["/subActivity/pages/getThreeDayVip/getThreeDayVip", "/getThreeDayVip"],
  GetVip: ["/subActivity/pages/h5-GetVip/GetVip/GetVip", "/GetVip"],
  welfare: ["/subActivity/pages/h5-GetVip/welfare/welfare", "/welfare"],
  trial: ["/subActivity/pages/welfare/welfare", "/trial"],
  newUserActivity: ["/subActivity/pages/newUserActivity/newUserActivity", "/newUserActivity"],
  campaign: ["/subActivity/pages/campaign/campaign", "/campaign"],
  component: ["/component/share"],
  chooseLocation: ["/system/choose-location"],
  shareTarget: ["/share-target"],
  openLocation: ["/system/open-location"],
};

describe("pages", () => {
  test("the table has exactly the spec's pages", () => {
    expect(ROUTES.map((route) => route.name).sort()).toEqual(Object.keys(SPEC_PATHS).sort());
  });

  test.each(Object.entries(SPEC_PATHS).flatMap(([name, paths]) => paths.map((path) => [path, name])))(
    "%s shows %s",
    (path, name) => {
      const resolution = resolvePath(path);
      expect(resolution.kind).toBe("page");
      if (resolution.kind !== "page") return;
      expect(resolution.name).toBe(name);
      const { title } = routeByName(resolution.name);
      expect(title.message ?? title.id).toBeTruthy();
    },
  );

  test("paths match with a trailing slash and keep their parameters", () => {
    expect(resolvePath("/rank/")).toMatchObject({ kind: "page", name: "rank" });
    expect(resolvePath("/shareGetVip/abc")).toMatchObject({ kind: "page", params: { type: "abc" } });
    expect(resolvePath("/component/calculator")).toMatchObject({ kind: "page", params: { type: "calculator" } });
  });

  test("no two entries share a pattern", () => {
    const patterns = SWITCH_ENTRIES.map((entry) => entry.pattern.toLowerCase());
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  test("every page has a lazy loader whose module exports a component", async () => {
    for (const route of ROUTES) {
      const module = await route.load();
      expect(typeof module.default, route.name).toBe("function");
    }
  });

  test("tab pages, non-detail names and the rank query defaults", () => {
    expect(ROUTES.filter((route) => route.tab).map((route) => route.name)).toEqual(["index", "rank", "user"]);
    expect(NON_DETAIL_ROUTES).toEqual(["index", "rank", "user"]);
    expect(routeByName("rank").query).toEqual({ type: "influencers", rankType: "breakout" });
    expect(routeByName("checkout").query).toEqual({ marketing_id: "", group_num: "" });
    expect(routeByName("trial").query).toEqual({ marketing_id: "", channel_id: "" });
  });

  test("canonical links are the public aliases", () => {
    expect(hrefFor("index")).toBe("/");
    expect(hrefFor("rank", { type: "videos" })).toBe("/rank?type=videos");
    expect(hrefFor("goodsDetail")).toBe("/goodsDetail");
    expect(hrefFor("chooseLocation")).toBe("/system/choose-location");
  });
});

describe("unknown paths", () => {
  test.each(["/nope", "/pages/tab/unknown", "/goodsDetail/extra", "/subActivity/pages/x"])(
    "%s shows the 404 page",
    (path) => {
      const resolution = resolvePath(path);
      expect(resolution).toMatchObject({ kind: "page", name: "notFound" });
      if (resolution.kind === "page") expect(routeByName(resolution.name).title.message).toBe("Page not found");
    },
  );
});

describe("redirects", () => {
  const target = (path: string, search = "") => {
    const resolution = resolvePath(path);
    if (resolution.kind !== "redirect") throw new Error(`${path} does not redirect`);
    return redirectTarget(resolution.rule, search);
  };

  test.each([
    ["/home", "/"],
    ["/checkout/comparison", "/comparison"],
    ["/influencers/sales", "/rank?type=influencers&rankType=sales"],
    ["/products/sales", "/rank?type=goods&rankType=top-sale"],
    ["/videos/products", "/rank?type=videos&rankType=sales"],
    ["/discovery/influencers", "/discovery?type=influencers"],
    ["/discovery/videos", "/discovery?type=videos"],
    ["/influencers/detail", "/influencersDetail"],
    ["/products/detail", "/goodsDetail"],
    ["/videos/detail", "/videoDetail"],
  ])("desktop %s -> %s", (from, to) => {
    expect(target(from)).toBe(to);
  });

  test.each([
    ["/pages/index/index", "/"],
    ["/pages/rank/rank", "/rank"],
    ["/pages/user/user", "/user"],
    ["/pages/tab/index", "/"],
    ["/pages/tab/rank", "/rank"],
    ["/pages/tab/user", "/user"],
    ["/pages/details/goodsDetail", "/goodsDetail"],
    ["/pages/details/videoDetail", "/videoDetail"],
    ["/pages/details/influencersDetail", "/influencersDetail"],
    ["/pages/discovery/discovery", "/discovery"],
  ])("old path %s -> %s", (from, to) => {
    expect(target(from)).toBe(to);
  });

  test("the query string is kept; the rule's own keys win", () => {
    expect(target("/products/detail", "id=42&region=VN")).toBe("/goodsDetail?id=42&region=VN");
    expect(target("/influencers/sales", "rankType=x&page=2")).toBe("/rank?rankType=sales&page=2&type=influencers");
  });

  test("every rule targets a page that resolves", () => {
    for (const rule of [...DESKTOP_REDIRECTS, ...LEGACY_REDIRECTS]) {
      const [path] = redirectTarget(rule, "").split("?");
      expect(resolvePath(path)).toMatchObject({ kind: "page", name: rule.to });
    }
  });
});
