// Security headers on every answer (server/plugins/security-headers.ts, content-security-policy.ts,
// private-answers.ts): on pages and files a CSP that allows exactly the build's inline scripts by
// hash (and the worker's snapshot loader) and no 'unsafe-inline' script, on API answers one that
// allows nothing; frames refused, nosniff, no referrer
// from /auth, HSTS only over HTTPS (as told by a trusted proxy), and per-caller API answers
// never stored by a cache.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODULE_LOADER } from "../../../contract/module-loader";
import type { Database } from "../../../server/db/client";
import { createSession } from "../../../server/modules/accounts/services/sessions";
import { createUser } from "../../../server/modules/accounts/services/users";
import { inlineScriptHashes } from "../../../server/plugins/content-security-policy";
import { PRIVATE_NO_STORE } from "../../../server/plugins/private-answers";
import { HSTS } from "../../../server/plugins/security-headers";
import { API_HEADERS, buildTestApp, openTestApp } from "../helpers/app";

// Like the build: a module script, an inline loader (with non-ASCII text, as the home shell has)
// and a JSON data block, which is not a script the browser runs.
const SHELL_SCRIPT = '(function () { document.getElementById("root").textContent = "ค้นหา"; })();';
const SECOND_SCRIPT = "\n  window.x = 1;\n";
const INDEX_HTML = `<!doctype html><html><head><title>ShopRadar</title><style>body{margin:0}</style>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><div id="root"></div><script>${SHELL_SCRIPT}</script><script type="application/json">{"a":1}</script><script type="text/javascript">${SECOND_SCRIPT}</script></body></html>`;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const PAGE = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

let staticDir: string;
let database: Database;
let app: FastifyInstance;
let proxied: FastifyInstance;
let token: string;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), "shopradar-headers-"));
  mkdirSync(path.join(staticDir, "assets"));
  writeFileSync(path.join(staticDir, "index.html"), INDEX_HTML);
  writeFileSync(path.join(staticDir, "assets", "index-abc.js"), "export {};\n");
  ({ database, app } = await openTestApp({ env: { STATIC_DIR: staticDir } }));
  app.get("/api/v1/__test/fail", () => {
    throw new Error("boom");
  });
  proxied = await buildTestApp(database, { env: { STATIC_DIR: staticDir, TRUST_PROXY: "127.0.0.1" } });
  const user = await createUser(database.db, { email: "headers@example.com" });
  token = (await createSession(database.db, user.id)).token;
});

afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await database?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The CSP as directive name -> sources. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** What every answer carries. */
function expectBaseHeaders(response: LightMyRequestResponse): void {
  expect(csp(response).get("frame-ancestors")).toEqual(["'none'"]);
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(response.headers["strict-transport-security"]).toBeUndefined();
}

/** A page's or a file's: the app's policy. */
function expectPageHeaders(response: LightMyRequestResponse): void {
  expectBaseHeaders(response);
  const policy = csp(response);
  expect(policy.get("default-src")).toEqual(["'self'"]);
  expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
  expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
  expect(policy.get("script-src-attr")).toEqual(["'none'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'self'"]);
  expect(policy.get("form-action")).toEqual(["'self'"]);
  expect(policy.get("connect-src")).toEqual(["'self'"]);
  expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  // The ALTCHA widget's proof-of-work worker is a blob: URL.
  expect(policy.get("worker-src")).toEqual(["'self'", "blob:"]);
}

/** An API answer's: never a document, so its policy allows nothing. */
function expectApiHeaders(response: LightMyRequestResponse): void {
  expectBaseHeaders(response);
  expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
}

