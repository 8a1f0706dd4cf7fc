// index.html carries this deployment's facts for the app (contract/site-config.ts) in a
// <meta name="shopradar-site"> tag: demo mode, cookie domain and return origins, escaped for
// the attribute; on /, /index.html and the SPA fallback alike, even when the build left
// precompressed index.html.br/.gz siblings; still no-cache, compressed, and revalidated by ETag.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSiteConfig, SITE_CONFIG_META } from "../../../contract/site-config";
import type { Database } from "../../../server/db/client";
import { REVALIDATE } from "../../../server/plugins/static-files";
import { buildTestApp, openTestDatabase } from "../helpers/app";

// Above @fastify/compress's 1 KiB threshold, as the real page is.
const INDEX_HTML = `<!doctype html><html><head><title>ShopRadar</title></head><body><div id=root></div><!-- ${"x".repeat(1200)} --></body></html>`;

let staticDir: string;
let database: Database;

/** The meta tag's content as a browser would read it (entities decoded). */
function siteMetaOf(html: string): string | null {
  const match = new RegExp(`<meta name="${SITE_CONFIG_META}" content="([^"]*)">`).exec(html);
  if (!match) return null;
  return match[1]
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), "shopradar-site-meta-"));
  writeFileSync(path.join(staticDir, "index.html"), INDEX_HTML);
  // What vite's compression step leaves next to it: these must not bypass the tag.
  writeFileSync(path.join(staticDir, "index.html.gz"), "stale-gzip-without-the-tag");
  writeFileSync(path.join(staticDir, "index.html.br"), "stale-brotli-without-the-tag");
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe("in demo mode, with a cookie domain and return origins", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database, {
      env: {
        STATIC_DIR: staticDir,
        COOKIE_DOMAIN: "shopradar.com",
        RETURN_ORIGINS: "https://www.shopradar.com,https://pay.shopradar.com",
        COMMUNITY_ZALO_URL: "https://zalo.me/g/ours",
      },
    });
  });
  afterAll(() => app?.close());

  it.each(["/", "/index.html", "/rank/goods"])("writes the tag into %s, before </head>", async (url) => {
    const response = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe(REVALIDATE);
    expect(response.body).toMatch(new RegExp(`<meta name="${SITE_CONFIG_META}" content="[^"]*"></head>`));
    expect(parseSiteConfig(siteMetaOf(response.body))).toEqual({
      demoMode: true,
      cookieDomain: "shopradar.com",
      returnOrigins: ["https://www.shopradar.com", "https://pay.shopradar.com"],
      communityLinks: { whatsapp: null, zalo: "https://zalo.me/g/ours", wechat: null },
    });
    // The JSON's quotes are escaped for the attribute.
    expect(response.body).toContain('content="{&quot;demo&quot;:true,');
  });

  it.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ])("compresses the page with the tag for %s instead of serving the stale sibling", async (encoding, decode) => {
    for (const url of ["/", "/index.html"]) {
      const response = await app.inject({ method: "GET", url, headers: { "accept-encoding": encoding } });
      expect(response.headers["content-encoding"]).toBe(encoding);
      const html = decode(response.rawPayload).toString("utf8");
      expect(parseSiteConfig(siteMetaOf(html)).demoMode).toBe(true);
    }
  });

  it("answers a matching If-None-Match with 304", async () => {
    const first = await app.inject({ method: "GET", url: "/" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: "GET", url: "/", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("answers HEAD without a body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
  });
});

describe("outside demo mode", () => {
  it("says demo false, with host-only cookies and no other origins", async () => {
    const app = await buildTestApp(database, { env: { STATIC_DIR: staticDir, DEMO_MODE: "false" } });
    try {
      const response = await app.inject({ method: "GET", url: "/" });
      expect(siteMetaOf(response.body)).toBe(
        '{"demo":false,"cookie_domain":null,"return_origins":[],"community":{"whatsapp":null,"zalo":null,"wechat":null}}',
      );
    } finally {
      await app.close();
    }
  });
});
