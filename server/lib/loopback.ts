// Whether a socket's remote address is this machine: 127.0.0.0/8, ::1, or an IPv4 loopback
// address mapped into IPv6 (::ffff:127.x.y.z). Used for tools that must never answer anyone
// else (the demo outbox), so it reads the socket, never X-Forwarded-For.
import { isIPv4 } from "node:net";

const MAPPED_IPV4 = "::ffff:";

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const value = address.toLowerCase();
  if (value === "::1" || value === "0:0:0:0:0:0:0:1") return true;
  const ipv4 = value.startsWith(MAPPED_IPV4) ? value.slice(MAPPED_IPV4.length) : value;
  return isIPv4(ipv4) && ipv4.startsWith("127.");
}
