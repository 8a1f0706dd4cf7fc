// Web push for campaigns: GET /api/v1/push/public-key (the VAPID key the browser
// subscribes with), POST /api/v1/push/subscription (save or refresh a subscription, with the
// signed-in user, x-language and edition) and DELETE /api/v1/push/subscription (idempotent).
// Visitors may subscribe; endpoints must be https URLs of a known push service
// (PUSH_SERVICE_HOSTS), keys a P-256 point and a 16-byte secret, and only a subscription's owner
// may change or remove it (services/push-subscriptions.ts).
import { createPublicKey } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { Db } from "../../../db/client";
import { envelopeResponses, ok } from "../../../lib/api";
import { errorFrom } from "../../../lib/domain-error";
import { PUSH_ERRORS } from "../errors";
import { pushEndpointAllowed } from "../services/push-endpoints";
import { removeSubscription, saveSubscription } from "../services/push-subscriptions";
import type { VapidKeys } from "../services/vapid-keys";
import { localeOf } from "../../catalog";
import { LANGUAGE_HEADER } from "../../../../contract/http-headers";

const pushError = (name: keyof typeof PUSH_ERRORS) => errorFrom(PUSH_ERRORS[name]);

const Base64url = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: "^[A-Za-z0-9_-]+={0,2}$" });
const Endpoint = Type.String({ minLength: 1, maxLength: 2048 });
const SubscriptionBody = Type.Object({
  endpoint: Endpoint,
  keys: Type.Object({ p256dh: Base64url(128), auth: Base64url(64) }),
});
const EndpointBody = Type.Object({ endpoint: Endpoint });
const Subscribed = Type.Object({ subscribed: Type.Boolean() });

function checkEndpoint(endpoint: string, pushHosts: readonly string[]): string {
  if (pushEndpointAllowed(endpoint, pushHosts)) return endpoint;
  throw pushError("BAD_ENDPOINT");
}

/** The auth secret, unpadded, when it is exactly 16 bytes. */
function checkAuth(value: string): string {
  const decoded = Buffer.from(value, "base64url");
  if (decoded.length !== 16) throw pushError("BAD_KEYS");
  return decoded.toString("base64url");
}

/** The browser's public key, unpadded, when it is an uncompressed point on P-256. */
function checkP256dh(value: string): string {
  const decoded = Buffer.from(value, "base64url");
  if (decoded.length !== 65 || decoded[0] !== 0x04) throw pushError("BAD_KEYS");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: decoded.subarray(1, 33).toString("base64url"),
    y: decoded.subarray(33).toString("base64url"),
  };
  try {
    createPublicKey({ key: jwk, format: "jwk" });
  } catch {
    throw pushError("BAD_KEYS");
  }
  return decoded.toString("base64url");
}

export interface PushRouteOptions {
  db: Db;
  vapid: VapidKeys;
  /** PUSH_SERVICE_HOSTS: where endpoints may point. */
  pushHosts: readonly string[];
}

export const pushRoutes: FastifyPluginAsyncTypebox<PushRouteOptions> = async (app, { db, vapid, pushHosts }) => {
  const tags = ["push"];
  const path = "/api/v1/push/subscription";

  app.get(
    "/api/v1/push/public-key",
    {
      schema: {
        tags,
        summary: "VAPID public key (base64url) for PushManager.subscribe",
        response: envelopeResponses(Type.Object({ public_key: Type.String() })),
      },
    },
    async () => ok({ public_key: vapid.publicKey }),
  );

  app.post(
    path,
    {
      schema: {
        tags,
        summary: "Save a push subscription",
        body: SubscriptionBody,
        response: envelopeResponses(Subscribed),
      },
    },
    async (request) => {
      const { endpoint, keys } = request.body;
      const saved = await saveSubscription(db, {
        endpoint: checkEndpoint(endpoint, pushHosts),
        p256dh: checkP256dh(keys.p256dh),
        auth: checkAuth(keys.auth),
        userId: request.user?.id ?? null,
        language: localeOf(request.headers[LANGUAGE_HEADER]),
        systemId: request.systemId,
      });
      if (!saved) throw pushError("NOT_YOURS");
      return ok({ subscribed: true });
    },
  );

  app.delete(
    path,
    {
      schema: {
        tags,
        summary: "Remove a push subscription (idempotent; a user's subscription only by that user)",
        body: EndpointBody,
        response: envelopeResponses(Subscribed),
      },
    },
    async (request) => {
      const removal = await removeSubscription(db, request.body.endpoint, request.user?.id ?? null);
      if (removal === "not-yours") throw pushError("NOT_YOURS");
      return ok({ subscribed: false });
    },
  );
};
