// What every monitoring route works with, and the caller check they share: the signed-in user
// and plan tier (401 for visitors: every tier but anonymous may list, change and remove).
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import type { Translator } from "../../../lib/translations";
import { requireAccess, tierOf, type DataService, type PlanTier, type TierCache } from "../../catalog";

export interface MonitoringContext {
  data: DataService;
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  tiers: TierCache;
  translator: Translator;
}

export interface MonitorCaller {
  userId: number;
  tier: PlanTier;
  /** The plan's monitorAccounts. */
  limit: number;
}

export async function callerOf(
  ctx: MonitoringContext,
  request: { user: { id: number } | null },
): Promise<MonitorCaller> {
  const tier = await tierOf(request, ctx, ctx.now());
  if (tier === "anonymous" || !request.user) requireAccess("anonymous", { action: "monitor" }, ctx.config.planMatrix);
  return { userId: request.user!.id, tier, limit: ctx.config.planMatrix[tier].monitorAccounts };
}
