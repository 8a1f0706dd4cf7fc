// Where a request comes from, as the invite rules compare it: the app's device id (its
// `device-id` cookie, contract/cookies.ts) and the client's address key (lib/client-key.ts, so an
// IPv6 line counts by its /64), both as hex SHA-256 so the tables never hold the raw values.
// Loopback clients have no address key: on this machine every browser shares one address, which
// says nothing about who is behind it (a proxy without TRUST_PROXY looks the same).
import { createHash } from "node:crypto";
import { parseCookie } from "cookie";
import type { FastifyRequest } from "fastify";
import { DEVICE_ID_COOKIE } from "../../contract/cookies";
import { clientKey } from "./client-key";
import { isLoopbackAddress } from "./loopback";

export interface RequestOrigin {
  deviceHash: string | null;
  addressHash: string | null;
}

const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");
const MAX_DEVICE_ID_LENGTH = 128;

export function requestOrigin(request: Pick<FastifyRequest, "headers" | "ip">): RequestOrigin {
  const header = request.headers.cookie;
  const deviceId = header ? parseCookie(header)[DEVICE_ID_COOKIE]?.trim() : undefined;
  return {
    deviceHash: deviceId && deviceId.length <= MAX_DEVICE_ID_LENGTH ? sha256(deviceId) : null,
    addressHash: isLoopbackAddress(request.ip) ? null : sha256(clientKey(request.ip)),
  };
}
