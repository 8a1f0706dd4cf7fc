// Rendered-list snapshots (repeat visits): the worker's decisions (sw/list-snapshot.ts: what it
// accepts, its key, expiry, the insertion into index.html with the data-age label of the visit's
// age) and the page's side (src/features/list-snapshots/: the first screen's markup, the viewer
// hash, the labels by age rendered by DataFreshness, the copy the list page reads while its
// data loads).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  FRESHNESS_MARK,
  SNAPSHOT_MAX_AGE_MS,
  SNAPSHOT_MAX_HTML,
  type ListSnapshot,
} from "../../../../contract/list-snapshots";
import { deferModules, MODULE_LIST_ID, MODULE_LOADER, startsModule } from "../../../../contract/module-loader";
import {
  freshnessLabel,
  insertSnapshot,
  isShowable,
  isSnapshotUrl,
  parseSnapshot,
  snapshotKey,
} from "../../../../sw/list-snapshot";
import { isSignedInDataCache, viewerCacheName } from "../../../../sw/cache-names";
import { viewerKey } from "../../../../sw/data-freshness";
import { readBootSnapshot, snapshotHtml, viewerOf } from "../../../../src/features/list-snapshots/list-snapshot";
import { freshnessLabels } from "../../../../src/features/list-snapshots/freshness-labels";
import { formatRelativeTime } from "../../../../src/lib/format";
import { activateCatalog } from "../../../../src/i18n/catalog";
import { setLocale } from "../../../../src/state/system";
import type { Locale } from "../../../../src/i18n/locales";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const ENTRY = "/assets/index-abc123.js";
/** index.html as the build leaves it (scripts/home-shell.ts: its modules deferred). */
const INDEX_HTML = deferModules(
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><style>x{}</style></head><body><div id="root"></div><script>shell()</script><script type="module" crossorigin src="${ENTRY}"></script></body></html>`,
);

const CSS = new Map([
  ["/assets/RankPage-x1.css", ".rank-list{min-height:1px}"],
  ["/assets/EntityRow-y2.css", ".entity-row{display:flex}"],
]);

const snapshot = (change: Partial<ListSnapshot> = {}): ListSnapshot => ({
  viewer: "anon",
  locale: "en",
  systemId: 14,
  url: "/rank?type=goods&rankType=top-sale&window=24h",
  html: `<div class="page" inert="" data-snapshot-page=""><div class="rank-filters">${FRESHNESS_MARK}</div><div data-testid="rank-list"><div class="virtual-list"><div data-testid="entity-row" data-id="g1">One</div></div></div></div>`,
  stylesheets: ["/assets/RankPage-x1.css", "/assets/EntityRow-y2.css"],
  entry: ENTRY,
  savedAt: NOW - 3_600_000,
  updatedAt: new Date(NOW - 3 * 3_600_000).toISOString(),
  nextUpdateAt: new Date(NOW + 3_600_000).toISOString(),
  freshness: [
    { after: 0, html: '<span data-testid="data-freshness" data-saved="true">fresh</span>' },
    { after: 3 * 3_600_000, html: '<span data-testid="data-freshness" data-saved="true">3h</span>' },
    { after: 4 * 3_600_000, html: '<span data-testid="data-freshness" data-saved="true">4h</span>' },
  ],
  ...change,
});

describe("what the worker accepts", () => {
  it("takes a well-formed snapshot of a list or the home page", () => {
    expect(parseSnapshot(snapshot())).toEqual(snapshot());
    expect(parseSnapshot(snapshot({ url: "/" }))?.url).toBe("/");
    expect(parseSnapshot(snapshot({ viewer: "0123456789abcdef" }))?.viewer).toBe("0123456789abcdef");
  });

  it("refuses other pages, other origins, unknown viewers and languages, oversized markup and foreign assets", () => {
    expect(isSnapshotUrl("/user")).toBe(false);
    expect(isSnapshotUrl("//evil.example/rank")).toBe(false);
    expect(parseSnapshot(snapshot({ url: "/goodsDetail?id=1" }))).toBeNull();
    expect(parseSnapshot(snapshot({ viewer: "someone" }))).toBeNull();
    expect(parseSnapshot(snapshot({ locale: "fr" }))).toBeNull();
    expect(parseSnapshot(snapshot({ html: "x".repeat(SNAPSHOT_MAX_HTML + 1) }))).toBeNull();
    expect(parseSnapshot(snapshot({ html: "" }))).toBeNull();
    expect(parseSnapshot(snapshot({ stylesheets: ["https://cdn.example/x.css"] }))).toBeNull();
    expect(parseSnapshot(snapshot({ stylesheets: ['/assets/x.css"><script>'] }))).toBeNull();
    expect(parseSnapshot(snapshot({ entry: "/evil.js" }))).toBeNull();
    expect(parseSnapshot({ ...snapshot(), freshness: undefined })).toBeNull();
    expect(parseSnapshot(snapshot({ freshness: [] }))).toBeNull();
    expect(
      parseSnapshot(
        snapshot({
          freshness: [
            { after: 5, html: "a" },
            { after: 5, html: "b" },
          ],
        }),
      ),
    ).toBeNull();
    expect(parseSnapshot(snapshot({ freshness: [{ after: 0, html: "x".repeat(4096) }] }))).toBeNull();
    expect(parseSnapshot(null)).toBeNull();
  });
});

describe("keying and expiry", () => {
  it("keys by language and the full URL (path and query), inside a cache per viewer", () => {
    const origin = "https://m.shopradar.test";
    const key = snapshotKey(origin, "en", "/rank?type=goods&window=24h");
    expect(key).toBe(snapshotKey(origin, "en", "/rank?type=goods&window=24h"));
    expect(key).not.toBe(snapshotKey(origin, "vi", "/rank?type=goods&window=24h"));
    expect(key).not.toBe(snapshotKey(origin, "en", "/rank?type=goods&window=7d"));
    expect(key).not.toBe(snapshotKey(origin, "en", "/rank"));
    expect(new URL(key).origin).toBe(origin);
    expect(viewerCacheName("snapshot", "anon")).toBe("shopradar-snapshot-anon-v1");
    expect(viewerCacheName("snapshot", "0123456789abcdef")).not.toBe(viewerCacheName("snapshot", "fedcba9876543210"));
  });

  it("drops signed-in viewers' snapshots on sign-out, keeps the visitors'", () => {
    expect(isSignedInDataCache(viewerCacheName("snapshot", "0123456789abcdef"))).toBe(true);
    expect(isSignedInDataCache(viewerCacheName("snapshot", "anon"))).toBe(false);
  });

  it("hashes the session token on the page exactly as the worker does", async () => {
    expect(await viewerOf("")).toBe("anon");
    expect(await viewerOf("session-token-1")).toBe(await viewerKey("session-token-1"));
    expect(await viewerOf("session-token-1")).not.toBe(await viewerOf("session-token-2"));
  });

  it("shows a snapshot for 7 days, never with a clock before its save", () => {
    expect(isShowable({ savedAt: NOW }, NOW)).toBe(true);
    expect(isShowable({ savedAt: NOW }, NOW + SNAPSHOT_MAX_AGE_MS - 1)).toBe(true);
    expect(isShowable({ savedAt: NOW }, NOW + SNAPSHOT_MAX_AGE_MS)).toBe(false);
    expect(isShowable({ savedAt: NOW }, NOW - 60_000)).toBe(false);
  });
});

describe("the data's age", () => {
  beforeAll(() => activateCatalog("en"));

  it("is the label of the visit's age, picked from the app's table", () => {
    const updated = Date.parse(snapshot().updatedAt!);
    const at = (age: number) => freshnessLabel(snapshot(), updated + age);
    expect(at(3 * 3_600_000 - 1)).toContain("fresh");
    expect(at(3 * 3_600_000)).toContain("3h");
    expect(at(4 * 3_600_000 + 5)).toContain("4h");
    expect(at(30 * 86_400_000)).toContain("4h");
    // A clock before the first entry gets the first; without the data's time, the first too.
    expect(at(-60_000)).toContain("fresh");
    expect(freshnessLabel(snapshot({ updatedAt: undefined }), NOW)).toContain("fresh");
  });

  it("is DataFreshness's markup as a saved copy, for every age until the snapshot expires, in every language", async () => {
    const saved = NOW - 2 * 3_600_000;
    for (const locale of ["en", "zh", "vi", "id", "th"] as Locale[]) {
      await activateCatalog(locale);
      setLocale(locale);
      for (const updatedAgo of [0, 3 * 60_000, 40 * 60_000, 3 * 3_600_000, 2 * 86_400_000]) {
        const updatedAt = new Date(saved - updatedAgo).toISOString();
        const labels = freshnessLabels(updatedAt, saved);
        expect(labels.length).toBeLessThan(100);
        for (const later of [
          0,
          60_000,
          7 * 60_000,
          59 * 60_000,
          3_600_000,
          5 * 3_600_000 + 1,
          3 * 86_400_000,
          SNAPSHOT_MAX_AGE_MS - 1,
        ]) {
          const now = saved + later;
          const element = Object.assign(document.createElement("div"), {
            innerHTML: freshnessLabel({ updatedAt, freshness: labels }, now),
          }).firstElementChild!;
          expect(element.getAttribute("data-testid")).toBe("data-freshness");
          expect(element.getAttribute("data-saved")).toBe("true");
          expect(element.querySelector('[data-testid="data-saved"]')?.textContent).toBeTruthy();
          const age = formatRelativeTime(updatedAt, now, locale);
          expect(element.querySelector('[data-testid="data-age"]')?.textContent).toContain(age);
        }
      }
    }
    await activateCatalog("en");
    setLocale("en");
  });

  it("says only that it is a saved copy when the list has no data time", () => {
    const labels = freshnessLabels(undefined, NOW);
    expect(labels).toHaveLength(1);
    expect(labels[0].html).toContain('data-testid="data-saved"');
    expect(labels[0].html).not.toContain('data-testid="data-age"');
  });
});

describe("insertion into the shell", () => {
  it("paints the snapshot into #root, marked, with its stylesheets inline and its language", () => {
    const html = insertSnapshot(INDEX_HTML, snapshot({ locale: "th" }), NOW, CSS)!;
    // Three hours of data age at NOW: the table's 3h entry.
    expect(html).toContain(">3h</span>");
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(
      Array.from(doc.head.querySelectorAll("style[data-snapshot-css]"), (style) => [
        style.getAttribute("data-snapshot-css"),
        style.textContent,
      ]),
    ).toEqual([...CSS]);
    const root = doc.getElementById("root")!;
    expect(root.getAttribute("data-snapshot")).toBe(String(NOW - 3_600_000));
    expect(root.dataset.snapshotUrl).toBe(snapshot().url);
    expect(root.dataset.updatedAt).toBe(snapshot().updatedAt);
    expect(root.querySelector('[data-testid="entity-row"]')?.getAttribute("data-id")).toBe("g1");
    expect(root.querySelector("[data-snapshot-page]")?.hasAttribute("inert")).toBe(true);
    expect(root.querySelector('[data-testid="data-freshness"]')?.getAttribute("data-saved")).toBe("true");
    expect(html).not.toContain(FRESHNESS_MARK);
    expect(doc.documentElement.lang).toBe("th");
    // The shell's inline script still runs after the root.
    expect(html.indexOf("shell()")).toBeGreaterThan(html.indexOf('id="root"'));
  });

  it("index.html starts the app's modules after the first frame, all of them, and a snapshot keeps that", () => {
    const built = `<!doctype html><html lang="en"><head><link rel="modulepreload" crossorigin href="/assets/react-1.js">
<link rel="modulepreload" crossorigin href="/assets/routes-2.js"></head><body><div id="root"></div><script type="module" crossorigin src="${ENTRY}"></script></body></html>`;
    const html = deferModules(built);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    // The loader is the constant script the server's CSP allows by hash; the lists are data.
    const doc = new DOMParser().parseFromString(html, "text/html");
    const list = doc.querySelector(`script#${MODULE_LIST_ID}`);
    expect(list?.getAttribute("type")).toBe("application/json");
    expect(JSON.parse(list!.textContent)).toEqual({
      modules: [ENTRY],
      preloads: ["/assets/react-1.js", "/assets/routes-2.js"],
    });
    expect(html).toContain(`<script>${MODULE_LOADER}</script></body>`);
    expect(MODULE_LOADER).toContain("requestAnimationFrame");
    expect(MODULE_LOADER).toContain("data-snapshot-src");
    expect(startsModule(html, ENTRY)).toBe(true);
    expect(startsModule(html, "/assets/index-other.js")).toBe(false);
    expect(startsModule(built, ENTRY)).toBe(false);
    expect(() => deferModules("<html><body></body></html>")).toThrow(/no module script/);
    // A snapshot painted into the root keeps the page's one loader, after the root.
    const painted = insertSnapshot(html, snapshot(), NOW, CSS)!;
    expect(painted.split(MODULE_LOADER)).toHaveLength(2);
    expect(painted.indexOf(MODULE_LOADER)).toBeGreaterThan(painted.indexOf('id="root"'));
  });

  it("does not repeat a stylesheet the shell already has inline", () => {
    const shell = INDEX_HTML.replace("<style>x{}</style>", "<style>.entity-row{display:flex}</style>");
    const doc = new DOMParser().parseFromString(insertSnapshot(shell, snapshot(), NOW, CSS)!, "text/html");
    expect(
      Array.from(doc.head.querySelectorAll("style[data-snapshot-css]"), (style) =>
        style.getAttribute("data-snapshot-css"),
      ),
    ).toEqual(["/assets/RankPage-x1.css"]);
  });

  it("leaves the shell alone when the snapshot is of another build or the root is not empty", () => {
    expect(insertSnapshot(INDEX_HTML, snapshot({ entry: "/assets/index-older.js" }), NOW, CSS)).toBeNull();
    expect(
      insertSnapshot(INDEX_HTML.replace('<div id="root"></div>', '<div id="root">x</div>'), snapshot(), NOW, CSS),
    ).toBeNull();
    // A stylesheet this build does not have (the worker found no precached copy).
    expect(insertSnapshot(INDEX_HTML, snapshot({ stylesheets: ["/assets/RankPage-old.css"] }), NOW, CSS)).toBeNull();
  });

  it("escapes what goes into attributes", () => {
    const html = insertSnapshot(INDEX_HTML, snapshot({ url: '/rank?q="><script>alert(1)</script>' }), NOW, CSS)!;
    expect(html).not.toContain("<script>alert(1)");
    const css = new Map([["/assets/RankPage-x1.css", "a{}</style><script>alert(2)</script>"]]);
    expect(insertSnapshot(INDEX_HTML, snapshot({ stylesheets: ["/assets/RankPage-x1.css"] }), NOW, css)).not.toContain(
      "</style><script>alert(2)",
    );
  });
});

