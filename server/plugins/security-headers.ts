// Security headers on every answer (pages, static files, API answers, 404s and errors), set
// before the route runs. Pages and files: helmet's set, built once at boot, with our
// Content-Security-Policy (content-security-policy.ts), frames refused (frame-ancestors 'none',
// X-Frame-Options DENY), nosniff and Referrer-Policy strict-origin-when-cross-origin;
// no-referrer on the pages whose address carries a secret (contract/http-headers.ts
// isNoReferrerPath). API answers (/v1/, /api/) are never documents: they get a short constant
// set whose policy allows nothing at all (default-src 'none'), which costs the hot path one call
// instead of helmet's dozen (the full set took a fifth of a small JSON route's throughput).
// Strict-Transport-Security only on HTTPS answers (request.protocol follows X-Forwarded-Proto
// from a trusted proxy), never on plain http. The worker answers navigations from its precache
// with the headers index.html had (the same policy) and adds no-referrer for /auth itself
// (sw/navigation.ts).
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { isNoReferrerPath, NO_REFERRER } from "../../contract/http-headers";
import { isApiPath, pathOf } from "../lib/api";
import { cspDirectives, inlineScriptHashes } from "./content-security-policy";

export const HSTS = "max-age=31536000; includeSubDomains";
export const DEFAULT_REFERRER_POLICY = "strict-origin-when-cross-origin";

/** What every API answer carries. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": DEFAULT_REFERRER_POLICY,
  "cross-origin-resource-policy": "same-origin",
};

/** `indexHtml`: the page served for / (null without a build), whose inline scripts the CSP allows. */
export function applySecurityHeaders(app: FastifyInstance, options: { indexHtml: string | null }): void {
  const setPageHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(inlineScriptHashes(options.indexHtml ?? "")),
    },
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: DEFAULT_REFERRER_POLICY },
  });
  app.addHook("onRequest", (request, reply, done) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    if (isApiPath(request.url)) {
      reply.headers(API_SECURITY_HEADERS);
      return done();
    }
    setPageHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error) return done(error instanceof Error ? error : new Error("security headers failed"));
      if (isNoReferrerPath(pathOf(request.url))) reply.raw.setHeader("referrer-policy", NO_REFERRER);
      done();
    });
  });
}
