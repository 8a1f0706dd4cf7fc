// Plan facts shared by the server (which enforces the plan matrix and serves it at
// GET /api/v1/plans) and the app (which explains it in the plan-details popup): the tiers, the
// features a tier may hold and the shape of one tier's limits. The default values and the access
// decision stay on the server, the only source of the matrix a deployment actually uses.
import type { RankWindow, TrendDays } from "./rank";

export const PLAN_TIERS = ["anonymous", "free", "basic", "premium", "pro"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** The tiers of signed-in users, cheapest first (anonymous visitors are not a plan one buys). */
export const MEMBER_TIERS = ["free", "basic", "premium", "pro"] as const satisfies readonly PlanTier[];
export type MemberTier = (typeof MEMBER_TIERS)[number];

export const PLAN_FEATURES = ["detail", "search", "favourites", "monitor", "custom-range", "export"] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** What one tier may see and how much of it per business day; null is unlimited (or every row). */
export interface PlanLimits {
  /** Rows of each list visible (the top part); null shows every row. */
  listRows: number | null;
  /** Detail pages per business day; null is unlimited. */
  dailyDetailViews: number | null;
  /** Searches per business day; null is unlimited. */
  dailySearches: number | null;
  /** Accounts that may be monitored at once. */
  monitorAccounts: number;
  /** Rank windows the lists may be read for. */
  windows: RankWindow[];
  /** Detail trend ranges (days) allowed; custom ranges need the custom-range feature. */
  trendDays: TrendDays[];
  features: PlanFeature[];
}

export type PlanMatrix = Record<PlanTier, PlanLimits>;
