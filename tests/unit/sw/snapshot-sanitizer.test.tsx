// The worker's allow-list for list-snapshot markup (sw/snapshot-sanitizer.ts): the app's own
// first screens, rendered here by the real app and cut by the page's snapshotHtml, pass through
// unchanged; markup with scripts, event handlers, styles and javascript: URLs is stored and
// painted without them (acceptSnapshot is what the worker stores, insertSnapshot what it serves).
import { afterEach, describe, expect, it } from "vitest";
import { FRESHNESS_MARK, type ListSnapshot } from "../../../contract/list-snapshots";
import { deferModules, MODULE_LIST_ID, MODULE_LOADER } from "../../../contract/module-loader";
import { snapshotHtml } from "../../../src/features/list-snapshots/list-snapshot";
import { freshnessLabels } from "../../../src/features/list-snapshots/freshness-labels";
import { userState } from "../../../src/state/user";
import { acceptSnapshot, insertSnapshot } from "../../../sw/list-snapshot";
import { sanitizeSnapshotHtml } from "../../../sw/snapshot-sanitizer";
import { setUpDataTests } from "../helpers/data-tests";
import { waitFor } from "../helpers/render-app";

const { open } = await setUpDataTests({ total: 40, anonymousRows: 10 });

const NOW = Date.parse("2026-11-20T12:00:00Z");
const ENTRY = "/assets/index-abc123.js";
/** index.html as the build leaves it (its modules deferred). */
const INDEX_HTML = deferModules(
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /></head><body><div id="root"></div><script type="module" crossorigin src="${ENTRY}"></script></body></html>`,
);

const ATTACKS = [
  "<img src=x onerror=alert(1)>",
  '<img src="/api/v1/images/g1?w=112" onerror="alert(2)" onload="alert(3)">',
  "<script>alert(4)</script>",
  "<SCRIPT SRC=/assets/evil.js></SCRIPT>",
  '<a href="javascript:alert(5)">link</a>',
  '<a href="java&#115;cript:alert(6)">entity</a>',
  '<a href=" JaVaScRiPt:alert(7)">spaced</a>',
  '<a href="//evil.example/">other origin</a>',
  '<img data-snapshot-src="javascript:alert(8)">',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCg5KTwvc2NyaXB0Pg==">',
  '<div style="background: url(javascript:alert(10)); height: 84px">styled</div>',
  "<style>body{display:none}</style>",
  '<iframe src="/"></iframe><object data="/x"></object><embed src="/x">',
  '<form action="/v1/user/logout"><button formaction="/x">go</button></form>',
  '<details open ontoggle="alert(14)"><summary>s</summary><input type="image" src="/x" formaction="/y"></details>',
  '<input type="submit" formaction="/v1/user/logout" value="go"><input type="file">',
  '<svg><script>alert(11)</script><a href="javascript:alert(12)">s</a></svg>',
  `<script type="application/json" id="${MODULE_LIST_ID}">{"modules":["/assets/evil.js"]}</script>`,
  `<div id="${MODULE_LIST_ID}">{"modules":["/assets/evil.js"]}</div>`,
  "<!-- --!><script>alert(13)</script> -->",
  '<meta http-equiv="refresh" content="0;url=/evil"><base href="/evil/">',
];

/** What none of the markup that leaves the sanitiser may contain. */
function expectHarmless(html: string): void {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  expect(doc.querySelectorAll("script, style, iframe, object, embed, form, meta, base, [id]")).toHaveLength(0);
  for (const element of Array.from(doc.body.querySelectorAll("*"))) {
    for (const { name, value } of Array.from(element.attributes)) {
      expect(name).not.toMatch(/^on/i);
      expect(name).not.toBe("formaction");
      if (element.tagName === "INPUT" && name === "type") expect(["text", "number", "search"]).toContain(value);
      if (["href", "src", "data-snapshot-src"].includes(name)) expect(value).toMatch(/^\/(?![/\\])|^data:image\//);
      if (name === "style") expect(value).not.toMatch(/url|background/i);
    }
  }
  expect(html).not.toMatch(/alert\(/);
}

const snapshot = (html: string, change: Partial<ListSnapshot> = {}): ListSnapshot => ({
  viewer: "anon",
  locale: "en",
  systemId: 14,
  url: "/rank",
  html,
  stylesheets: [],
  entry: ENTRY,
  savedAt: NOW - 60_000,
  updatedAt: new Date(NOW - 3_600_000).toISOString(),
  freshness: [{ after: 0, html: '<span data-testid="data-freshness" data-saved="true">Saved copy</span>' }],
  ...change,
});

/** The first screen of `path` as the app renders it and the page posts it. */
async function appSnapshot(path: string, token: string): Promise<string> {
  userState.token = token;
  await open(path);
  await waitFor(() => document.querySelector('[data-state="ready"]') !== null, 5_000);
  return snapshotHtml(document.querySelector<HTMLElement>(".page")!, 844);
}

describe("the app's own snapshots", () => {
  afterEach(() => {
    userState.token = "";
  });

  it.each([
    ["/rank", "tok"],
    ["/rank?type=goods&rankType=top-sale&window=7d", "tok"],
    ["/rank?type=videos", "tok"],
    ["/rank?type=music", ""],
    ["/", ""],
  ])("keeps %s (token %j) exactly as the page rendered it", async (path, token) => {
    const html = await appSnapshot(path, token);
    // The real thing: rows, thumbnails waiting in data-snapshot-src, links, the age mark.
    expect(html).toContain("data-snapshot-page");
    expect(html).toMatch(/data-snapshot-src="\/api\/v1\/images\//);
    expect(html).toMatch(/href="\//);
    expect(html).toMatch(/style="[^"]*height: \d+px;/);
    if (path.startsWith("/rank")) expect(html).toContain(FRESHNESS_MARK);
    expect(sanitizeSnapshotHtml(html)).toBe(html);
  });

  it("keeps the data-age labels DataFreshness renders", () => {
    for (const label of freshnessLabels(new Date(NOW - 3 * 3_600_000).toISOString(), NOW)) {
      expect(sanitizeSnapshotHtml(label.html)).toBe(label.html);
    }
  });
});

describe("hostile markup", () => {
  it("is stored without scripts, handlers, styles or foreign URLs", async () => {
    const app = await appSnapshot("/rank", "");
    const hostile = ATTACKS.join("") + app.replace("</main>", `${ATTACKS.join("")}</main>`);
    const stored = acceptSnapshot(
      snapshot(hostile, { freshness: [{ after: 0, html: `<span onclick="alert(14)">age</span>${ATTACKS[0]}` }] }),
    )!;
    expect(stored).not.toBeNull();
    expectHarmless(stored.html);
    expectHarmless(stored.freshness[0].html);
    // The app's own rows are still there, with their thumbnails' addresses.
    const rows = new DOMParser()
      .parseFromString(stored.html, "text/html")
      .querySelectorAll('[data-testid="entity-row"]');
    expect(rows.length).toBeGreaterThan(3);
    expect(stored.html).toContain('data-snapshot-src="/api/v1/images/');
    // Harmless text and allowed elements stay (the element is kept, the URL is not).
    expect(stored.html).toContain(">link</a>");
    expect(stored.html).toContain('<img src="/api/v1/images/g1?w=112">');
    expect(stored.html).toContain('<div style="height: 84px;">styled</div>');
  });

  it("is served without them even when the cache holds it unsanitised", () => {
    const hostile = `<div class="page" inert="" data-snapshot-page="">${ATTACKS.join("")}<p>${FRESHNESS_MARK}</p></div>`;
    const label = '<span data-testid="data-freshness" onmouseover="alert(15)">age</span><script>alert(16)</script>';
    const html = insertSnapshot(
      INDEX_HTML,
      snapshot(hostile, { freshness: [{ after: 0, html: label }] }),
      NOW,
      new Map(),
    )!;
    const doc = new DOMParser().parseFromString(html, "text/html");
    const root = doc.getElementById("root")!;
    expectHarmless(root.innerHTML);
    expect(root.querySelector('[data-testid="data-freshness"]')?.textContent).toBe("age");
    // The page's only scripts: the build's module list (data) and the constant loader.
    const scripts = Array.from(doc.querySelectorAll("script"));
    expect(scripts.map((script) => [script.type, script.id])).toEqual([
      ["application/json", MODULE_LIST_ID],
      ["", ""],
    ]);
    expect(JSON.parse(scripts[0].textContent)).toEqual({ modules: [ENTRY], preloads: [] });
    expect(scripts[1].textContent).toBe(MODULE_LOADER);
  });
});
