// Who may see what: a request's plan tier (anonymous, free, or the plan of the current
// membership: a period with an end time in the future, as GET /v1/user/accounts/current-combo
// reports it) and the engine's decideAccess turned into API errors: 401 to sign in, 801/802
// (daily quotas used up) and 803 (not in the plan) as HTTP 403 with the spec's messages.
import type { Db } from "../../../db/client";
import { DomainError } from "../../../lib/domain-error";
import { activeMemberships } from "../../accounts";
import { MB } from "../../../lib/lru";
import { ShortCache } from "../../../lib/short-cache";
import {
  decideAccess,
  type AccessDecision,
  type AccessRequest,
  type PlanMatrix,
  type PlanTier,
  type Usage,
} from "../engine";

/**
 * Who is asking: the signed-in user, or null. The routes pass their request, one object per
 * request, so the tier is looked up once per request.
 */
export interface Caller {
  readonly user: { readonly id: number } | null;
}

const tiers = new WeakMap<Caller, Promise<PlanTier>>();
/** Plans change rarely (a purchase, an expiry): a user's tier is reused for this long. */
export const TIER_TTL_MS = 5_000;

/** Per app: user id -> tier, for TIER_TTL_MS. */
export type TierCache = ShortCache<number, PlanTier>;
export const createTierCache = (): TierCache => new ShortCache(TIER_TTL_MS, 4 * MB);

export interface TierSource {
  db: Db;
  tiers: TierCache;
}

/** The caller's tier, looked up once per request (and cached per user for TIER_TTL_MS). */
export function tierOf(caller: Caller, source: TierSource, now: Date): Promise<PlanTier> {
  let tier = tiers.get(caller);
  if (!tier) {
    const user = caller.user;
    tier = user
      ? source.tiers.get(user.id, () =>
          activeMemberships(source.db, user.id, now).then(([current]) => current?.plan ?? "free"),
        )
      : Promise.resolve("anonymous");
    tiers.set(caller, tier);
  }
  return tier;
}

export const NO_USAGE: Usage = { detailViews: 0, searches: 0, monitorAccounts: 0 };

/** HTTP status of each denial: 401 opens the login dialog; the rest are plan limits. */
export function accessError(decision: Extract<AccessDecision, { allowed: false }>): DomainError {
  return new DomainError(decision.code, decision.message, decision.code === 401 ? 401 : 403);
}

/** decideAccess that throws the API error when the answer is no. */
export function requireAccess(
  tier: PlanTier,
  request: AccessRequest,
  matrix: Readonly<PlanMatrix>,
  usage: Usage = NO_USAGE,
) {
  const decision = decideAccess(tier, usage, request, matrix);
  if (!decision.allowed) throw accessError(decision);
  return decision;
}
