// The service worker's data-cache decisions (sw/data-freshness.ts, sw/cache-names.ts) and the
// page side of them (src/lib/saved-copy.ts, src/platform/network.ts): which answers are kept, how
// long a ranking is current, whose cache a request belongs to and how a saved copy is told.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS_VIEWER } from "../../../contract/viewers";
import {
  dataCacheKey,
  DEFAULT_WINDOW_MS,
  freshnessOf,
  isFresh,
  isSuccessEnvelope,
  MAX_WINDOW_MS,
  nextUpdateOf,
  revalidateAfter,
  viewerKey,
} from "../../../sw/data-freshness";
import { isOutdatedCache, isSignedInDataCache, viewerCacheName } from "../../../sw/cache-names";
import { recordSavedCopy, savedCopyOf } from "../../../src/lib/saved-copy";
import { offlineNotice } from "../../../src/platform/network";
import { activateCatalog } from "../../../src/i18n/catalog";

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe("which answers are kept", () => {
  it("keeps code 0 envelopes only", () => {
    expect(isSuccessEnvelope({ code: 0, msg: "", data: { list: [] } })).toBe(true);
    expect(isSuccessEnvelope({ code: 801, msg: "used up", data: null })).toBe(false);
    expect(isSuccessEnvelope({ code: 0 })).toBe(false);
    expect(isSuccessEnvelope("<html>")).toBe(false);
    expect(isSuccessEnvelope(null)).toBe(false);
  });
});

describe("ranking windows from the data", () => {
  const list = (next: string) => ({
    code: 0,
    data: { list: [], updated_at: "2026-11-22T11:00:00.000Z", next_update_at: next },
  });
  const home = {
    code: 0,
    data: {
      country: "VN",
      product_ranking: { next_update_at: "2026-11-22T17:00:00.000Z" },
      top_sale: { next_update_at: "2026-11-22T15:00:00.000Z" },
      weekly_trend: { next_update_at: "2026-11-22T23:00:00.000Z" },
      follower_growth: { next_update_at: "2026-11-22T15:00:00.000Z" },
    },
  };

  it("reads a list's next_update_at, and the earliest section's for home", () => {
    expect(nextUpdateOf(list("2026-11-22T15:00:00.000Z"))).toBe(at("2026-11-22T15:00:00.000Z"));
    expect(nextUpdateOf(home)).toBe(at("2026-11-22T15:00:00.000Z"));
    expect(nextUpdateOf({ code: 0, data: { list: [] } })).toBeNull();
    expect(nextUpdateOf({ code: 0, data: [1, 2] })).toBeNull();
  });

  it("is current until the next refresh slot, bounded by the longest cadence", () => {
    const stored = at("2026-11-22T12:10:00.000Z");
    expect(revalidateAfter(list("2026-11-22T15:00:00.000Z"), stored)).toBe(at("2026-11-22T15:00:00.000Z"));
    // A body without a slot, or one claiming days, does not pin the copy.
    expect(revalidateAfter({ code: 0, data: {} }, stored)).toBe(stored + DEFAULT_WINDOW_MS);
    expect(revalidateAfter(list("2026-12-30T00:00:00.000Z"), stored)).toBe(stored + MAX_WINDOW_MS);
    // A slot already past when stored: stale at once.
    expect(revalidateAfter(list("2026-11-22T12:00:00.000Z"), stored)).toBe(stored);
  });

  it("answers from the cache inside the window only", () => {
    const stored = at("2026-11-22T12:10:00.000Z");
    const until = at("2026-11-22T15:00:00.000Z");
    expect(isFresh(stored, until, stored)).toBe(true);
    expect(isFresh(stored, until, until - 1)).toBe(true);
    expect(isFresh(stored, until, until)).toBe(false);
    expect(isFresh(stored, until, until + 4 * HOUR)).toBe(false);
    // The clock went back (a device clock corrected): revalidate rather than trust the copy.
    expect(isFresh(stored, until, stored - HOUR)).toBe(false);
    // Missing stamps are never fresh.
    expect(isFresh(NaN, until, stored)).toBe(false);
    expect(isFresh(stored, 0, stored)).toBe(false);
  });

  it("reads the stamps the worker stores with a copy", () => {
    const headers = new Headers({ "x-sw-cached-at": "1000", "x-sw-revalidate-after": "5000" });
    expect(freshnessOf(headers)).toEqual({ cachedAt: 1000, until: 5000 });
    expect(isFresh(...(Object.values(freshnessOf(new Headers())) as [number, number]), 3000)).toBe(false);
  });
});