describe("the page's side", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("saves the first screen: rows below it or waiting for content dropped, choices kept, the age a mark, the page inert", () => {
    document.body.innerHTML = `<div class="page"><select><option value="VN">Vietnam</option><option value="ID">Indonesia</option></select>
      <span class="data-freshness" data-testid="data-freshness">Updated 3 hours ago</span>
      <div data-testid="rank-list" data-state="ready"><div class="virtual-list" data-rendered="14">${Array.from({ length: 14 }, (_, index) => `<div class="virtual-list__row${index === 3 ? " virtual-list__row--waiting" : ""}" style="transform: translateY(${index * 84}px); height: 84px"><div data-testid="entity-row" data-id="r${index}"><img src="/api/v1/images/r${index}?w=112" width="56" height="56"></div></div>`).join("")}</div></div></div>`;
    const page = document.querySelector<HTMLElement>(".page")!;
    page.querySelector("select")!.value = "ID";
    const html = snapshotHtml(page, 844);
    const saved = Object.assign(document.createElement("div"), { innerHTML: html }).firstElementChild!;
    // Rows starting above 844 px: 0..10 (10 * 84 = 840), but for row 3, still a placeholder.
    const kept = Array.from({ length: 11 }, (_, index) => `r${index}`).filter((id) => id !== "r3");
    expect(
      Array.from(saved.querySelectorAll('[data-testid="entity-row"]'), (row) => row.getAttribute("data-id")),
    ).toEqual(kept);
    expect(saved.querySelector(".virtual-list")?.getAttribute("data-rendered")).toBe("10");
    expect(saved.querySelector("option[selected]")?.getAttribute("value")).toBe("ID");
    expect(html).toContain(FRESHNESS_MARK);
    expect(saved.querySelector('[data-testid="data-freshness"]')).toBeNull();
    expect(saved.hasAttribute("inert")).toBe(true);
    expect(saved.querySelector('[data-testid="rank-list"]')?.getAttribute("data-state")).toBe("snapshot");
    // Thumbnails wait for the worker's loader; their boxes keep their size.
    const image = saved.querySelector("img")!;
    expect(image.hasAttribute("src")).toBe(false);
    expect(image.getAttribute("data-snapshot-src")).toBe("/api/v1/images/r0?w=112");
    expect(image.getAttribute("width")).toBe("56");
    // The live page is untouched.
    expect(page.querySelectorAll('[data-testid="entity-row"]')).toHaveLength(14);
    expect(page.hasAttribute("inert")).toBe(false);
  });

  it("reads the painted snapshot's list for its own URL only, before React replaces it", () => {
    const html = insertSnapshot(INDEX_HTML, snapshot(), NOW, CSS)!;
    const doc = new DOMParser().parseFromString(html, "text/html");
    document.body.append(document.importNode(doc.getElementById("root")!, true));
    expect(readBootSnapshot("/rank?type=goods&rankType=top-sale&window=7d")).toBeNull();
    const boot = readBootSnapshot(snapshot().url)!;
    expect(boot.savedAt).toBe(NOW - 3_600_000);
    expect(boot.updatedAt).toBe(snapshot().updatedAt);
    expect(boot.listHtml).toContain('data-id="g1"');
    // React's first commit replaces the root's children (its attributes stay).
    document
      .getElementById("root")!
      .replaceChildren(Object.assign(document.createElement("div"), { className: "page" }));
    expect(readBootSnapshot(snapshot().url)).toBeNull();
  });
});
