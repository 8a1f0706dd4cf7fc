// Rate limits on every edge a stranger can hammer: every write (POST/PUT/PATCH/DELETE) and the
// reads that cost us or reveal something (exist-user, search). One policy for all routes: an
// onRoute hook gives each route its group's budget (the table below) before
// @fastify/rate-limit sees it, so route files carry no limit settings. Budgets count per route
// and per client address (lib/client-key.ts: IPv6 by /64), in Redis when REDIS_URL is set (one
// budget across instances) or in this process otherwise. RATE_LIMIT_SCALE multiplies every
// budget (0: no limits). Over budget: 429, a Retry-After header and the usual envelope.
//
// | group          | routes                                                        | budget      |
// |----------------|---------------------------------------------------------------|-------------|
// | codes          | POST /v1/user/ocean/sms/valid-code                            | 5 / minute  |
// | sign-in        | POST password login and update, code login and registration,  | 10 / minute |
// |                | Google (id-token, code-auth), WeChat (open-id, register,      |             |
// |                | oauth-login, both bind/phone; GET code2Session, phoneNumber), |             |
// |                | captcha validation                                            |             |
// | contact        | POST /api/v1/portal/contact                                   | 5 / minute  |
// | account-lookup | GET /v1/user/ocean/exist-user                                 | 20 / minute |
// | search         | GET /api/v1/search/*                                          | 60 / minute |
// | qr-poll        | POST /v1/user/third-login/app/qrcode/check (polled every 2 s) | 60 / minute |
// | tracking       | POST tracking batches (up to 100 events each)                 | 120 / minute|
// | writes         | every other POST, PUT, PATCH and DELETE, and GET              | 60 / minute |
// |                | /api/v1/tikmeta/portal/user/receive/{code} (a claim)          |             |
//
// Other reads (lists, details, pages, files) are not limited here, nor are routes that opt out
// with `config: { rateLimit: false }` (the payment webhooks: one PSP address sends them all).
// The database keeps its own hourly caps where a send costs (codes per address and login id,
// contact messages).
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config";
import { clientKey } from "../lib/client-key";
import { DomainError } from "../lib/domain-error";
import { MemoryRateLimitStore } from "./rate-limit-memory-store";
import { STATISTICS_PATH } from "../../contract/tracking-outbox";

export interface Budget {
  max: number;
  windowMs: number;
}

interface Group extends Budget {
  /** Matches `METHOD path` (the route's path without a trailing slash). */
  routes: RegExp;
}

const MINUTE = 60_000;
const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

export const RATE_LIMIT_GROUPS = {
  codes: { max: 5, windowMs: MINUTE, routes: /^POST \/v1\/user\/ocean\/sms\/valid-code$/ },
  "sign-in": {
    max: 10,
    windowMs: MINUTE,
    routes:
      /^(POST \/v1\/user\/(ocean\/phone\/password\/(login-auth|update)|activity\/phone\/code\/register-login|ocean\/email\/code\/register|third-login\/(id-token\/google|code-auth\/:type|wx\/(open-id|register|oauth-login)|app\/bind\/phone)|account-valid\/wx\/bind\/phone|ocean\/recaptcha\/validate)|GET \/v1\/user\/third-login\/auth\/(code2Session|phoneNumber))$/,
  },
  contact: { max: 5, windowMs: MINUTE, routes: /^POST \/api\/v1\/portal\/contact$/ },
  "account-lookup": { max: 20, windowMs: MINUTE, routes: /^GET \/v1\/user\/ocean\/exist-user$/ },
  search: { max: 60, windowMs: MINUTE, routes: /^GET \/api\/v1\/search\// },
  "qr-poll": { max: 60, windowMs: MINUTE, routes: /^POST \/v1\/user\/third-login\/app\/qrcode\/check$/ },
  tracking: { max: 120, windowMs: MINUTE, routes: new RegExp(`^POST ${escape(STATISTICS_PATH)}$`) },
  writes: {
    max: 60,
    windowMs: MINUTE,
    routes: /^((POST|PUT|PATCH|DELETE) |GET \/api\/v1\/tikmeta\/portal\/user\/receive\/)/,
  },
} as const satisfies Record<string, Group>;

export type RateLimitGroup = keyof typeof RATE_LIMIT_GROUPS;

/** The group of a route (the first whose pattern matches), or null when it is not limited. */
export function rateLimitGroupOf(method: string, url: string): RateLimitGroup | null {
  const route = `${method.toUpperCase()} ${url.length > 1 ? url.replace(/\/+$/, "") : url}`;
  const groups = Object.entries(RATE_LIMIT_GROUPS) as Array<[RateLimitGroup, Group]>;
  return groups.find(([, group]) => group.routes.test(route))?.[0] ?? null;
}

function routeGroup(route: RouteOptions): RateLimitGroup | null {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "HEAD");
  const groups = methods.map((method) => rateLimitGroupOf(method, route.url)).filter((group) => group !== null);
  // A route answering several methods takes its tightest group's budget.
  return groups.sort((a, b) => RATE_LIMIT_GROUPS[a].max - RATE_LIMIT_GROUPS[b].max)[0] ?? null;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The 429 answer's message (the app translates it: src/api/errors.ts rateLimitedMessage). */
export const rateLimitMessage = (wait: number): string => `Too many requests. Please try again in ${wait} seconds.`;

/** A client that fails fast while Redis is away: the limiter then lets requests through (logged). */
async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  let lastLogged = 0;
  redis.on("error", (error: Error) => {
    if (Date.now() - lastLogged < MINUTE) return;
    lastLogged = Date.now();
    log.warn({ error: error.message }, "rate-limit Redis unavailable: requests are not limited meanwhile");
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot reach the Redis at REDIS_URL: ${(error as Error).message}`, { cause: error });
  }
  return redis;
}

export async function registerRateLimits(app: FastifyInstance, config: Readonly<Config>): Promise<void> {
  const scale = config.rateLimitScale;
  if (scale === 0) {
    app.log.warn("RATE_LIMIT_SCALE=0: rate limiting is off");
    return;
  }
  // Runs before the plugin's own onRoute hook (registered below), which reads config.rateLimit.
  app.addHook("onRoute", (route) => {
    // A route may opt out (config.rateLimit false): the payment webhooks, sent by the PSP.
    if (route.config?.rateLimit === false) return;
    const group = routeGroup(route);
    if (group === null) return;
    const { max, windowMs } = RATE_LIMIT_GROUPS[group];
    route.config = { ...route.config, rateLimit: { max: Math.max(1, Math.round(max * scale)), timeWindow: windowMs } };
  });

  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));

  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => clientKey(request.ip),
    ...(redis ? { redis, nameSpace: config.rateLimitPrefix } : { store: MemoryRateLimitStore }),
    // A Redis outage must not take the site down: requests pass unlimited until it is back.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new DomainError(429, rateLimitMessage(seconds(context.ttl))),
  });
}
