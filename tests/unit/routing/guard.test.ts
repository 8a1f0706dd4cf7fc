// Guard decisions: which pages need a token, where the prompt's buttons lead.
import { expect, test } from "vitest";
import {
  CANCEL_GOES_HOME_ROUTES,
  cancelGoesHome,
  LOGIN_WHITELIST,
  loginHref,
  mayEnter,
} from "../../../src/routing/guard";
import { ROUTES, routeByName } from "../../../src/routing/routes";

const PROTECTED = [
  "customerValid",
  "goodsDetail",
  "videoDetail",
  "influencersDetail",
  "musicDetail",
  "hashtagDetail",
  "order",
  "checkout",
  "paySuccess",
  "subscription",
  "monitor",
  "compare",
  "fission",
  "poster",
];

test("the whitelist is every page except the protected ones", () => {
  expect([...LOGIN_WHITELIST].sort()).toEqual(
    ROUTES.map((route) => route.name)
      .filter((name) => !PROTECTED.includes(name))
      .sort(),
  );
  for (const name of [
    "login",
    "reset",
    "auth",
    "discovery",
    "index",
    "rank",
    "user",
    "notFound",
    "webview",
    "serve",
    "ys",
    "comparison",
    "shareGetVip",
    "trial",
    "campaign",
    "component",
    "chooseLocation",
  ]) {
    expect(LOGIN_WHITELIST).toContain(name);
  }
});

test("protected pages need a token, whitelisted pages do not", () => {
  for (const name of PROTECTED) {
    const route = routeByName(name as never);
    expect(mayEnter(route, undefined), name).toBe(false);
    expect(mayEnter(route, ""), name).toBe(false);
    expect(mayEnter(route, "token"), name).toBe(true);
  }
  expect(mayEnter(routeByName("user"), undefined)).toBe(true);
  expect(mayEnter(routeByName("discovery"), undefined)).toBe(true);
});

test("Cancel goes home only from details and the checkout group", () => {
  expect(CANCEL_GOES_HOME_ROUTES).toEqual([
    "goodsDetail",
    "videoDetail",
    "influencersDetail",
    "musicDetail",
    "hashtagDetail",
    "checkout",
    "paySuccess",
    "comparison",
    "subscription",
  ]);
  for (const path of [
    "/goodsDetail",
    "/subVideosDetail/pages/details/videoDetail",
    "/influencersDetail",
    "/musicDetail",
    "/hashtagDetail",
    "/checkout",
    "/paySuccess",
    "/comparison",
    "/subscription",
  ]) {
    expect(cancelGoesHome(path), path).toBe(true);
  }
  for (const path of ["/", "/rank", "/user", "/order", "/customerValid", "/discovery", "/nope"]) {
    expect(cancelGoesHome(path), path).toBe(false);
  }
});

test("Confirm leads to the login page remembering where the user was", () => {
  expect(loginHref("/goodsDetail?id=1")).toBe("/login?from=%2FgoodsDetail%3Fid%3D1");
});
