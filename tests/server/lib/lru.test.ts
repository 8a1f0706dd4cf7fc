// The caches' bound is bytes, not entries: inserting bodies past the budget evicts the least
// recently used until the rest fit; a page whose body the rank route keeps is not kept as
// objects too; the catalogue's body and list caches take their budgets
// from BODY_CACHE_MB and LIST_CACHE_MB, the detail answers' from CATALOG_CACHE_MB (kept while
// the data version stays, dropped when it changes); the short-lived caches expire and are bounded
// too.
import { describe, expect, it } from "vitest";
import { Lru, MB } from "../../../server/lib/lru";
import { ShortCache } from "../../../server/lib/short-cache";
import { bodyBytes, RankLists, type CachedBody } from "../../../server/modules/catalog/services/rank-lists";
import type { DataService, SnapshotListener } from "../../../server/modules/catalog/services/data-service";
import { DetailAnswers } from "../../../server/modules/catalog/routes/detail-answers";
import type { DataSnapshot } from "../../../server/modules/catalog/services/snapshot";
import { testConfig } from "../helpers/app";

const body = (bytes: number): CachedBody => ({ raw: Buffer.from("x".repeat(bytes)) });

describe("Lru", () => {
  it("evicts the least recently used entries once their bytes pass the budget", () => {
    const cache = new Lru<string, string>({ maxBytes: 1000, sizeOf: (value) => value.length });
    for (const key of ["a", "b", "c"]) cache.set(key, "x".repeat(300));
    expect(cache.calculatedSize).toBe(900);
    cache.get("a"); // a is now the most recently used
    cache.set("d", "x".repeat(300));
    expect([...cache.keys()].sort()).toEqual(["a", "c", "d"]);
    // One big entry pushes out as many as it needs.
    cache.set("e", "x".repeat(701));
    expect([...cache.keys()]).toEqual(["e"]);
    expect(cache.calculatedSize).toBe(701);
  });

  it("keeps no entry bigger than the whole budget", () => {
    const cache = new Lru<string, string>({ maxBytes: 100, sizeOf: (value) => value.length });
    cache.set("small", "x".repeat(10));
    cache.set("huge", "x".repeat(101));
    expect(cache.has("huge")).toBe(false);
    expect(cache.get("small")).toBe("x".repeat(10));
  });
});

describe("the catalogue's body cache", () => {
  const fakeData = { onSnapshot: () => undefined } as unknown as DataService;

  it("holds BODY_CACHE_MB of bodies, counting compressed variants when they are added", () => {
    const lists = new RankLists(fakeData, testConfig({ BODY_CACHE_MB: "1" }));
    expect(lists.pages.maxSize).toBe(MB);
    // A body counts its bytes once: only the UTF-8 bytes are kept, not the JSON text too.
    const size = bodyBytes(body(300_000));
    expect(size).toBe(300_000);
    for (let i = 0; i < 10; i++) lists.pages.set(`page-${i}`, body(300_000));
    expect(lists.pages.calculatedSize).toBeLessThanOrEqual(MB);
    expect([...lists.pages.keys()].sort()).toEqual(["page-7", "page-8", "page-9"]);
    // A compressed variant stored again makes the entry bigger: another one goes.
    const page = lists.pages.get("page-7")!;
    lists.pages.set("page-7", { ...page, gzip: Buffer.alloc(200_000) });
    expect([...lists.pages.keys()].sort()).toEqual(["page-7", "page-9"]);
  });

  it("keeps a page in the list cache unless its caller keeps the page's body instead", async () => {
    // No dataset: every page is read (empty) without a database, a new object each time.
    const data = { onSnapshot: () => undefined, snapshot: { version: 1, meta: null } } as unknown as DataService;
    const lists = new RankLists(data, testConfig());
    const query = { entity: "goods", window: "7d", market: "VN", page: 1, size: 20 } as const;
    const kept = await lists.page(query);
    expect(await lists.page(query)).toBe(kept);
    const other = { ...query, page: 2 };
    const notKept = await lists.page(other, undefined, { keep: false });
    expect(notKept).toEqual({ rows: [], total: 0, limited: false });
    expect(await lists.page(other, undefined, { keep: false })).not.toBe(notKept);
    expect(await lists.page(other)).not.toBe(notKept);
  });

  it("takes LIST_CACHE_MB and BODY_CACHE_MB from the configuration (64 and 128 MB by default)", () => {
    expect(testConfig()).toMatchObject({ bodyCacheMb: 64, listCacheMb: 128 });
    expect(() => testConfig({ BODY_CACHE_MB: "0" })).toThrow(/Invalid BODY_CACHE_MB/);
  });
});

describe("ShortCache", () => {
  it("answers a value for its TTL, then loads it again", async () => {
    const cache = new ShortCache<string, number | null>(30, MB);
    let loads = 0;
    const load = () => Promise.resolve(++loads > 1 ? loads : null);
    expect(await cache.get("token", load)).toBeNull();
    expect(await cache.get("token", load)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache.get("token", load)).toBe(2);
  });

  it("is bounded in bytes", async () => {
    const cache = new ShortCache<number, string>(60_000, 10_000);
    for (let i = 0; i < 100; i++) await cache.get(i, () => Promise.resolve("v".repeat(500)));
    let reloaded = 0;
    await cache.get(0, () => Promise.resolve(String(++reloaded)));
    expect(reloaded).toBe(1);
  });
});

describe("the detail answers' cache", () => {
  /** A data service at data version 1 whose new snapshots the test announces. */
  function fakeService() {
    const listeners: SnapshotListener[] = [];
    const data = {
      snapshot: { version: 1, dataVersion: 1 },
      onSnapshot: (listener: SnapshotListener) => listeners.push(listener),
    } as unknown as DataService;
    const announce = (version: number, dataVersion: number) =>
      listeners.forEach((listener) => listener({ version, dataVersion } as DataSnapshot));
    return { data, announce };
  }

  it("holds CATALOG_CACHE_MB of bodies (64 MB by default)", () => {
    expect(testConfig()).toMatchObject({ catalogCacheMb: 64 });
    expect(() => testConfig({ CATALOG_CACHE_MB: "0" })).toThrow(/Invalid CATALOG_CACHE_MB/);
    const answers = new DetailAnswers(fakeService().data, testConfig({ CATALOG_CACHE_MB: "1" }));
    expect(answers.bodies.maxSize).toBe(MB);
    for (let i = 0; i < 10; i++) answers.bodies.set(`1|goods/g${i}`, body(300_000));
    expect([...answers.bodies.keys()].sort()).toEqual(["1|goods/g7", "1|goods/g8", "1|goods/g9"]);
  });

  it("keeps its bodies through a refresh of the same data and drops them when the data changes", () => {
    const { data, announce } = fakeService();
    const answers = new DetailAnswers(data, testConfig());
    answers.bodies.set("1|goods/g1", body(10));
    announce(2, 1);
    expect([...answers.bodies.keys()]).toEqual(["1|goods/g1"]);
    announce(3, 2);
    expect(answers.bodies.size).toBe(0);
    answers.bodies.set("2|goods/g1", body(10));
    announce(4, 2);
    expect(answers.bodies.size).toBe(1);
  });
});
