// HTTP conventions every route shares: health check, the system-id gate, the error envelope
// (validation, malformed JSON, oversized bodies, hidden 5xx) and JSON 404s for API paths.
import { Type } from "@fastify/type-provider-typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { API_HEADERS, buildTestApp, openTestApp, openTestDatabase } from "./helpers/app";

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  ({ database, app } = await openTestApp());
  // Probe routes, registered like real ones, to exercise validation and the 5xx path.
  const probes = app.withTypeProvider<TypeBoxTypeProvider>();
  probes.post(
    "/api/v1/test-echo",
    { schema: { body: Type.Object({ name: Type.String({ minLength: 1 }), age: Type.Integer() }) } },
    async (request) => ({ code: 0, msg: "success", data: request.body }),
  );
  probes.get("/api/v1/test-crash", async () => {
    throw new Error("connection to 10.0.0.7 failed: password authentication failed for user shop");
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("GET /healthz and /readyz", () => {
  it("answer ok while the database answers, without a system-id header", async () => {
    for (const url of ["/healthz", "/readyz"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "ok", database: "ok" });
    }
  });

  it("when the database is gone: /healthz 200 (the process lives) saying why, /readyz 503 with Retry-After", async () => {
    const closed = await openTestDatabase();
    const unhealthy = await buildTestApp(closed);
    await closed.close();
    const health = await unhealthy.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok", database: "unavailable", reason: "database closed" });
    const ready = await unhealthy.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers["retry-after"]).toBe("5");
    expect(ready.json()).toEqual({ status: "unavailable", database: "unavailable", reason: "database closed" });
    await unhealthy.close();
  });

  it("name the reason of a failed ping, and never the driver's message", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.7:5432 user=shop"), { code: "ECONNREFUSED" });
    const failing: Database = { ...database, ping: () => Promise.reject(refused) };
    const unhealthy = await buildTestApp(failing);
    const ready = await unhealthy.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "unavailable", database: "unavailable", reason: "connection refused" });
    const unknown: Database = { ...database, ping: () => Promise.reject(new Error("password authentication failed")) };
    const other = await buildTestApp(unknown);
    const health = await other.inject({ method: "GET", url: "/healthz" });
    expect(health.json()).toEqual({ status: "ok", database: "unavailable", reason: "not answering" });
    await unhealthy.close();
    await other.close();
  });
});

describe("system-id header", () => {
  const routes = [
    { method: "GET", url: "/v1/user/accounts/current-user" },
    { method: "POST", url: "/v1/user/logout" },
    { method: "GET", url: "/api/v1/test-crash" },
    { method: "GET", url: "/api/v1/not-a-route" },
  ] as const;
  const badValues: Array<[string, Record<string, string>]> = [
    ["missing", {}],
    ["99", { "system-id": "99" }],
    ["abc", { "system-id": "abc" }],
    ["empty", { "system-id": "" }],
  ];

  for (const route of routes) {
    it.each(badValues)(`${route.method} ${route.url} with %s system-id → 400`, async (_, headers) => {
      const response = await app.inject({ ...route, headers });
      expect(response.statusCode).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        code: 400,
        msg: "Missing or invalid system-id header: expected 13 or 14",
        data: null,
      });
    });
  }

  it.each(["13", "14"])("accepts %s", async (systemId) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-echo",
      headers: { "system-id": systemId },
      payload: { name: "a", age: 1 },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("error envelope", () => {
  it("names the invalid field on validation errors", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-echo",
      headers: API_HEADERS,
      payload: { name: "a", age: "old" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 400, data: null });
    expect(body.msg).toContain("age");
  });

  it("names a missing required field", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-echo",
      headers: API_HEADERS,
      payload: { age: 3 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toContain("name");
  });

  it("answers 400 to a malformed JSON body, never 500", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-echo",
      headers: { ...API_HEADERS, "content-type": "application/json" },
      payload: '{"name": "a", "age": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: "Malformed JSON body", data: null });
  });

  it("answers 413 to an oversized body", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-echo",
      headers: { ...API_HEADERS, "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(1_100_000), age: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, data: null });
  });

  it("treats an empty JSON body as no body", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/v1/user/logout",
      headers: { ...API_HEADERS, "content-type": "application/json" },
      payload: "",
    });
    // Reaches the auth check rather than failing on the empty body.
    expect(response.statusCode).toBe(401);
  });

  it("hides internals on 5xx", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/test-crash", headers: API_HEADERS });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, msg: "Internal server error", data: null });
    expect(response.body).not.toContain("10.0.0.7");
  });
});

describe("unknown routes", () => {
  it.each([
    ["GET", "/api/xyz"],
    ["GET", "/v1/xyz"],
    ["POST", "/api/v1/nothing/here"],
    ["DELETE", "/v1/user/nothing"],
  ] as const)("%s %s → JSON 404 naming method and path", async (method, url) => {
    const response = await app.inject({ method, url: `${url}?token=secret`, headers: API_HEADERS });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: `Not found: ${method} ${url}`, data: null });
  });

  it("answers non-API paths with a JSON 404 when there is no built app", async () => {
    const response = await app.inject({ method: "GET", url: "/some/page", headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404 });
  });
});
