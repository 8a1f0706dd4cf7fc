// Webhook signatures in Stripe's scheme, which the sandbox gateway signs with and the webhook
// handler checks: the header `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`
// (more v1 entries allowed, during a secret rotation), refused when no v1 matches (compared in
// constant time) or when t is more than the tolerance (300 s) away from now.
import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookRejected } from "./payments-adapter";

export const SIGNATURE_HEADER = "shopradar-signature";
export const SIGNATURE_TOLERANCE_S = 300;

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
}

/** The signature header for `rawBody` sent at `now`. */
export function signWebhook(secret: string, rawBody: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

/** Throws WebhookRejected unless `header` signs `rawBody` with `secret` within the tolerance. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
  toleranceS = SIGNATURE_TOLERANCE_S,
): void {
  if (!header) throw new WebhookRejected("missing signature header");
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.split("=", 2).map((piece) => piece.trim());
    if (key === "t" && /^\d+$/.test(value ?? "")) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(value ?? "")) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) throw new WebhookRejected("malformed signature header");
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceS) throw new WebhookRejected("timestamp outside tolerance");
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), "hex");
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, "hex"), expected));
  if (!matches) throw new WebhookRejected("signature mismatch");
}