describe("whose cache", () => {
  it("keeps visitors together and separates every session, without naming the token", async () => {
    expect(await viewerKey(undefined)).toBe(ANONYMOUS_VIEWER);
    expect(await viewerKey("")).toBe(ANONYMOUS_VIEWER);
    const alice = await viewerKey("token-of-alice");
    const bob = await viewerKey("token-of-bob");
    expect(alice).toMatch(/^[0-9a-f]{16}$/);
    expect(alice).not.toBe(bob);
    expect(await viewerKey("token-of-alice")).toBe(alice);
    expect(viewerCacheName("rank", alice)).toBe(`shopradar-rank-${alice}-v1`);
    expect(viewerCacheName("rank", alice)).not.toContain("token");
  });

  it("drops the signed-in caches on sign-out, not the visitors' or the shell's", async () => {
    const alice = await viewerKey("token-of-alice");
    expect(isSignedInDataCache(viewerCacheName("rank", alice))).toBe(true);
    expect(isSignedInDataCache(viewerCacheName("detail", alice))).toBe(true);
    expect(isSignedInDataCache(viewerCacheName("rank", ANONYMOUS_VIEWER))).toBe(false);
    expect(isSignedInDataCache(viewerCacheName("detail", ANONYMOUS_VIEWER))).toBe(false);
    for (const name of ["shopradar-precache-v1", "shopradar-images-v1", "shopradar-locales-v1", "other-rank-abc-v1"]) {
      expect(isSignedInDataCache(name)).toBe(false);
    }
  });

  it("removes caches of another cache version only", () => {
    expect(isOutdatedCache("shopradar-rank-anon-v0")).toBe(true);
    expect(isOutdatedCache("shopradar-rank-anon-v1")).toBe(false);
    expect(isOutdatedCache("someone-else-v0")).toBe(false);
  });

  it("keys copies by language and edition as well as the URL", () => {
    const url = "https://app.example/api/v1/rank/goods?window=24h&country=VN";
    const english = dataCacheKey(url, "en", "14");
    expect(english).not.toBe(dataCacheKey(url, "vi", "14"));
    expect(english).not.toBe(dataCacheKey(url, "en", "13"));
    expect(english).toBe(dataCacheKey(url, "en", "14"));
    expect(new URL(english).searchParams.get("window")).toBe("24h");
  });
});

describe("saved copies on the page", () => {
  it("marks answers the worker took from its cache, and their parts", () => {
    const answer = { list: [{ id: "g1" }], section: { updatedAt: "x" } };
    recordSavedCopy(answer, new Headers({ "x-sw-cache": "hit", "x-sw-cached-at": "1700000000000" }));
    expect(savedCopyOf(answer)).toEqual({ savedAt: 1700000000000 });
    expect(savedCopyOf(answer.section)).toEqual({ savedAt: 1700000000000 });

    const fromNetwork = { list: [] };
    recordSavedCopy(fromNetwork, new Headers());
    expect(savedCopyOf(fromNetwork)).toBeUndefined();
    const noStamp = { list: [] };
    recordSavedCopy(noStamp, new Headers({ "x-sw-cache": "hit" }));
    expect(savedCopyOf(noStamp)).toEqual({ savedAt: null });
    expect(savedCopyOf("text")).toBeUndefined();
  });
});

describe("actions that need the network", () => {
  const setOnline = (value: boolean) =>
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => value });
  beforeAll(() => activateCatalog("en"));
  afterEach(() => setOnline(true));

  it("explain themselves while offline and stay quiet online", () => {
    setOnline(true);
    expect(offlineNotice("sign-in")).toBeNull();
    setOnline(false);
    expect(offlineNotice("sign-in")).toMatch(/offline/i);
    expect(offlineNotice("contact")).toMatch(/offline/i);
    expect(offlineNotice("contact")).not.toBe(offlineNotice("sign-in"));
  });
});
