// The plan matrix: what each tier (anonymous, free, basic, premium, pro) may see and how much
// of it per day (its shape is shared with the app in contract/plans.ts), and the one decision
// function every data route asks before it answers. Defaults live in DEFAULT_PLAN_MATRIX;
// configuration may override any part of it as JSON through parsePlanMatrix. Counting usage
// (atomically, per business day) is the caller's job; decideAccess only says whether the next
// use is allowed and which counter it consumes.
import {
  PLAN_FEATURES,
  PLAN_TIERS,
  type PlanFeature,
  type PlanLimits,
  type PlanMatrix,
  type PlanTier,
} from "../../../../contract/plans";
import { isRankWindow, RANK_WINDOWS, TREND_DAYS, type RankWindow } from "./time";

export {
  PLAN_FEATURES,
  PLAN_TIERS,
  type PlanFeature,
  type PlanLimits,
  type PlanMatrix,
  type PlanTier,
} from "../../../../contract/plans";

const ALL_FEATURES: PlanFeature[] = [...PLAN_FEATURES];
const MEMBER_FEATURES: PlanFeature[] = ["detail", "search", "favourites", "monitor"];

// Every tier may read every window by default (visitors see "the top part of each
// list"; the home page shows the 7-day weekly trend to everyone): plans differ in how many rows
// they see, not in which lists. PLAN_MATRIX can still take windows away (803).
export const DEFAULT_PLAN_MATRIX: Readonly<PlanMatrix> = {
  anonymous: {
    listRows: 10,
    dailyDetailViews: 0,
    dailySearches: 0,
    monitorAccounts: 0,
    windows: [...RANK_WINDOWS],
    trendDays: [],
    features: [],
  },
  free: {
    listRows: 50,
    dailyDetailViews: 5,
    dailySearches: 3,
    monitorAccounts: 1,
    windows: [...RANK_WINDOWS],
    trendDays: [7],
    features: MEMBER_FEATURES,
  },
  basic: {
    listRows: 200,
    dailyDetailViews: null,
    dailySearches: null,
    monitorAccounts: 5,
    windows: [...RANK_WINDOWS],
    trendDays: [7, 15],
    features: MEMBER_FEATURES,
  },
  premium: {
    listRows: 500,
    dailyDetailViews: null,
    dailySearches: null,
    monitorAccounts: 20,
    windows: [...RANK_WINDOWS],
    trendDays: [...TREND_DAYS],
    features: ALL_FEATURES,
  },
  pro: {
    listRows: null,
    dailyDetailViews: null,
    dailySearches: null,
    monitorAccounts: 50,
    windows: [...RANK_WINDOWS],
    trendDays: [...TREND_DAYS],
    features: ALL_FEATURES,
  },
};

/** The wording of the plan and login prompts, returned as `msg` by the API. */
export const ACCESS_MESSAGES = {
  401: { message: "Dear, Please register or login to unlock more features!", hint: null },
  801: {
    message: "Usage has been used up today",
    hint: "Daily detail views are used up. Become a member for unlimited use.",
  },
  802: { message: "You have used free access to Search, please upgrade your memberships.", hint: null },
  803: { message: "Insufficient permissions", hint: "Upgrade to unlock more features." },
  60003: { message: "The monitor account limit is reached", hint: "Upgrade to unlock more features." },
} as const;
export type AccessDeniedCode = keyof typeof ACCESS_MESSAGES;

/** What a user has used today (per business day) and holds now. */
export interface Usage {
  detailViews: number;
  searches: number;
  monitorAccounts: number;
}

export type AccessRequest =
  | { action: "list"; window: RankWindow }
  | { action: "detail" }
  | { action: "trend"; days: number }
  | { action: "trend"; custom: true }
  | { action: "search" }
  | { action: "favourite" }
  /** Adding one more monitored account. */
  | { action: "monitor" }
  /** Downloading a list, favourites, the monitor list or a trend as CSV. */
  | { action: "export" };

export type AccessDecision =
  | {
      allowed: true;
      /** Rows of a list the user may see; null for all. Set for list requests only. */
      rowLimit: number | null;
      /** The daily counter this use spends, which the caller increments atomically. */
      consumes: "detailViews" | "searches" | null;
    }
  | { allowed: false; code: AccessDeniedCode; message: string; hint: string | null };

function deny(tier: PlanTier, code: Exclude<AccessDeniedCode, 401>): AccessDecision {
  // Anonymous visitors are asked to sign in first, whatever the plan would say.
  const final: AccessDeniedCode = tier === "anonymous" ? 401 : code;
  return { allowed: false, code: final, ...ACCESS_MESSAGES[final] };
}

function allow(consumes: "detailViews" | "searches" | null = null, rowLimit: number | null = null): AccessDecision {
  return { allowed: true, rowLimit, consumes };
}

function withinQuota(limit: number | null, used: number): boolean {
  return limit === null || used < limit;
}

