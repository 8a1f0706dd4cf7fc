// Link previews of detail URLs: /goodsDetail?id=, /influencersDetail?id=, /videoDetail?id= and
// their internal paths answer index.html with Open Graph and Twitter card tags of the item
// (title, key figures, absolute thumbnail URL from PUBLIC_URL or the request's host), the site
// meta tag and CSP unchanged, never the stale precompressed sibling; unknown ids get the plain
// page, and so does a preview that cannot be read (the database down); every value is escaped.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_CONFIG_META } from "../../../contract/site-config";
import type { Database } from "../../../server/db/client";
import type { Dataset } from "../../../server/modules/catalog/engine";
import Fastify from "fastify";
import { DETAIL_PREVIEW_PATHS, previewMetaTags, registerDetailPreviews } from "../../../server/plugins/index-html";
import { REVALIDATE } from "../../../server/plugins/static-files";
import { pathsOf } from "../../../src/routing/paths";
import { buildTestApp, openTestApp } from "../helpers/app";
import { oracleSnapshot } from "../helpers/oracle";

const INLINE_SCRIPT = "document.documentElement.dataset.ready='1'";
const INDEX_HTML = `<!doctype html><html><head><title>ShopRadar</title><script>${INLINE_SCRIPT}</script></head><body><div id=root></div><!-- ${"x".repeat(1200)} --></body></html>`;

let staticDir: string;
let database: Database;
let app: FastifyInstance;
let dataset: Dataset;

