// Demo mode's movable clock (/__dev/clock): it exists only in demo mode and only for loopback
// clients, moves forward only and refuses bad input with a 400; the adjustable clock under it
// adds its offset and tells its listeners (the renewal job) after each move.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { createAdjustableClock } from "../../../server/lib/adjustable-clock";
import { openTestApp } from "../helpers/app";

const CLOCK = "/__dev/clock";
const LOOPBACK = "127.0.0.1";
const DAY_MS = 24 * 60 * 60_000;
const FIXED = new Date("2026-11-24T00:00:00.000Z");

describe("/__dev/clock in demo mode", () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ database, app } = await openTestApp({ now: () => FIXED }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers the time and moves it forward by days or milliseconds", async () => {
    const before = await app.inject({ method: "GET", url: CLOCK, remoteAddress: LOOPBACK });
    expect(before.json().data).toEqual({ now: FIXED.toISOString(), offset_ms: 0 });
    const moved = await app.inject({
      method: "POST",
      url: CLOCK,
      remoteAddress: LOOPBACK,
      payload: { advance_days: 31 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toEqual({
      now: new Date(FIXED.getTime() + 31 * DAY_MS).toISOString(),
      offset_ms: 31 * DAY_MS,
    });
    const more = await app.inject({
      method: "POST",
      url: CLOCK,
      remoteAddress: LOOPBACK,
      payload: { advance_ms: 1000 },
    });
    expect(more.json().data.offset_ms).toBe(31 * DAY_MS + 1000);
  });

  it.each([
    {},
    { advance_days: 0 },
    { advance_days: -1 },
    // Positive, but under a millisecond once converted (found by the fuzzer: it was a 500).
    { advance_days: 1e-300 },
    { advance_ms: 1.5 },
    { advance_days: 1, advance_ms: 1 },
  ])("refuses %j with a 400", async (payload) => {
    const response = await app.inject({ method: "POST", url: CLOCK, remoteAddress: LOOPBACK, payload });
    expect(response.statusCode).toBe(400);
  });

  it("does not exist for other clients", async () => {
    const response = await app.inject({
      method: "POST",
      url: CLOCK,
      remoteAddress: "203.0.113.9",
      payload: { advance_days: 1 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("/__dev/clock outside demo mode", () => {
  it("does not exist, even for loopback clients", async () => {
    const { database, app } = await openTestApp({ env: { DEMO_MODE: "false", LOG_LEVEL: "warn" } });
    try {
      const response = await app.inject({ method: "GET", url: CLOCK, remoteAddress: LOOPBACK });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("createAdjustableClock", () => {
  it("adds the offset to the base clock, tells listeners, and refuses to go back", () => {
    const clock = createAdjustableClock(() => FIXED);
    let told = 0;
    const stop = clock.onMove(() => told++);
    clock.advance(5);
    expect(clock.now().getTime()).toBe(FIXED.getTime() + 5);
    expect(told).toBe(1);
    stop();
    clock.advance(5);
    expect(told).toBe(1);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(0)).toThrow(RangeError);
  });
});
