// Rate limits: 200 rapid contact-form posts from one address meet 429s with Retry-After and the
// envelope, while a rank list read is not limited that way; budgets count per address (IPv6 by
// /64) and per route; RATE_LIMIT_SCALE multiplies them (0: off); with Redis (TEST_REDIS_URL) two
// instances share one budget.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_GROUPS, rateLimitGroupOf } from "../../../server/plugins/rate-limit";
import { API_HEADERS, buildTestApp, openTestApp } from "../helpers/app";

const LIMITED = { RATE_LIMIT_SCALE: "1", DEMO_DATA_ON_START: "never" };
const { database, app, close } = await openTestApp({ env: LIMITED });
afterAll(close);

const CONTACT = "/api/v1/portal/contact";
const contact = (target: FastifyInstance, remoteAddress: string) =>
  target.inject({
    method: "POST",
    url: CONTACT,
    headers: API_HEADERS,
    payload: { email: "burst@example.com", message: "hello" },
    remoteAddress,
  });

describe("the route policy", () => {
  it("puts sign-in, codes, lookups and search in tight groups and every other write in a default one", () => {
    expect(rateLimitGroupOf("POST", "/v1/user/ocean/sms/valid-code")).toBe("codes");
    expect(rateLimitGroupOf("POST", "/v1/user/ocean/phone/password/login-auth")).toBe("sign-in");
    expect(rateLimitGroupOf("POST", "/v1/user/third-login/code-auth/:type")).toBe("sign-in");
    expect(rateLimitGroupOf("GET", "/v1/user/ocean/exist-user/")).toBe("account-lookup");
    expect(rateLimitGroupOf("GET", "/api/v1/search/goods")).toBe("search");
    expect(rateLimitGroupOf("POST", "/api/v1/portal/statistics/common-user/action")).toBe("tracking");
    expect(rateLimitGroupOf("DELETE", "/api/v1/push/subscription")).toBe("writes");
    expect(rateLimitGroupOf("PUT", "/api/v1/favourites/:kind/:id")).toBe("writes");
    expect(rateLimitGroupOf("GET", "/api/v1/rank/:entity")).toBeNull();
  });
});

describe("a burst from one address", () => {
  it("meets 429 with Retry-After and the envelope after the contact budget; a rank list read is not limited so", async () => {
    const budget = RATE_LIMIT_GROUPS.contact.max;
    const replies = [];
    // 200 posts, 20 at a time.
    for (let i = 0; i < 10; i++)
      replies.push(...(await Promise.all(Array.from({ length: 20 }, () => contact(app, "203.0.113.7")))));
    const limited = replies.filter((reply) => reply.statusCode === 429 && reply.headers["retry-after"] !== undefined);
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(budget);
    expect(limited).toHaveLength(200 - budget);
    const retryAfter = Number(limited[0].headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited[0].json()).toEqual({
      code: 429,
      msg: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      data: null,
    });

    // Another address has its own budget.
    expect((await contact(app, "198.51.100.1")).statusCode).toBe(200);

    // The same address reads lists as often as it likes.
    const reads = await Promise.all(
      Array.from({ length: 200 }, () =>
        app.inject({ method: "GET", url: "/api/v1/rank/goods", headers: API_HEADERS, remoteAddress: "203.0.113.7" }),
      ),
    );
    expect(reads.every((reply) => reply.statusCode !== 429 && reply.headers["retry-after"] === undefined)).toBe(true);
  });

  it("groups IPv6 addresses by /64 and takes IPv4-mapped IPv6 as IPv4", async () => {
    const budget = RATE_LIMIT_GROUPS.contact.max;
    for (let i = 0; i < budget; i++) expect((await contact(app, `2001:db8:aa:1::${i + 1}`)).statusCode).toBe(200);
    expect((await contact(app, "2001:db8:aa:1:ffff:1:2:3")).statusCode).toBe(429);
    expect((await contact(app, "2001:db8:aa:2::1")).statusCode).toBe(200);

    for (let i = 0; i < budget; i++) expect((await contact(app, "192.0.2.44")).statusCode).toBe(200);
    expect((await contact(app, "::ffff:192.0.2.44")).statusCode).toBe(429);
  });
});

describe("RATE_LIMIT_SCALE", () => {
  const lookup = (target: FastifyInstance, remoteAddress: string) =>
    target.inject({
      method: "GET",
      url: "/v1/user/ocean/exist-user?login_id=someone@example.com",
      headers: API_HEADERS,
      remoteAddress,
    });

  it("multiplies the budgets, and 0 switches limits off", async () => {
    const doubled = await buildTestApp(database, { env: { ...LIMITED, RATE_LIMIT_SCALE: "2" } });
    const off = await buildTestApp(database, { env: { ...LIMITED, RATE_LIMIT_SCALE: "0" } });
    try {
      const budget = RATE_LIMIT_GROUPS["account-lookup"].max * 2;
      const replies = await Promise.all(Array.from({ length: budget + 3 }, () => lookup(doubled, "192.0.2.77")));
      expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(3);
      const unlimited = await Promise.all(Array.from({ length: budget + 3 }, () => lookup(off, "192.0.2.77")));
      expect(unlimited.some((reply) => reply.statusCode === 429 || reply.headers["retry-after"])).toBe(false);
    } finally {
      await doubled.close();
      await off.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("rate limits in Redis (TEST_REDIS_URL)", () => {
  it("two instances sharing Redis share one budget", async () => {
    // A prefix of this run only, so runs (and instances of other tests) never share counters.
    const env = {
      ...LIMITED,
      REDIS_URL: redisUrl!,
      RATE_LIMIT_PREFIX: `shopradar-test-${randomBytes(6).toString("hex")}:`,
    };
    const first = await buildTestApp(database, { env });
    const second = await buildTestApp(database, { env });
    try {
      const budget = RATE_LIMIT_GROUPS.contact.max;
      const statuses = [];
      for (let i = 0; i < budget + 2; i++)
        statuses.push((await contact(i % 2 ? second : first, "192.0.2.99")).statusCode);
      expect(statuses.slice(0, budget)).toEqual(Array<number>(budget).fill(200));
      expect(statuses.slice(budget)).toEqual([429, 429]);
      const reply = await contact(first, "192.0.2.99");
      expect(Number(reply.headers["retry-after"])).toBeGreaterThan(0);
      expect(reply.json()).toMatchObject({ code: 429, data: null });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("refuses to start when REDIS_URL does not answer", async () => {
    await expect(buildTestApp(database, { env: { ...LIMITED, REDIS_URL: "redis://127.0.0.1:1" } })).rejects.toThrow(
      /Cannot reach the Redis at REDIS_URL/,
    );
  });
});