/** The content of a meta tag, entities decoded as a browser reads them. */
function metaOf(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  if (!match) return null;
  return match[1]
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { accept: "text/html", host: "shop.example:8080", ...headers } });

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), "shopradar-previews-"));
  writeFileSync(path.join(staticDir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(staticDir, "index.html.br"), "stale-brotli-without-the-tags");
  ({ database, app } = await openTestApp({ env: { STATIC_DIR: staticDir } }));
  dataset = (await oracleSnapshot(database)).dataset;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe("detail URLs", () => {
  it("names the same paths as the app's router", () => {
    expect(DETAIL_PREVIEW_PATHS.goods).toEqual([...pathsOf("goodsDetail").aliases, pathsOf("goodsDetail").path]);
    expect(DETAIL_PREVIEW_PATHS.influencers).toEqual([
      ...pathsOf("influencersDetail").aliases,
      pathsOf("influencersDetail").path,
    ]);
    expect(DETAIL_PREVIEW_PATHS.videos).toEqual([...pathsOf("videoDetail").aliases, pathsOf("videoDetail").path]);
  });

  it("gives a goods detail its title, figures, absolute thumbnail and canonical URL", async () => {
    const goods = dataset.goods[0];
    const response = await page(`/goodsDetail?id=${encodeURIComponent(goods.id)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe(REVALIDATE);
    const html = response.body;
    expect(metaOf(html, "og:title")).toBe(`${goods.title} · ShopRadar`);
    expect(metaOf(html, "og:description")).toMatch(/^Price [\d,.]+ \w{3} · Total sales [\d,]+/);
    expect(metaOf(html, "og:image")).toBe(
      `http://shop.example:8080/api/v1/images/goods/${encodeURIComponent(goods.id)}.webp`,
    );
    expect(metaOf(html, "og:url")).toBe(`http://shop.example:8080/goodsDetail?id=${encodeURIComponent(goods.id)}`);
    expect(metaOf(html, "og:type")).toBe("website");
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(metaOf(html, "twitter:title")).toBe(metaOf(html, "og:title"));
    expect(metaOf(html, "twitter:image")).toBe(metaOf(html, "og:image"));
    // Still the page the app needs: site meta tag and the inline script, tags inside the head.
    expect(html).toContain(`<meta name="${SITE_CONFIG_META}"`);
    expect(html).toContain(INLINE_SCRIPT);
    expect(html.indexOf('property="og:title"')).toBeLessThan(html.indexOf("</head>"));
  });

  it("answers the internal paths of influencer and video details, with the same CSP as /", async () => {
    const plain = await page("/");
    const person = dataset.influencers[0];
    const video = dataset.videos[0];
    const influencer = await page(`${DETAIL_PREVIEW_PATHS.influencers[1]}?id=${encodeURIComponent(person.id)}`);
    expect(metaOf(influencer.body, "og:title")).toBe(`${person.nickname} (@${person.handle}) · ShopRadar`);
    expect(metaOf(influencer.body, "og:description")).toMatch(/^Followers [\d,]+ · Total sales [\d,]+ · Market \w+$/);
    expect(metaOf(influencer.body, "og:image")).toContain(`/api/v1/images/influencer/`);
    // og:url is the canonical public link, whichever path was asked.
    expect(metaOf(influencer.body, "og:url")).toBe(
      `http://shop.example:8080/influencersDetail?id=${encodeURIComponent(person.id)}`,
    );
    expect(influencer.headers["content-security-policy"]).toBe(plain.headers["content-security-policy"]);

    const videoPage = await page(`${DETAIL_PREVIEW_PATHS.videos[1]}?id=${encodeURIComponent(video.id)}`);
    expect(metaOf(videoPage.body, "og:title")).toBe(`${video.title} · ShopRadar`);
    expect(metaOf(videoPage.body, "og:description")).toMatch(/^Views [\d,]+ · Likes [\d,]+ · Sales [\d,]+$/);
  });

  it("compresses the page with the tags instead of serving the stale sibling", async () => {
    const goods = dataset.goods[1];
    const response = await page(`/goodsDetail?id=${encodeURIComponent(goods.id)}`, { "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    const html = brotliDecompressSync(response.rawPayload).toString("utf8");
    expect(metaOf(html, "og:title")).toBe(`${goods.title} · ShopRadar`);
  });

  it("revalidates by ETag per item", async () => {
    const [first, second] = dataset.goods;
    const one = await page(`/goodsDetail?id=${encodeURIComponent(first.id)}`);
    const two = await page(`/goodsDetail?id=${encodeURIComponent(second.id)}`);
    expect(one.headers.etag).not.toBe(two.headers.etag);
    const again = await page(`/goodsDetail?id=${encodeURIComponent(first.id)}`, {
      "if-none-match": one.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    "/goodsDetail?id=no-such-goods",
    "/goodsDetail",
    "/videoDetail?id=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    `/influencersDetail?id=${"x".repeat(500)}`,
  ])("answers %s with the plain page", async (url) => {
    const plain = await page("/");
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(plain.body);
    expect(response.body).not.toContain("og:");
    expect(response.body).not.toContain("<script>alert");
  });
});

describe("with PUBLIC_URL", () => {
  it("takes the origin from it, not from the request", async () => {
    const configured = await buildTestApp(database, {
      env: { STATIC_DIR: staticDir, PUBLIC_URL: "https://app.shopradar.example" },
    });
    try {
      const goods = dataset.goods[0];
      const response = await configured.inject({
        method: "GET",
        url: `/goodsDetail?id=${encodeURIComponent(goods.id)}`,
        headers: { host: "evil.example" },
      });
      expect(metaOf(response.body, "og:image")).toMatch(/^https:\/\/app\.shopradar\.example\/api\/v1\/images\/goods\//);
      expect(metaOf(response.body, "og:url")).toMatch(/^https:\/\/app\.shopradar\.example\/goodsDetail\?id=/);
    } finally {
      await configured.close();
    }
  });
});

describe("a preview that cannot be read", () => {
  it("sends the plain page, not an error", async () => {
    const bare = Fastify({ logger: false });
    registerDetailPreviews(
      bare,
      { body: INDEX_HTML, etag: '"plain"' },
      { publicUrl: null, previewOf: () => Promise.reject(new Error("database unavailable")) },
    );
    try {
      const response = await bare.inject({ method: "GET", url: "/goodsDetail?id=g1" });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    } finally {
      await bare.close();
    }
  });
});

describe("previewMetaTags", () => {
  it("escapes every value for the attribute", () => {
    const tags = previewMetaTags(
      { title: `A "quoted" <b>bold</b> & 'single'`, description: `<script>alert(1)</script>`, image: "/x" },
      `https://site/goodsDetail?id=a"b`,
      `https://site/x?a=1&b=<2>`,
    );
    expect(tags).not.toMatch(/<(?!meta )/);
    expect(tags).not.toContain(`"quoted"`);
    expect(metaOf(tags, "og:title")).toBe(`A "quoted" <b>bold</b> & 'single' · ShopRadar`);
    expect(metaOf(tags, "og:description")).toBe("<script>alert(1)</script>");
    expect(metaOf(tags, "og:url")).toBe(`https://site/goodsDetail?id=a"b`);
    expect(metaOf(tags, "og:image")).toBe("https://site/x?a=1&b=<2>");
  });
});
