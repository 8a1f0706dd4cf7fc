// index.html as the server sends it: read once at boot from STATIC_DIR, with this deployment's
// facts (contract/site-config.ts: demo mode, cookie domain, return origins) written into its
// head as <meta name="shopradar-site" content="{json}">, so the app has them before its first
// request. Served for / and /index.html (routes of their own, ahead of @fastify/static, whose
// precompressed index.html.br/.gz siblings would skip the tag) and by the SPA fallback
// (not-found.ts); no-cache like every non-hashed file, with an ETag so revalidating costs a 304.
// @fastify/compress compresses the string like any other response.
// Detail URLs (registerDetailPreviews) get the same page with Open Graph and Twitter card tags
// of the item (title, key figures, thumbnail), so links pasted into chat apps show a preview;
// when the preview cannot be read (the database is down) the plain page is sent.
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

export function siteConfigOf(
  config: Pick<
    Config,
    "demoMode" | "cookieDomain" | "returnOrigins" | "communityWhatsapp" | "communityZalo" | "communityWechat"
  >,
): SiteConfig {
  return {
    demoMode: config.demoMode,
    cookieDomain: config.cookieDomain,
    returnOrigins: [...config.returnOrigins],
    communityLinks: {
      whatsapp: config.communityWhatsapp,
      zalo: config.communityZalo,
      wechat: config.communityWechat,
    },
  };
}

export function siteMetaTag(site: SiteConfig): string {
  return `<meta name="${SITE_CONFIG_META}" content="${escapeAttribute(serializeSiteConfig(site))}">`;
}

/** The tag goes at the end of the head; a page without a head gets it first. */
export function withSiteMeta(html: string, site: SiteConfig): string {
  return withHeadTags(html, siteMetaTag(site));
}

/** STATIC_DIR/index.html with the meta tag, or null when the build has none. */
export function readIndexHtml(staticDir: string, site: SiteConfig): IndexHtml | null {
  const file = path.join(staticDir, "index.html");
  if (!existsSync(file)) return null;
  const body = withSiteMeta(readFileSync(file, "utf8"), site);
  return { body, etag: etagOf(body) };
}

function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
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

/** The detail pages' addresses (src/routing/paths.ts: public alias first, then the internal path). */
export const DETAIL_PREVIEW_PATHS = {
  goods: ["/goodsDetail", "/subGoodsDetail/pages/details/goodsDetail"],
  influencers: ["/influencersDetail", "/subInfluencersDetail/pages/details/influencersDetail"],
  videos: ["/videoDetail", "/subVideosDetail/pages/details/videoDetail"],
} as const;

export type PreviewEntity = keyof typeof DETAIL_PREVIEW_PATHS;

/** What a link preview shows; `image` is a site-relative path. */
export interface PagePreview {
  title: string;
  description: string;
  image: string;
}

export interface DetailPreviewOptions {
  /** The site's public origin (PUBLIC_URL); null: the request's own. */
  publicUrl: string | null;
  /** The item's preview, or null for an unknown id. */
  previewOf: (entity: PreviewEntity, id: string) => Promise<PagePreview | null>;
}

const MAX_ID_LENGTH = 200;

/** The Open Graph and Twitter card tags of a preview; every value is escaped. */
export function previewMetaTags(preview: PagePreview, pageUrl: string, imageUrl: string): string {
  const title = `${preview.title} · ShopRadar`;
  const tags: [attribute: "property" | "name", key: string, value: string][] = [
    ["property", "og:type", "website"],
    ["property", "og:site_name", "ShopRadar"],
    ["property", "og:title", title],
    ["property", "og:description", preview.description],
    ["property", "og:image", imageUrl],
    ["property", "og:url", pageUrl],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", preview.description],
    ["name", "twitter:image", imageUrl],
  ];
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`)
    .join("");
}

function withHeadTags(html: string, tags: string): string {
  const headEnd = html.search(/<\/head\s*>/i);
  return headEnd === -1 ? `${tags}${html}` : `${html.slice(0, headEnd)}${tags}${html.slice(headEnd)}`;
}

function originOf(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

/**
 * Answers the detail URLs (?id=) with index.html carrying the item's preview tags; an unknown
 * or missing id gets the plain page. Routes of their own, so @fastify/static's precompressed
 * siblings never answer them.
 */
export function registerDetailPreviews(
  app: FastifyInstance,
  index: IndexHtml | null,
  { publicUrl, previewOf }: DetailPreviewOptions,
): void {
  if (!index) return;
  for (const [entity, urls] of Object.entries(DETAIL_PREVIEW_PATHS) as [PreviewEntity, readonly string[]][]) {
    for (const url of urls) {
      // Pages, not API: left out of the OpenAPI document.
      app.get(url, { schema: { hide: true } }, async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const id = typeof query.id === "string" ? query.id.trim() : "";
        const preview =
          id && id.length <= MAX_ID_LENGTH
            ? await previewOf(entity, id).catch((error: unknown) => {
                request.log.warn({ err: error }, "detail preview not read");
                return null;
              })
            : null;
        if (!preview) return sendIndexHtml(request, reply, index);
        const origin = originOf(request, publicUrl);
        const pageUrl = `${origin}${urls[0]}?${new URLSearchParams({ id }).toString()}`;
        const body = withHeadTags(index.body, previewMetaTags(preview, pageUrl, `${origin}${preview.image}`));
        return sendIndexHtml(request, reply, { body, etag: etagOf(body) });
      });
    }
  }
}
