// Serialized response bodies kept per key (the key names the snapshot version and everything
// else that shapes the body): a hit skips building and serializing, the hot path of lists,
// details and repeated searches. Serialization goes through the route's own response schema
// (reply.serialize). Compressed variants (br, gzip) are made once per body and kept with it,
// so routes using this opt out of @fastify/compress (`compress: false`), which would compress
// every response again.
// VisitorAnswers finds a visitor's repeated request by its exact URL: the most asked answers
// (the anonymous rank lists) then skip query validation, the session and input guards and the
// handler; only the hooks before it (security headers, system-id) and the ones after an answer
// (Cache-Control, metrics, the access line) run.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { TOKEN_HEADER } from "../../../../contract/http-headers";
import { ok } from "../../../lib/api";
import type { Clock } from "../../../lib/clock";
import { Lru, MB, stringBytes } from "../../../lib/lru";
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
    return (body.br ??= brotliCompressSync(body.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }));
  return (body.gzip ??= gzipSync(body.raw));
}

export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: Lru<string, CachedBody>,
  key: string,
  build: () => unknown,
): FastifyReply | Promise<FastifyReply> {
  const body = cache.get(key);
  if (body !== undefined) return sendBody(request, reply, cache, key, body);
  const store = (data: unknown) => {
    // Only the bytes are kept: the JSON text (two bytes a character in the heap when it holds
    // any non-Latin-1 letter) would be held twice and walked by every full garbage collection.
    const made = { raw: Buffer.from(reply.serialize(ok(data)) as string) };
    cache.set(key, made);
    return sendBody(request, reply, cache, key, made);
  };
  // A body read from the database (rank pages): built once, then the cached path above.
  const built = build();
  return built instanceof Promise ? built.then(store) : store(built);
}

/** Sends a cached body as the request accepts it (br, gzip or as is). */
function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: Lru<string, CachedBody>,
  key: string,
  body: CachedBody,
): FastifyReply {
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

/** The exact URLs kept (a URL with its key is ~300 bytes: about 7,000 URLs). */
const VISITOR_URLS_BYTES = 2 * MB;

/** A visitor's answer found by its URL: the key of its cached body, and until when it holds (ms). */
interface VisitorAnswer {
  key: string;
  until: number;
}

const isVisitor = (request: FastifyRequest) => request.headers[TOKEN_HEADER] === undefined;

/**
 * Answers that are the same for every visitor (a request without a session token), found again
 * by the request's exact URL and system-id. A route remembers the key of the body it answered a
 * visitor with and until when that body holds (its refresh slot's end); the route's onRequest
 * hook answers the same URL from the cached body while the body is cached and the slot lasts.
 * Nothing is remembered for a signed-in caller, nor for a request that fails (the body is
 * cached only once made), and a new snapshot clears the bodies, so a stale key finds nothing.
 * Query strings that differ only in ignored parameters are different URLs: the URLs are kept in
 * an LRU bounded in bytes, each pointing at the one cached body.
 */
export class VisitorAnswers {
  private readonly urls = new Lru<string, VisitorAnswer>({
    maxBytes: VISITOR_URLS_BYTES,
    sizeOf: (answer, url) => stringBytes(url) + stringBytes(answer.key) + 64,
  });

  constructor(
    private readonly bodies: Lru<string, CachedBody>,
    private readonly now: Clock,
  ) {}

  private static urlKey(request: FastifyRequest): string {
    return `${request.systemId}${request.url}`;
  }

  /** Remembers that a visitor's request is answered by the body cached under `key`, until `until` (ms). */
  remember(request: FastifyRequest, key: string, until: number): void {
    if (isVisitor(request)) this.urls.set(VisitorAnswers.urlKey(request), { key, until });
  }

  /** The route's onRequest hook (after the app's): a remembered answer is sent, or the route runs. */
  readonly answer: onRequestHookHandler = (request, reply, done) => {
    const answer = isVisitor(request) ? this.urls.get(VisitorAnswers.urlKey(request)) : undefined;
    const body = answer && this.now().getTime() < answer.until ? this.bodies.get(answer.key) : undefined;
    if (answer === undefined || body === undefined) return done();
    sendBody(request, reply, this.bodies, answer.key, body);
  };
}
