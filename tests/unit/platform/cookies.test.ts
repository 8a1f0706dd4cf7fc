// Cookies: get/set/remove round trips; host-only unless the site config names a domain that
// fits the host; `Secure` over HTTPS; stale copies on the host's other domains expired.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SITE_CONFIG_META } from "../../../contract/site-config";
import { getCookie, removeCookie, setCookie, sharedCookieDomain } from "../../../src/platform/cookies";
import { forgetSiteConfig } from "../../../src/platform/site-config";

const startUrl = location.href;
const goTo = (url: string) =>
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(url);

/** Writes the meta tag the server puts into index.html (COOKIE_DOMAIN), or removes it. */
function configureCookieDomain(domain: string | null): void {
  document.querySelector(`meta[name="${SITE_CONFIG_META}"]`)?.remove();
  if (domain !== null) {
    const meta = document.createElement("meta");
    meta.name = SITE_CONFIG_META;
    meta.content = JSON.stringify({ demo: false, cookie_domain: domain, return_origins: [] });
    document.head.append(meta);
  }
  forgetSiteConfig();
}

/** Every cookie string written from now on (the spy passes each write through to happy-dom). */
function recordWrites(): ReadonlyArray<[string]> {
  return vi.spyOn(document, "cookie", "set").mock.calls;
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const name of ["plain", "json", "odd name", "token"]) removeCookie(name);
  configureCookieDomain(null);
  goTo(startUrl);
});

describe("cookie access", () => {
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

describe("where the cookie goes", () => {
  beforeEach(() => goTo("https://m.shopradar.com/rank"));

  test("host-only by default, even on a sub-domain", () => {
    const writes = recordWrites();
    setCookie("token", "t1", { days: 7 });
    expect(writes.at(-1)?.[0]).toBe("token=t1; path=/; max-age=604800; samesite=lax; secure");
    expect(getCookie("token")).toBe("t1");
  });

  test("on the configured domain when it is a parent of the host", () => {
    configureCookieDomain("shopradar.com");
    expect(sharedCookieDomain()).toBe("shopradar.com");
    const writes = recordWrites();
    setCookie("token", "t2", { days: 7 });
    expect(writes.at(-1)?.[0]).toBe("token=t2; path=/; max-age=604800; samesite=lax; secure; domain=shopradar.com");
    expect(getCookie("token")).toBe("t2");
  });

  test.each([
    ["another site", "evil.com"],
    ["a look-alike", "hopradar.com"],
    ["a child of the host", "x.m.shopradar.com"],
    ["a bare top-level domain", "com"],
  ])("host-only when the configured domain is %s", (_, domain) => {
    configureCookieDomain(domain);
    expect(sharedCookieDomain()).toBeUndefined();
    const writes = recordWrites();
    setCookie("token", "t3");
    expect(writes.at(-1)?.[0]).toBe("token=t3; path=/; max-age=300; samesite=lax; secure");
  });

  test("accepts the configured domain with a leading dot or in capitals, and the host itself", () => {
    configureCookieDomain(".ShopRadar.com");
    expect(sharedCookieDomain()).toBe("shopradar.com");
    configureCookieDomain("m.shopradar.com");
    expect(sharedCookieDomain()).toBe("m.shopradar.com");
    expect(sharedCookieDomain("127.0.0.1")).toBeUndefined();
  });

  test("no Secure attribute over plain http (local development)", () => {
    goTo("http://localhost:5173/");
    const writes = recordWrites();
    setCookie("plain", "v");
    expect(writes.at(-1)?.[0]).toBe("plain=v; path=/; max-age=300; samesite=lax");
  });
});

describe("removing and replacing", () => {
  beforeEach(() => goTo("https://m.shopradar.com/"));

  test("removal expires the host-only copy and the configured domain's", () => {
    configureCookieDomain("shopradar.com");
    setCookie("token", "shared");
    const writes = recordWrites();
    removeCookie("token");
    expect(writes.flat()).toContain("token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; secure");
    expect(writes.flat()).toContain(
      "token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; secure; domain=shopradar.com",
    );
    expect(getCookie("token")).toBeUndefined();
  });

  test("a host-only write expires a stale copy on the parent domain first, so it cannot shadow the new one", () => {
    // What an older build (always the parent domain) left behind.
    document.cookie = "token=stale; path=/; domain=shopradar.com; secure";
    expect(getCookie("token")).toBe("stale");
    setCookie("token", "fresh");
    expect(getCookie("token")).toBe("fresh");
    expect(document.cookie).not.toContain("stale");
  });
});
