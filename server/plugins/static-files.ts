// Serves the built PWA from STATIC_DIR with cache headers that make deploys safe: hashed files
// under /assets/ are immutable for a year; everything else (index.html, sw.js, the manifest)
// must be revalidated, so a new deploy reaches users on their next load. (send's mime table
// already labels .webmanifest as application/manifest+json; tests/server/plugins/static.test.ts checks.)
// index.html itself is served by index-html.ts, with this deployment's facts written into it.
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

export async function registerStaticFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  if (!existsSync(staticDir)) {
    app.log.warn({ staticDir }, "STATIC_DIR does not exist; serving the API only (run `npm run build`)");
    return;
  }
  const assetsDir = path.join(staticDir, "assets") + path.sep;
  await app.register(fastifyStatic, {
    root: staticDir,
    // Our own Cache-Control below; send's default (max-age=0) would fight it.
    cacheControl: false,
    // Serve build-time .br/.gz siblings when present; @fastify/compress covers the rest.
    preCompressed: true,
    setHeaders(reply: FastifyReply, filePath: string) {
      reply.header("cache-control", filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
}
