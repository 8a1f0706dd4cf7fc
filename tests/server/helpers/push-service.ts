// A browser and a push service for web-push tests, without either: the subscriber's real P-256
// key pair and auth secret, decryption of a pushed body as the browser does it (RFC 8291 key
// derivation, RFC 8188 aes128gcm record), and a loopback HTTP push service recording each push.
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";

/** What a browser holds for one subscription: its ECDH key pair and auth secret. */
export interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  keys: { p256dh: string; auth: string };
}
export function newBrowser(): Browser {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
}

/** RFC 8291 + RFC 8188: what the browser does with a pushed aes128gcm body. */
export function decrypt(body: Buffer, browser: Browser): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(record.length);
  const secret = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", secret, browser.auth, keyInfo, 32));
  const derive = (info: string, length: number) =>
    Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from(info), length));
  const decipher = createDecipheriv(
    "aes-128-gcm",
    derive("Content-Encoding: aes128gcm\0", 16),
    derive("Content-Encoding: nonce\0", 12),
  );
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  expect(padded[end], "last record delimiter").toBe(2);
  return padded.subarray(0, end).toString("utf8");
}

export interface Captured {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on loopback: records every push, answers the status set for its path (201 by default). */
export function pushService() {
  const received: Captured[] = [];
  const statusFor = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      const status = statusFor.get(request.url!) ?? 201;
      // Redirects point at another path of this service: a followed one would show up there.
      response.writeHead(status, status >= 300 && status < 400 ? { location: "/push/redirected" } : {}).end();
    });
  });
  return {
    received,
    statusFor,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
