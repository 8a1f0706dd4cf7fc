// After-login redirect: fromWebsite, else home when from, else previous page, else home; only
// this site's own addresses (its origin and the configured RETURN_ORIGINS) are followed; the
// Chinese support-contact detour carries the target along; other sites load in full.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SITE_CONFIG_META } from "../../../contract/site-config";
import { forgetSiteConfig } from "../../../src/platform/site-config";
import {
  goToTarget,
  isNavigable,
  resolvePostLoginTarget,
  safeTarget,
  supportContactDetour,
} from "../../../src/routing/post-login";

const startUrl = location.href;
const goTo = (url: string) =>
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(url);

/** The meta tag the server writes into index.html (RETURN_ORIGINS). */
function configureReturnOrigins(origins: string[]): void {
  document.querySelector(`meta[name="${SITE_CONFIG_META}"]`)?.remove();
  const meta = document.createElement("meta");
  meta.name = SITE_CONFIG_META;
  meta.content = JSON.stringify({ demo: false, cookie_domain: null, return_origins: origins });
  document.head.append(meta);
  forgetSiteConfig();
}

beforeEach(() => {
  goTo("https://m.shopradar.com/login");
  configureReturnOrigins(["https://www.shopradar.com"]);
});

afterEach(() => {
  document.querySelector(`meta[name="${SITE_CONFIG_META}"]`)?.remove();
  forgetSiteConfig();
  goTo(startUrl);
});

const fromWebsite = (address: string, previousPage?: string) =>
  resolvePostLoginTarget({ query: new URLSearchParams({ fromWebsite: address }), previousPage });

test("query fromWebsite wins", () => {
  expect(
    resolvePostLoginTarget({
      query: "fromWebsite=https%3A%2F%2Fwww.shopradar.com%2Fproducts&from=x",
      previousPage: "/rank",
    }),
  ).toBe("https://www.shopradar.com/products");
  expect(resolvePostLoginTarget({ query: new URLSearchParams({ fromWebsite: "/checkout?marketing_id=5" }) })).toBe(
    "/checkout?marketing_id=5",
  );
});

test("query from goes home", () => {
  expect(resolvePostLoginTarget({ query: "from=%2FgoodsDetail", previousPage: "/rank" })).toBe("/");
  expect(resolvePostLoginTarget({ query: "from=" })).toBe("/");
});

test("otherwise the previous page, else home", () => {
  expect(resolvePostLoginTarget({ query: "", previousPage: "/goodsDetail?id=1" })).toBe("/goodsDetail?id=1");
  expect(resolvePostLoginTarget({ query: "" })).toBe("/");
  expect(resolvePostLoginTarget({ query: "", previousPage: "" })).toBe("/");
});

describe("only this site's own addresses are followed", () => {
  test("the page's own origin (opened in place as a path) and the configured origins", () => {
    expect(fromWebsite("https://m.shopradar.com/rank?type=videos#top")).toBe("/rank?type=videos#top");
    expect(fromWebsite("https://WWW.ShopRadar.com:443/pricing")).toBe("https://www.shopradar.com/pricing");
  });

  test.each([
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["a protocol-relative address", "//evil.com/login"],
    ["a backslash path", "/\\evil.com"],
    ["a path with a tab inside", "/\t/evil.com"],
    ["another site", "https://evil.com/"],
    ["a look-alike host", "https://shopradar.com.evil.com/"],
    ["a look-alike sibling", "https://m.shopradar.com.evil.com/rank"],
    ["user info before another host", "https://shopradar.com@evil.com/"],
    ["user info before our host", "https://evil:x@m.shopradar.com/rank"],
    ["another scheme on our host", "http://m.shopradar.com/rank"],
    ["another port on our host", "https://m.shopradar.com:8443/rank"],
    ["a configured host under another scheme", "http://www.shopradar.com/"],
    ["a relative path", "rank"],
  ])("%s falls back to the previous page or home", (_, address) => {
    expect(isNavigable(address)).toBe(false);
    expect(fromWebsite(address)).toBe("/");
    expect(fromWebsite(address, "/rank")).toBe("/rank");
    expect(resolvePostLoginTarget({ query: "", previousPage: address })).toBe("/");
  });

  test("without configured origins only the page's own origin counts", () => {
    configureReturnOrigins([]);
    expect(fromWebsite("https://www.shopradar.com/products")).toBe("/");
    expect(fromWebsite("https://m.shopradar.com/products")).toBe("/products");
  });

  test("configured entries are read as origins; a malformed one allows nothing", () => {
    configureReturnOrigins(["not a url", "https://www.shopradar.com/with/a/path"]);
    expect(safeTarget("https://www.shopradar.com/x")).toBe("https://www.shopradar.com/x");
    expect(safeTarget("https://not a url/")).toBeNull();
  });
});

test("the support-contact detour continues to the same target afterwards", () => {
  for (const target of ["/rank?type=videos", "https://www.shopradar.com/products", "/"]) {
    const detour = supportContactDetour(target);
    expect(detour.startsWith("/customerValid?")).toBe(true);
    const after = resolvePostLoginTarget({ query: detour.slice(detour.indexOf("?")), previousPage: "/elsewhere" });
    expect(after).toBe(target);
  }
});

describe("goToTarget", () => {
  test("app paths navigate in place (replacing the login page); allowed sites load in full", () => {
    const navigate = vi.fn();
    goToTarget("/rank", navigate);
    expect(navigate).toHaveBeenCalledWith("/rank", { replace: true });
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    goToTarget("https://www.shopradar.com/products", navigate);
    expect(assign).toHaveBeenCalledWith("https://www.shopradar.com/products");
    expect(navigate).toHaveBeenCalledTimes(1);
    assign.mockRestore();
  });

  test("checks again: a target from anywhere else goes home", () => {
    const navigate = vi.fn();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    for (const target of ["https://evil.com/", "//evil.com", "javascript:alert(1)"]) goToTarget(target, navigate);
    expect(assign).not.toHaveBeenCalled();
    expect(navigate.mock.calls).toEqual([
      ["/", { replace: true }],
      ["/", { replace: true }],
      ["/", { replace: true }],
    ]);
    assign.mockRestore();
  });
});
