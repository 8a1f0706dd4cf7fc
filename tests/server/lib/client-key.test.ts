// clientKey: the address per-client limits count against (IPv6 by /64, mapped IPv4 as IPv4).
import { describe, expect, it } from "vitest";
import { clientKey } from "../../../server/lib/client-key";

describe("clientKey", () => {
  it("keeps IPv4 addresses as they are", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 addresses by their /64, whatever their spelling", () => {
    expect(clientKey("2001:db8:aa:1::1")).toBe("2001:db8:aa:1::/64");
    expect(clientKey("2001:DB8:AA:1:FFFF:1:2:3")).toBe("2001:db8:aa:1::/64");
    expect(clientKey("2001:0db8:00aa:0001:0000:0000:0000:0009")).toBe("2001:db8:aa:1::/64");
    expect(clientKey("2001:db8:aa:2::1")).toBe("2001:db8:aa:2::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });

  it("takes IPv4-mapped IPv6 addresses as IPv4, in either notation", () => {
    expect(clientKey("::ffff:192.0.2.44")).toBe("192.0.2.44");
    expect(clientKey("::ffff:c000:22c")).toBe("192.0.2.44");
  });

  it("leaves anything else as it is", () => {
    expect(clientKey("not an address")).toBe("not an address");
  });
});
