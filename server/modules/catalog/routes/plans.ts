// GET /api/v1/plans: the plan matrix in force (DEFAULT_PLAN_MATRIX or the PLAN_MATRIX
// override), so the app's permission-detail popup explains exactly what the server enforces.
// Public: visitors compare plans before they sign up.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { Nullable, StringEnum } from "../schemas";
import { PLAN_FEATURES, PLAN_TIERS, RANK_WINDOWS, type PlanLimits, type PlanTier } from "../engine";
import type { DataContext } from "./context";

const Limits = Type.Object({
  list_rows: Nullable(Type.Integer({ description: "Rows of each list shown; null = all" })),
  daily_detail_views: Nullable(Type.Integer({ description: "Detail pages per business day; null = unlimited" })),
  daily_searches: Nullable(Type.Integer({ description: "Searches per business day; null = unlimited" })),
  monitor_accounts: Type.Integer(),
  windows: Type.Array(StringEnum(RANK_WINDOWS)),
  trend_days: Type.Array(Type.Integer()),
  features: Type.Array(StringEnum(PLAN_FEATURES)),
});

const Plans = Type.Object(
  Object.fromEntries(PLAN_TIERS.map((tier) => [tier, Limits])) as Record<PlanTier, typeof Limits>,
);

function limitsBody(limits: PlanLimits) {
  return {
    list_rows: limits.listRows,
    daily_detail_views: limits.dailyDetailViews,
    daily_searches: limits.dailySearches,
    monitor_accounts: limits.monitorAccounts,
    windows: limits.windows,
    trend_days: limits.trendDays,
    features: limits.features,
  };
}

export const planRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  const body = Object.fromEntries(PLAN_TIERS.map((tier) => [tier, limitsBody(ctx.config.planMatrix[tier])])) as Record<
    PlanTier,
    ReturnType<typeof limitsBody>
  >;
  app.get(
    "/api/v1/plans",
    {
      schema: {
        tags: ["access"],
        summary: "What each plan unlocks (the plan matrix in force)",
        response: envelopeResponses(Plans),
      },
    },
    async () => ok(body),
  );
};
