// What each plan unlocks, for the permission-detail popup (spec §6). The server's plan matrix
// (server/data/engine/plans.ts, DEFAULT_PLAN_MATRIX) decides; this is its default as the app
// explains it. The data API has no route that publishes the matrix yet, so a deployment that
// overrides PLAN_MATRIX must update this table too.

export const PLAN_COLUMNS = ["free", "basic", "premium", "pro"] as const;
export type PlanColumn = (typeof PLAN_COLUMNS)[number];

/** null = unlimited (or every row). */
export interface PlanBenefits {
  listRows: number | null;
  dailyDetailViews: number | null;
  dailySearches: number | null;
  monitorAccounts: number;
  trendDays: readonly number[];
  customRange: boolean;
}

export const PLAN_BENEFITS: Readonly<Record<PlanColumn, PlanBenefits>> = {
  free: { listRows: 50, dailyDetailViews: 5, dailySearches: 3, monitorAccounts: 1, trendDays: [7], customRange: false },
  basic: { listRows: 200, dailyDetailViews: null, dailySearches: null, monitorAccounts: 5, trendDays: [7, 15], customRange: false },
  premium: { listRows: 500, dailyDetailViews: null, dailySearches: null, monitorAccounts: 20, trendDays: [7, 15, 30], customRange: true },
  pro: { listRows: null, dailyDetailViews: null, dailySearches: null, monitorAccounts: 50, trendDays: [7, 15, 30], customRange: true },
};

/** Rows of a list a visitor without an account sees. */
export const ANONYMOUS_LIST_ROWS = 10;
