// Every API call names the site it comes from (header system-id, 13 = Chinese,
// 14 = overseas). Rejecting a missing or unknown value at the door keeps handlers from
// guessing, and so does refusing 13 while the Chinese edition is off (ZH_EDITION: it signs in
// by text message, which needs an SMS provider outside demo mode). Health checks and static
// files are not API paths, so they stay exempt, and so is the captcha challenge, which the
// third-party widget fetches without our headers, and the payment webhooks, which the payment
// service provider sends.
import type { FastifyInstance } from "fastify";
import { isApiPath, pathOf } from "../lib/api";
import { DomainError } from "../lib/domain-error";
import { SYSTEM_ID_HEADER } from "../../contract/http-headers";

export const SYSTEM_IDS = [13, 14] as const;
export type SystemId = (typeof SYSTEM_IDS)[number];

/** Where the ALTCHA widget fetches its challenge (modules/accounts/routes/captcha.ts). */
export const CAPTCHA_CHALLENGE_PATH = "/v1/user/ocean/recaptcha/challenge";
/** API paths fetched by code we do not control. */
export const SYSTEM_ID_EXEMPT_PATHS: readonly string[] = [CAPTCHA_CHALLENGE_PATH, "/api/v1/openapi.json"];
/**
 * Path prefixes fetched by others than the app: thumbnails loaded by <img>
 * (modules/catalog/routes/images.ts) and the payment service provider's webhooks
 * (modules/commerce/routes/webhooks.ts).
 */
export const SYSTEM_ID_EXEMPT_PREFIXES: readonly string[] = ["/api/v1/images/", "/v1/payments/webhooks/"];

const INVALID = "Missing or invalid system-id header: expected 13 or 14";
const ZH_EDITION_OFF = "The Chinese edition (system-id 13) is not available on this server: use 14";
const ZH_SYSTEM_ID = 13;

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's site, set for every API request (0 elsewhere). */
    systemId: SystemId | 0;
  }
}

function parseSystemId(header: string | string[] | undefined): SystemId | null {
  const value = typeof header === "string" ? Number(header.trim()) : NaN;
  return SYSTEM_IDS.find((id) => id === value) ?? null;
}

export function applySystemIdGuard(app: FastifyInstance, { zhEdition }: { zhEdition: boolean }): void {
  app.decorateRequest("systemId", 0);
  // A callback hook, not an async one: it runs on every request, and Fastify settles an async
  // hook's promise in a microtask of its own.
  app.addHook("onRequest", (request, _reply, done) => {
    if (!isApiPath(request.url)) return done();
    const systemId = parseSystemId(request.headers[SYSTEM_ID_HEADER]);
    if (systemId === null) {
      const path = pathOf(request.url);
      if (
        SYSTEM_ID_EXEMPT_PATHS.includes(path.replace(/\/$/, "")) ||
        SYSTEM_ID_EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix))
      )
        return done();
      return done(new DomainError(400, INVALID));
    }
    if (systemId === ZH_SYSTEM_ID && !zhEdition) return done(new DomainError(400, ZH_EDITION_OFF));
    request.systemId = systemId;
    done();
  });
}