export function decideAccess(
  tier: PlanTier,
  usage: Usage,
  request: AccessRequest,
  matrix: Readonly<PlanMatrix> = DEFAULT_PLAN_MATRIX,
): AccessDecision {
  const plan = matrix[tier];
  const has = (feature: PlanFeature) => plan.features.includes(feature);
  switch (request.action) {
    case "list":
      return plan.windows.includes(request.window) ? allow(null, plan.listRows) : deny(tier, 803);
    case "detail":
      if (!has("detail")) return deny(tier, 803);
      return withinQuota(plan.dailyDetailViews, usage.detailViews) ? allow("detailViews") : deny(tier, 801);
    case "trend":
      if (!has("detail")) return deny(tier, 803);
      if ("custom" in request) return has("custom-range") ? allow() : deny(tier, 803);
      return (plan.trendDays as number[]).includes(request.days) ? allow() : deny(tier, 803);
    case "search":
      if (!has("search")) return deny(tier, 803);
      return withinQuota(plan.dailySearches, usage.searches) ? allow("searches") : deny(tier, 802);
    case "favourite":
      return has("favourites") ? allow() : deny(tier, 803);
    case "monitor":
      if (!has("monitor")) return deny(tier, 803);
      return usage.monitorAccounts < plan.monitorAccounts ? allow() : deny(tier, 60003);
    case "export":
      return has("export") ? allow() : deny(tier, 803);
  }
}

export interface VisiblePage {
  /** Index of the first row to return. */
  offset: number;
  /** Rows to return from offset (0 past the visible part). */
  count: number;
  /** True when the row limit hides rows the user would otherwise get. */
  limited: boolean;
}

/** Applies a row limit to a page of a list of `total` rows (page is 1-based). */
export function visiblePage(rowLimit: number | null, page: number, size: number, total: number): VisiblePage {
  const offset = (page - 1) * size;
  const visibleTotal = rowLimit === null ? total : Math.min(total, rowLimit);
  const count = Math.max(0, Math.min(size, visibleTotal - offset));
  const wanted = Math.max(0, Math.min(size, total - offset));
  return { offset, count, limited: count < wanted };
}

// ---- configuration --------------------------------------------------------------------------

export class PlanMatrixError extends Error {
  override name = "PlanMatrixError";
}

type Check = (value: unknown, path: string) => unknown;

const count =
  (nullable: boolean): Check =>
  (value, path) => {
    if (nullable && value === null) return null;
    if (typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
    throw new PlanMatrixError(`${path} must be a whole number >= 0${nullable ? " or null (unlimited)" : ""}`);
  };

const listOf =
  (allowed: readonly (string | number)[], isAllowed: (v: unknown) => boolean): Check =>
  (value, path) => {
    if (!Array.isArray(value)) throw new PlanMatrixError(`${path} must be a list`);
    const items: unknown[] = value;
    for (const item of items) {
      if (!isAllowed(item)) throw new PlanMatrixError(`${path} has '${String(item)}'; allowed: ${allowed.join(", ")}`);
    }
    return [...new Set(items)];
  };

const LIMIT_CHECKS: Record<keyof PlanLimits, Check> = {
  listRows: count(true),
  dailyDetailViews: count(true),
  dailySearches: count(true),
  monitorAccounts: count(false),
  windows: listOf(RANK_WINDOWS, isRankWindow),
  trendDays: listOf(TREND_DAYS, (v) => (TREND_DAYS as readonly unknown[]).includes(v)),
  features: listOf(PLAN_FEATURES, (v) => (PLAN_FEATURES as readonly unknown[]).includes(v)),
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads a plan matrix override from configuration: JSON text or an already parsed object, with
 * any subset of tiers and of their fields; the rest comes from `base`. Throws PlanMatrixError
 * naming the offending path, e.g. "plans.free.dailySearches must be a whole number >= 0 or null".
 */
export function parsePlanMatrix(input: unknown, base: Readonly<PlanMatrix> = DEFAULT_PLAN_MATRIX): PlanMatrix {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new PlanMatrixError(`plans is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!isObject(value)) throw new PlanMatrixError("plans must be an object keyed by tier");
  const result = Object.fromEntries(PLAN_TIERS.map((tier) => [tier, structuredClone(base[tier])])) as PlanMatrix;
  for (const [tier, override] of Object.entries(value)) {
    if (!(PLAN_TIERS as readonly string[]).includes(tier))
      throw new PlanMatrixError(`plans.${tier} is not a tier; tiers: ${PLAN_TIERS.join(", ")}`);
    if (!isObject(override)) throw new PlanMatrixError(`plans.${tier} must be an object`);
    const limits = result[tier as PlanTier] as unknown as Record<string, unknown>;
    for (const [field, fieldValue] of Object.entries(override)) {
      const check = LIMIT_CHECKS[field as keyof PlanLimits];
      if (!check)
        throw new PlanMatrixError(
          `plans.${tier}.${field} is not a plan setting; settings: ${Object.keys(LIMIT_CHECKS).join(", ")}`,
        );
      limits[field] = check(fieldValue, `plans.${tier}.${field}`);
    }
  }
  return result;
}
