// The access checks in front of detail pages, trends and search: tier (401 for visitors, 803
// outside the plan) and then the daily quota, spent atomically (801 detail views, 802
// searches). Unlimited plans skip the database entirely.
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { businessDate, decideAccess, type AccessRequest, type PlanTier } from "../engine";
import { accessError, requireAccess, tierOf, type Caller, type TierCache } from "./access";
import { takeDetailView, takeOne } from "./quotas";

export interface GateContext {
  db: Db;
  tiers: TierCache;
  config: Readonly<Pick<Config, "planMatrix">>;
  now: () => Date;
}

/** Detail kinds as stored with viewed ids and favourites. */
export type DetailKind = "goods" | "influencer" | "video" | "music" | "hashtag";

/**
 * Lets a detail (or a part of one) through: `extra` is checked first (a trend range), then the
 * detail feature and the daily view of (kind, id), free when already opened today.
 */
export async function detailGate(
  ctx: GateContext,
  caller: Caller,
  kind: DetailKind,
  id: string,
  extra?: AccessRequest,
): Promise<PlanTier> {
  const now = ctx.now();
  const tier = await tierOf(caller, ctx, now);
  const matrix = ctx.config.planMatrix;
  requireAccess(tier, { action: "detail" }, matrix, { detailViews: 0, searches: 0, monitorAccounts: 0 });
  if (extra) requireAccess(tier, extra, matrix);
  const limit = matrix[tier].dailyDetailViews;
  if (limit !== null && !(await takeDetailView(ctx.db, caller.user!.id, businessDate(now), kind, id, limit))) {
    throw quotaError(tier, "detail", limit, ctx);
  }
  return tier;
}

/** 401/803 before any work is done for a search. */
export async function searchAllowed(ctx: GateContext, caller: Caller): Promise<PlanTier> {
  const tier = await tierOf(caller, ctx, ctx.now());
  requireAccess(tier, { action: "search" }, ctx.config.planMatrix);
  return tier;
}

/** Spends one of today's searches (after the keyword was found valid); 802 when used up. */
export async function spendSearch(ctx: GateContext, caller: Caller, tier: PlanTier): Promise<void> {
  const limit = ctx.config.planMatrix[tier].dailySearches;
  if (limit !== null && !(await takeOne(ctx.db, caller.user!.id, businessDate(ctx.now()), "searches", limit))) {
    throw quotaError(tier, "search", limit, ctx);
  }
}

/** The engine's own denial for a used-up quota (801 or 802 with the spec's message). */
function quotaError(tier: PlanTier, action: "detail" | "search", limit: number, ctx: GateContext) {
  const usage = { detailViews: limit, searches: limit, monitorAccounts: 0 };
  const decision = decideAccess(tier, usage, { action }, ctx.config.planMatrix);
  if (decision.allowed) throw new Error("quota used up but the plan allows more");
  return accessError(decision);
}
