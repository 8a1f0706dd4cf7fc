// TRUST_PROXY: a hop count or the proxies' addresses/CIDRs (never true), and the client address
// the server then sees behind X-Forwarded-For.
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config";
import { API_HEADERS, buildTestApp, openTestDatabase } from "../helpers/app";

describe("TRUST_PROXY parsing", () => {
  it("takes false, a hop count or a list of addresses and CIDR ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses true with a message saying what to give instead, and bad entries by name", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(
      /Invalid TRUST_PROXY: "true" \(expected a hop count or proxy addresses, not true: .*e\.g\. 1.*10\.0\.0\.0\/8/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/not "10\.0\.0\.0\/33"/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.local" })).toThrow(/comma-separated list of IP addresses/);
    expect(() => loadConfig({ TRUST_PROXY: "99" })).toThrow(/Invalid TRUST_PROXY/);
  });
});

describe("the client address behind proxies", async () => {
  const database = await openTestDatabase();
  afterAll(() => database.close());
  const env = { DEMO_DATA_ON_START: "never" };

  const seenIp = async (trustProxy: string, forwardedFor: string, remoteAddress = "127.0.0.1") => {
    const app = await buildTestApp(database, { env: { ...env, TRUST_PROXY: trustProxy } });
    try {
      const reply = await app.inject({
        method: "GET",
        url: "/v1/portal/ip2region",
        headers: { ...API_HEADERS, "x-forwarded-for": forwardedFor },
        remoteAddress,
      });
      return reply.json<{ data: { ip: string } }>().data.ip;
    } finally {
      await app.close();
    }
  };

  it("ignores X-Forwarded-For without a proxy setting", async () => {
    expect(await seenIp("false", "198.51.100.9")).toBe("127.0.0.1");
  });

  it("believes as many hops as the count", async () => {
    expect(await seenIp("1", "198.51.100.9, 203.0.113.5")).toBe("203.0.113.5");
    expect(await seenIp("2", "198.51.100.9, 203.0.113.5")).toBe("198.51.100.9");
  });

  it("believes only the listed proxies", async () => {
    expect(await seenIp("127.0.0.1", "198.51.100.9")).toBe("198.51.100.9");
    expect(await seenIp("10.0.0.0/8", "198.51.100.9, 10.1.2.3", "10.9.9.9")).toBe("198.51.100.9");
    // A client that is not a listed proxy cannot choose its address.
    expect(await seenIp("10.0.0.0/8", "198.51.100.9", "203.0.113.50")).toBe("203.0.113.50");
  });
});
