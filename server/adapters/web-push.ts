// Delivering one web push (RFC 8030) to a browser's push service: the payload encrypted for the
// subscription (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292) by the web-push
// package, then POSTed with fetch, so http:// endpoints (a local push service in tests and
// development) work as well as the real https:// ones. Redirects are never followed: a push
// service does not redirect, and following one would send our request wherever a subscriber's
// endpoint points. Sending never throws: the result says whether the subscription is gone
// (404/410: delete it) or the push merely failed.
import webpush from "web-push";
import type { VapidKeys } from "../modules/engagement/services/vapid-keys";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult =
  { ok: true; status: number } | { ok: false; status: number | null; gone: boolean; reason: string };

export interface PushOptions {
  /** How long the push service keeps an undelivered push (seconds). */
  ttlSeconds?: number;
  timeoutMs?: number;
}

const DAY_S = 86_400;

export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  options: PushOptions = {},
): Promise<PushResult> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: options.ttlSeconds ?? DAY_S,
        contentEncoding: "aes128gcm",
      },
    );
  } catch (error) {
    // Keys the browser should never have produced: nothing will ever decrypt for them.
    return { ok: false, status: null, gone: true, reason: `unusable subscription: ${(error as Error).message}` };
  }
  // fetch computes Content-Length itself; header values must be strings.
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      redirect: "manual",
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return { ok: true, status: response.status };
    if (response.status >= 300 && response.status < 400)
      return {
        ok: false,
        status: response.status,
        gone: false,
        reason: `push service redirected (${response.status}), not followed`,
      };
    return {
      ok: false,
      status: response.status,
      gone: response.status === 404 || response.status === 410,
      reason: `push service answered ${response.status}`,
    };
  } catch (error) {
    return { ok: false, status: null, gone: false, reason: (error as Error).message };
  }
}
