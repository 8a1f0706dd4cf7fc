// Plans API group: the plan matrix the server enforces (spec §6; GET /api/v1/plans), which the
// permission-detail popup explains. The server is the only source: a deployment's PLAN_MATRIX
// override shows up here without an app change.
import { api } from "./client";

export const PLAN_TIERS = ["anonymous", "free", "basic", "premium", "pro"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** null = unlimited (or every row). */
export interface PlanLimits {
  listRows: number | null;
  dailyDetailViews: number | null;
  dailySearches: number | null;
  monitorAccounts: number;
  windows: string[];
  trendDays: number[];
  features: string[];
}

export type PlanMatrix = Record<PlanTier, PlanLimits>;

/** Failures are shown by the popup itself (a retry), not by a toast. */
export const planMatrix = (): Promise<PlanMatrix> => api<PlanMatrix>("/api/v1/plans", { silent: true });
