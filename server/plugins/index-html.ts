// index.html as the server sends it: read once at boot from STATIC_DIR, with this deployment's
// facts (contract/site-config.ts: demo mode, cookie domain, return origins) written into its
// head as <meta name="shopradar-site" content="{json}">, so the app has them before its first
// request. Served for / and /index.html (routes of their own, ahead of @fastify/static, whose
// precompressed index.html.br/.gz siblings would skip the tag) and by the SPA fallback
// (not-found.ts); no-cache like every non-hashed file, with an ETag so revalidating costs a 304.
// @fastify/compress compresses the string like any other response.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { serializeSiteConfig, SITE_CONFIG_META, type SiteConfig } from "../../contract/site-config";
import type { Config } from "../config";
import { REVALIDATE } from "./static-files";

export const INDEX_HTML_PATHS = ["/", "/index.html"] as const;

/** index.html with the meta tag, ready to send. */
export interface IndexHtml {
  body: string;
  etag: string;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  '"': "&quot;",
  "'": "&#39;",
  "<": "&lt;",
  ">": "&gt;",
};

export function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => ATTRIBUTE_ESCAPES[char]);
}

export function siteConfigOf(config: Pick<Config, "demoMode" | "cookieDomain" | "returnOrigins">): SiteConfig {
  return { demoMode: config.demoMode, cookieDomain: config.cookieDomain, returnOrigins: [...config.returnOrigins] };
}

export function siteMetaTag(site: SiteConfig): string {
  return `<meta name="${SITE_CONFIG_META}" content="${escapeAttribute(serializeSiteConfig(site))}">`;
}

/** The tag goes at the end of the head; a page without a head gets it first. */
export function withSiteMeta(html: string, site: SiteConfig): string {
  const tag = siteMetaTag(site);
  const headEnd = html.search(/<\/head\s*>/i);
  return headEnd === -1 ? `${tag}${html}` : `${html.slice(0, headEnd)}${tag}${html.slice(headEnd)}`;
}

/** STATIC_DIR/index.html with the meta tag, or null when the build has none. */
export function readIndexHtml(staticDir: string, site: SiteConfig): IndexHtml | null {
  const file = path.join(staticDir, "index.html");
  if (!existsSync(file)) return null;
  const body = withSiteMeta(readFileSync(file, "utf8"), site);
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

export function sendIndexHtml(request: FastifyRequest, reply: FastifyReply, index: IndexHtml): FastifyReply {
  reply.header("cache-control", REVALIDATE).header("etag", index.etag);
  if (request.headers["if-none-match"] === index.etag) return reply.code(304).send();
  return reply.type("text/html; charset=utf-8").send(index.body);
}

/** Routes / and /index.html to the prepared page (readIndexHtml; null without a build). */
export function registerIndexHtml(app: FastifyInstance, index: IndexHtml | null): void {
  if (!index) return;
  for (const url of INDEX_HTML_PATHS) app.get(url, (request, reply) => sendIndexHtml(request, reply, index));
}
