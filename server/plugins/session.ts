// Who is calling: resolves the `authorization` header (a raw session token or
// `Bearer <token>`) to a user once per API request, and provides `requireUser`, the preHandler
// that answers 401 "Please log in" (which the client turns into the login dialog).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { User } from "../db/schema";
import { isApiPath } from "../lib/api";
import { DomainError } from "../lib/domain-error";
import { MB } from "../lib/lru";
import { ShortCache } from "../lib/short-cache";
import { TOKEN_HEADER } from "../../contract/http-headers";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in user, or null for anonymous and invalid/expired/revoked tokens. */
    user: User | null;
    /** The raw token the user was resolved from (needed to revoke exactly this session). */
    sessionToken: string | null;
  }
}

/**
 * The data service (/api/v1/*) reads sessions through a 5-second cache: its hot routes would
 * otherwise spend most of their time on this lookup. The account routes (/v1/user/*) always
 * ask the database, so sign-out, password changes and profile edits apply there at once; on
 * the data routes a revoked token keeps working for at most DATA_SESSION_TTL_MS.
 */
export const DATA_SESSION_TTL_MS = 5_000;
const DATA_PREFIX = "/api/";
/** About 16,000 sessions (a user row is under 1 KB as JSON). */
const SESSION_CACHE_BYTES = 16 * MB;

// Real tokens are 43 characters; anything far longer is not worth hashing and looking up.
const MAX_TOKEN_LENGTH = 512;

export function tokenFromHeader(header: string | undefined): string | null {
  const token = header?.replace(/^Bearer\s+/i, "").trim();
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/** Looks a raw session token up: the user it belongs to, or null (unknown, expired, revoked). */
export type SessionResolver = (token: string) => Promise<User | null>;

export function applySession(app: FastifyInstance, resolveSession: SessionResolver): void {
  const dataSessions = new ShortCache<string, User | null>(DATA_SESSION_TTL_MS, SESSION_CACHE_BYTES);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionToken", null);
  // A callback hook: a request without a token (every visitor's) goes on at once, without the
  // microtask Fastify spends settling an async hook's promise.
  app.addHook("preHandler", (request, _reply, done) => {
    const token = isApiPath(request.url) ? tokenFromHeader(request.headers[TOKEN_HEADER]) : null;
    if (!token) return done();
    const user = request.url.startsWith(DATA_PREFIX)
      ? dataSessions.get(token, () => resolveSession(token))
      : resolveSession(token);
    user.then((found) => {
      if (found) {
        request.user = found;
        request.sessionToken = token;
      }
      done();
    }, done);
  });
}

/** Route preHandler: only logged-in users get past it. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new DomainError(401, "Please log in");
}
