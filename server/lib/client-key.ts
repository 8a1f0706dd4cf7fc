// clientKey: the address a per-client limit counts against. IPv4 addresses count as they are
// (an IPv4-mapped IPv6 address, ::ffff:a.b.c.d, as its IPv4 form); IPv6 addresses count by their
// /64 network, because one subscriber line usually gets a whole /64 and could otherwise rotate
// through 2^64 addresses to dodge every limit. Used by the rate limiter and by the per-address
// limits counted in the database (verification codes, contact messages).
import { isIP } from "node:net";

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split("%")[0].toLowerCase();
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const groups =
    tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

/** The limit key of a client address: IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 as its /64. */
export function clientKey(ip: string): string {
  const kind = isIP(ip.split("%")[0]);
  if (kind === 4) return ip;
  const groups = kind === 6 ? ipv6Groups(ip) : null;
  if (!groups) return ip;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
