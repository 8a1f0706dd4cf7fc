// Which errors mean "the database is not answering" (503 with Retry-After) and which are bugs
// (500): the driver's connection failures, PostgreSQL's shutdown and timeout SQLSTATEs, wrapped
// or not; and the error handler's answers for both through a real app.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { sqlStateOf, unavailableReason } from "../../../server/db/unavailable";
import { API_HEADERS, openTestApp } from "../helpers/app";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How drizzle hands a driver error on: wrapped, the driver's error as the cause. */
const wrapped = (cause: unknown) => new Error("Failed query: select 1\nparams: ", { cause });

describe("unavailableReason", () => {
  it.each([
    [withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"), "connection refused"],
    [
      Object.assign(new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], ""), {}),
      "connection refused",
    ],
    [withCode("read ECONNRESET", "ECONNRESET"), "connection lost"],
    [new Error("Connection terminated unexpectedly"), "connection lost"],
    [new Error("Client has encountered a connection error and is not queryable"), "connection lost"],
    [new Error("timeout exceeded when trying to connect"), "connection timed out"],
    [new Error("Connection terminated due to connection timeout"), "connection timed out"],
    [withCode("terminating connection due to administrator command", "57P01"), "connection lost"],
    [withCode("the database system is shutting down", "57P03"), "database starting or shutting down"],
    [withCode("connection failure", "08006"), "connection lost"],
    [withCode("sorry, too many clients already", "53300"), "too many connections"],
    [withCode("canceling statement due to statement timeout", "57014"), "statement timed out"],
    [withCode("canceling statement due to lock timeout", "55P03"), "lock wait timed out"],
    [withCode("getaddrinfo ENOTFOUND db.internal", "ENOTFOUND"), "host not found"],
  ])("%s → %s, bare or wrapped", (error, reason) => {
    expect(unavailableReason(error)).toBe(reason);
    expect(unavailableReason(wrapped(error))).toBe(reason);
  });

  it.each([
    new Error("boom"),
    withCode('duplicate key value violates unique constraint "users_email"', "23505"),
    withCode("syntax error at or near", "42601"),
    wrapped(withCode("relation does not exist", "42P01")),
    "a string",
    null,
  ])("%s is not an outage", (error) => {
    expect(unavailableReason(error)).toBeNull();
  });

  it("finds a SQLSTATE through wrappers, and never takes a socket error for one", () => {
    expect(sqlStateOf(wrapped(withCode("deadlock", "40P01")))).toBe("40P01");
    expect(sqlStateOf(withCode("write EPIPE", "EPIPE"))).toBeNull();
  });
});

describe("the error handler on database failures", () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ database, app } = await openTestApp());
    app.get("/api/v1/test-outage", async () => {
      throw wrapped(withCode("connect ECONNREFUSED 10.0.0.7:5432", "ECONNREFUSED"));
    });
    app.get("/api/v1/test-statement-timeout", async () => {
      throw withCode("canceling statement due to statement timeout", "57014");
    });
    app.post("/api/v1/test-json", async () => ({ code: 0, msg: "success", data: null }));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(["/api/v1/test-outage", "/api/v1/test-statement-timeout"])(
    "%s: 503 with Retry-After and the envelope, no driver details",
    async (url) => {
      const response = await app.inject({ method: "GET", url, headers: API_HEADERS });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      expect(response.json()).toEqual({ code: 503, msg: expect.stringMatching(/try again/), data: null });
      expect(response.body).not.toContain("10.0.0.7");
    },
  );

  it("a client error whose cause quotes outage words stays a 400", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-json",
      headers: { ...API_HEADERS, "content-type": "application/json" },
      payload: '{"x": "Connection terminated unexpectedly ECONNREFUSED',
    });
    expect(response.statusCode).toBe(400);
  });
});
