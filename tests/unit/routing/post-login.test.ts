// After-login redirect: fromWebsite, else home when from, else previous page, else
// home; the Chinese support-contact detour carries the target along; other sites load in full.
import { expect, test, vi } from "vitest";
import { goToTarget, resolvePostLoginTarget, supportContactDetour } from "../../../src/routing/post-login";

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

test("addresses that are not web pages are never followed", () => {
  expect(resolvePostLoginTarget({ query: "fromWebsite=javascript%3Aalert(1)", previousPage: "/rank" })).toBe("/rank");
  expect(resolvePostLoginTarget({ query: "fromWebsite=%2F%2Fevil.example" })).toBe("/");
  expect(resolvePostLoginTarget({ query: "", previousPage: "javascript:alert(1)" })).toBe("/");
});

test("the support-contact detour continues to the same target afterwards", () => {
  for (const target of ["/rank?type=videos", "https://www.shopradar.com/products", "/"]) {
    const detour = supportContactDetour(target);
    expect(detour.startsWith("/customerValid?")).toBe(true);
    const after = resolvePostLoginTarget({ query: detour.slice(detour.indexOf("?")), previousPage: "/elsewhere" });
    expect(after).toBe(target);
  }
});

test("app paths navigate in place (replacing the login page); other sites load in full", () => {
  const navigate = vi.fn();
  goToTarget("/rank", navigate);
  expect(navigate).toHaveBeenCalledWith("/rank", { replace: true });
  const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
  goToTarget("https://www.shopradar.com/products", navigate);
  expect(assign).toHaveBeenCalledWith("https://www.shopradar.com/products");
  expect(navigate).toHaveBeenCalledTimes(1);
  assign.mockRestore();
});
