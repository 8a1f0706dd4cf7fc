// Cookies: the parent-domain rule and get/set/remove round trips.
import { afterEach, describe, expect, test } from "vitest";
import { cookieDomainFor, getCookie, removeCookie, setCookie } from "../../../src/platform/cookies";

describe("cookieDomainFor", () => {
  test.each([
    ["m.shopradar.com", "shopradar.com"],
    ["a.b.shopradar.com", "b.shopradar.com"],
    ["shopradar.com", "shopradar.com"],
    ["WWW.ShopRadar.com.", "shopradar.com"],
    ["localhost", undefined],
    ["app.localhost", undefined],
    ["127.0.0.1", undefined],
    ["192.168.1.20", undefined],
    ["::1", undefined],
    ["[::1]", undefined],
    ["intranet", undefined],
  ])("%s -> %s", (host, domain) => {
    expect(cookieDomainFor(host)).toBe(domain);
  });
});

describe("cookie access", () => {
  afterEach(() => {
    for (const name of ["plain", "json", "odd name"]) removeCookie(name);
  });

  test("set, get and remove", () => {
    setCookie("plain", "value", { days: 7 });
    expect(getCookie("plain")).toBe("value");
    removeCookie("plain");
    expect(getCookie("plain")).toBeUndefined();
  });

  test("values and names are encoded", () => {
    const json = JSON.stringify({ nickName: "A; B=C", id: 1 });
    setCookie("json", json, { seconds: 60 });
    setCookie("odd name", "ok");
    expect(getCookie("json")).toBe(json);
    expect(getCookie("odd name")).toBe("ok");
  });

  test("a missing cookie reads as undefined", () => {
    expect(getCookie("never-set")).toBeUndefined();
  });
});
