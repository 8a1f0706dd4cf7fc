// Serialized response bodies kept per key (the key names the snapshot version and everything
// else that shapes the body): a hit skips building and serializing, the hot path of lists,
// details and repeated searches. Serialization goes through the route's own response schema
// (reply.serialize). Compressed variants (br, gzip) are made once per body and kept with it,
// so routes using this opt out of @fastify/compress (`compress: false`), which would compress
// every response again.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ok } from "../../../lib/api";
import type { Lru } from "../../../lib/lru";
import type { CachedBody } from "../services/rank-lists";

/** Route option for the routes that answer through sendCached. */
export const SELF_COMPRESSED = { compress: false } as const;

// Below this a compressed body saves less than its headers cost (as @fastify/compress).
const COMPRESS_THRESHOLD = 1024;

function encodingFor(request: FastifyRequest): "br" | "gzip" | null {
  const accepted = request.headers["accept-encoding"];
  if (typeof accepted !== "string") return null;
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

function compress(body: CachedBody, encoding: "br" | "gzip"): Buffer {
  if (encoding === "br")
    return (body.br ??= brotliCompressSync(body.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }));
  return (body.gzip ??= gzipSync(body.json));
}

export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: Lru<string, CachedBody>,
  key: string,
  build: () => unknown,
): FastifyReply {
  let body = cache.get(key);
  if (body === undefined) {
    const json = reply.serialize(ok(build())) as string;
    body = { json, raw: Buffer.from(json) };
    cache.set(key, body);
  }
  reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
  const encoding = body.raw.length >= COMPRESS_THRESHOLD ? encodingFor(request) : null;
  if (encoding) {
    const made = body[encoding] === undefined;
    const compressed = compress(body, encoding);
    // Stored again (a new object: lru-cache re-measures only a different value) so the cache
    // counts the new variant's bytes.
    if (made) cache.set(key, { ...body });
    return reply.header("content-encoding", encoding).send(compressed);
  }
  // Bytes encoded once: a string would be encoded to UTF-8 again on every send.
  return reply.send(body.raw);
}
