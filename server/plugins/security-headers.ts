// Security headers on every answer (pages, static files, API answers, 404s and errors), set
// before the route runs: helmet's set, built once at boot, with our Content-Security-Policy
// (content-security-policy.ts), frames refused (frame-ancestors 'none', X-Frame-Options DENY),
// nosniff, and Referrer-Policy strict-origin-when-cross-origin; no-referrer on the pages whose
// address carries a secret (contract/http-headers.ts isNoReferrerPath). Strict-Transport-Security
// only on HTTPS answers (request.protocol follows X-Forwarded-Proto from a trusted proxy), never
// on plain http, where it would be meaningless and would pin a local http setup if it were not.
// The worker answers navigations from its precache with the headers index.html had (the same
// policy) and adds no-referrer for those pages itself (sw/navigation.ts).
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { isNoReferrerPath, NO_REFERRER } from "../../contract/http-headers";
import { pathOf } from "../lib/api";
import { cspDirectives, indexScriptHashes } from "./content-security-policy";

export const HSTS = "max-age=31536000; includeSubDomains";
export const DEFAULT_REFERRER_POLICY = "strict-origin-when-cross-origin";

export function applySecurityHeaders(app: FastifyInstance, options: { staticDir: string }): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(indexScriptHashes(options.staticDir)) },
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: DEFAULT_REFERRER_POLICY },
  });
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error) return done(error instanceof Error ? error : new Error("security headers failed"));
      if (request.protocol === "https") reply.raw.setHeader("strict-transport-security", HSTS);
      if (isNoReferrerPath(pathOf(request.url))) reply.raw.setHeader("referrer-policy", NO_REFERRER);
      done();
    });
  });
}
