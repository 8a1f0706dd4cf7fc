// The bundled IP table: lookups at range edges, the default country, and the route.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countryOf, parseRanges } from "../../../server/modules/accounts/services/ip-region";
import { API_HEADERS, openTestApp, type TestApp } from "../helpers/app";

describe("countryOf", () => {
  const ranges = parseRanges("10.0.0.0,8,TH\n192.168.1.0,24,SG\n");
  it("finds the country at both ends of a range and outside it", () => {
    expect(countryOf("10.0.0.0", ranges)).toBe("TH");
    expect(countryOf("10.255.255.255", ranges)).toBe("TH");
    expect(countryOf("11.0.0.0", ranges)).toBe("VN");
    expect(countryOf("192.168.1.77", ranges)).toBe("SG");
    expect(countryOf("192.168.2.1", ranges)).toBe("VN");
  });
  it("falls back to VN for IPv6, garbage and unknown addresses", () => {
    expect(countryOf("::1", ranges)).toBe("VN");
    expect(countryOf("300.1.1.1", ranges)).toBe("VN");
    expect(countryOf("::ffff:10.1.2.3", ranges)).toBe("TH");
  });
  it("rejects a malformed table line", () => {
    expect(() => parseRanges("10.0.0.0,33,TH")).toThrow(/Bad IP range line/);
  });
  it("resolves addresses of the bundled table", () => {
    expect(countryOf("14.161.20.3")).toBe("VN");
    expect(countryOf("36.70.1.1")).toBe("ID");
    expect(countryOf("127.0.0.1")).toBe("VN");
  });
});

describe("GET /v1/portal/ip2region", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp();
  });
  afterAll(() => t.close());

  it("answers the caller's country in the envelope", async () => {
    const response = await t.app.inject({
      url: "/v1/portal/ip2region?system_id=14",
      headers: API_HEADERS,
      remoteAddress: "49.229.3.4",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: "success", data: { country: "TH", ip: "49.229.3.4" } });
  });

  it("rejects a bad system_id query with a clear 400", async () => {
    const response = await t.app.inject({ url: "/v1/portal/ip2region?system_id=abc", headers: API_HEADERS });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/system_id/);
  });
});
