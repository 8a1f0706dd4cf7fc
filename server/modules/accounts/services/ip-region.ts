// Country of an IPv4 address from the bundled range table (server/assets/ip-ranges.csv).
// Unknown, private, loopback and IPv6 addresses resolve to the default country.
import { readFileSync } from "node:fs";

export const DEFAULT_COUNTRY = "VN";

interface Range {
  first: number;
  last: number;
  country: string;
}

function ipv4ToNumber(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

export function parseRanges(csv: string): Range[] {
  return csv
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [address, prefix, country] = line.split(",");
      const first = ipv4ToNumber(address);
      const bits = Number(prefix);
      if (first === null || !Number.isInteger(bits) || bits < 0 || bits > 32 || !/^[A-Z]{2}$/.test(country)) {
        throw new Error(`Bad IP range line: ${line}`);
      }
      return { first, last: first + 2 ** (32 - bits) - 1, country };
    })
    .sort((a, b) => a.first - b.first);
}

let bundled: Range[] | undefined;
function bundledRanges(): Range[] {
  bundled ??= parseRanges(readFileSync(new URL("../../../assets/ip-ranges.csv", import.meta.url), "utf8"));
  return bundled;
}

export function countryOf(ip: string, ranges: Range[] = bundledRanges()): string {
  const value = ipv4ToNumber(ip.replace(/^::ffff:/, ""));
  if (value === null) return DEFAULT_COUNTRY;
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle];
    if (value < range.first) high = middle - 1;
    else if (value > range.last) low = middle + 1;
    else return range.country;
  }
  return DEFAULT_COUNTRY;
}