describe("pages and files", () => {
  it("allows the page's inline scripts by hash and nothing else inline", async () => {
    const response = await app.inject({ method: "GET", url: "/", headers: PAGE });
    expect(response.statusCode).toBe(200);
    expectPageHeaders(response);
    const scripts = csp(response).get("script-src")!;
    expect(scripts).toEqual(["'self'", sha256(SHELL_SCRIPT), sha256(SECOND_SCRIPT), sha256(MODULE_LOADER)]);
    expect(inlineScriptHashes(INDEX_HTML)).toEqual([sha256(SHELL_SCRIPT), sha256(SECOND_SCRIPT)]);
    // Styles may be inline (the built page's <style>, React's style attributes).
    expect(csp(response).get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("sends the same headers with the SPA fallback and static files", async () => {
    const page = await app.inject({ method: "GET", url: "/rank?type=goods", headers: PAGE });
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expectPageHeaders(page);
    const file = await app.inject({ method: "GET", url: "/assets/index-abc.js" });
    expect(file.statusCode).toBe(200);
    expectPageHeaders(file);
  });

  it.each(["/auth?code=4/0Ab-secret&state=s", "/login/pages/auth/auth?qr=ticket-secret", "/auth/"])(
    "sends no referrer from %s, whose address carries a secret",
    async (url) => {
      const response = await app.inject({ method: "GET", url, headers: PAGE });
      expect(response.statusCode).toBe(200);
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(csp(response).get("frame-ancestors")).toEqual(["'none'"]);
    },
  );
});

describe("API answers, 404s and errors", () => {
  it("has the headers on an API answer", async () => {
    const response = await app.inject({ method: "GET", url: "/v1/user/ocean/public-key", headers: API_HEADERS });
    expect(response.statusCode).toBe(200);
    expectApiHeaders(response);
  });

  it("has them on a 404 and on a 500", async () => {
    const missing = await app.inject({ method: "GET", url: "/api/v1/nothing-here", headers: API_HEADERS });
    expect(missing.statusCode).toBe(404);
    expectApiHeaders(missing);
    const asset = await app.inject({ method: "GET", url: "/assets/missing-000.js" });
    expect(asset.statusCode).toBe(404);
    expectPageHeaders(asset);
    const failed = await app.inject({ method: "GET", url: "/api/v1/__test/fail", headers: API_HEADERS });
    expect(failed.statusCode).toBe(500);
    expectApiHeaders(failed);
  });
});

describe("Strict-Transport-Security", () => {
  it("is never sent over plain http, whatever an untrusted client claims", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/",
      headers: { ...PAGE, "x-forwarded-proto": "https" },
    });
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    const plain = await proxied.inject({ method: "GET", url: "/", headers: PAGE });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });

  it("is sent on HTTPS answers, as told by a trusted proxy", async () => {
    for (const url of ["/", "/v1/user/ocean/public-key", "/api/v1/nothing-here"]) {
      const response = await proxied.inject({
        method: "GET",
        url,
        headers: { ...PAGE, ...API_HEADERS, "x-forwarded-proto": "https" },
      });
      expect(response.headers["strict-transport-security"]).toBe(HSTS);
    }
  });
});

describe("Cache-Control on per-caller answers", () => {
  it("is private, no-store on every account answer", async () => {
    const anonymous = await app.inject({ method: "GET", url: "/v1/user/ocean/public-key", headers: API_HEADERS });
    expect(anonymous.headers["cache-control"]).toBe(PRIVATE_NO_STORE);
    const signedIn = await app.inject({
      method: "GET",
      url: "/v1/user/accounts/current-user",
      headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe(PRIVATE_NO_STORE);
    const refused = await app.inject({ method: "GET", url: "/v1/user/accounts/current-user", headers: API_HEADERS });
    expect(refused.headers["cache-control"]).toBe(PRIVATE_NO_STORE);
  });

  it("is private, no-store on a data answer to a signed-in caller, not on a visitor's list", async () => {
    const url = "/api/v1/rank/goods?window=24h";
    const signedIn = await app.inject({
      method: "GET",
      url,
      headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe(PRIVATE_NO_STORE);
    const favourites = await app.inject({
      method: "GET",
      url: "/api/v1/favorites",
      headers: { ...API_HEADERS, authorization: token },
    });
    expect(favourites.headers["cache-control"]).toBe(PRIVATE_NO_STORE);
    const visitor = await app.inject({ method: "GET", url, headers: API_HEADERS });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers["cache-control"]).toBeUndefined();
  });
});
