// The built PWA as the server delivers it: cache headers that make deploys safe, compression,
// the manifest's content type, and the SPA fallback for client-side routes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { IMMUTABLE, REVALIDATE } from "../../../server/plugins/static-files";
import { API_HEADERS, openTestApp } from "../helpers/app";

const INDEX_HTML = "<!doctype html><html><head><title>ShopRadar</title></head><body><div id=root></div></body></html>";
// Above @fastify/compress's 1 KiB threshold, as real bundles are.
const APP_JS = `console.log(${JSON.stringify("ShopRadar ".repeat(300))});\n`;

let staticDir: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), "shopradar-static-"));
  mkdirSync(path.join(staticDir, "assets"));
  writeFileSync(path.join(staticDir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(staticDir, "assets", "app-abc123.js"), APP_JS);
  writeFileSync(path.join(staticDir, "sw.js"), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(path.join(staticDir, "manifest.webmanifest"), JSON.stringify({ name: "ShopRadar" }));
  ({ database, app } = await openTestApp({ env: { STATIC_DIR: staticDir } }));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe("static files", () => {
  it("serves hashed assets as immutable and gzips them", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it("serves an asset uncompressed to clients that do not ask for compression", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(APP_JS);
  });

  it.each(["/", "/index.html", "/sw.js", "/manifest.webmanifest"])("serves %s with no-cache", async (url) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(REVALIDATE);
  });

  it("labels the web manifest as application/manifest+json", async () => {
    const response = await app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
  });

  it("prefers a pre-compressed sibling when the build produced one", async () => {
    const precompressedFile = path.join(staticDir, "assets", "big-def456.js");
    writeFileSync(precompressedFile, APP_JS);
    writeFileSync(`${precompressedFile}.gz`, "pretend-gzip");
    const response = await app.inject({
      method: "GET",
      url: "/assets/big-def456.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.body).toBe("pretend-gzip");
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
  });

  it("does not require a system-id header", async () => {
    const response = await app.inject({ method: "GET", url: "/sw.js" });
    expect(response.statusCode).toBe(200);
  });
});

describe("SPA fallback", () => {
  it("serves index.html for an unknown page requested by a browser", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/detail/goods/42?tab=video",
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe(REVALIDATE);
    // The page as built, plus the site's meta tag (tests/server/plugins/site-meta.test.ts).
    expect(response.body.replace(/<meta name="shopradar-site" content="[^"]*">/, "")).toBe(INDEX_HTML);
  });

  it("answers a missing non-HTML file with a JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/missing-000.js", headers: { accept: "*/*" } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, msg: "Not found: GET /assets/missing-000.js" });
  });

  it("never answers API paths with index.html", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/v1/unknown",
      headers: { ...API_HEADERS, accept: "text/html" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: "Not found: GET /api/v1/unknown", data: null });
  });
});
