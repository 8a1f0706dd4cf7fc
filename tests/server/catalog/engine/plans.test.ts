// The plan matrix: decisions per tier (401 for anonymous, 801/802 when daily quotas are used
// up, 803 outside the plan, 60003 at the monitor limit), row limits, and configuration
// overrides with their errors.
import { describe, expect, it } from "vitest";
import {
  ACCESS_MESSAGES,
  decideAccess,
  DEFAULT_PLAN_MATRIX,
  parsePlanMatrix,
  PlanMatrixError,
  visiblePage,
  type AccessRequest,
  type PlanTier,
  type Usage,
} from "../../../../server/modules/catalog/engine/plans";

const FRESH: Usage = { detailViews: 0, searches: 0, monitorAccounts: 0 };

function code(tier: PlanTier, request: AccessRequest, usage: Partial<Usage> = {}): number | "ok" {
  const decision = decideAccess(tier, { ...FRESH, ...usage }, request);
  return decision.allowed ? "ok" : decision.code;
}

describe("decideAccess", () => {
  it("shows anonymous visitors the top of every list and asks them to sign in for the rest", () => {
    for (const window of ["24h", "3d", "7d", "30d"] as const) {
      expect(decideAccess("anonymous", FRESH, { action: "list", window })).toEqual({
        allowed: true,
        rowLimit: 10,
        consumes: null,
      });
    }
    expect(decideAccess("anonymous", FRESH, { action: "detail" })).toEqual({
      allowed: false,
      code: 401,
      ...ACCESS_MESSAGES[401],
    });
    for (const request of [
      { action: "search" },
      { action: "favourite" },
      { action: "monitor" },
      { action: "trend", days: 7 },
    ] as const) {
      expect(code("anonymous", request)).toBe(401);
    }
    const restricted = parsePlanMatrix({ anonymous: { windows: ["24h"] } });
    expect(decideAccess("anonymous", FRESH, { action: "list", window: "7d" }, restricted)).toMatchObject({
      allowed: false,
      code: 401,
    });
  });

  it("lets a free user open 5 details and run 3 searches a day, then answers 801 and 802", () => {
    expect(decideAccess("free", { ...FRESH, detailViews: 4 }, { action: "detail" })).toEqual({
      allowed: true,
      rowLimit: null,
      consumes: "detailViews",
    });
    expect(decideAccess("free", { ...FRESH, detailViews: 5 }, { action: "detail" })).toEqual({
      allowed: false,
      code: 801,
      message: "Usage has been used up today",
      hint: ACCESS_MESSAGES[801].hint,
    });
    expect(code("free", { action: "search" }, { searches: 2 })).toBe("ok");
    expect(decideAccess("free", { ...FRESH, searches: 3 }, { action: "search" })).toEqual({
      allowed: false,
      code: 802,
      message: "You have used free access to Search, please upgrade your memberships.",
      hint: null,
    });
  });

  it("answers 803 for windows, trend ranges and features outside the plan", () => {
    const restricted = parsePlanMatrix({ free: { windows: ["24h", "3d"] }, basic: { windows: ["24h", "3d", "7d"] } });
    expect(decideAccess("free", FRESH, { action: "list", window: "7d" }, restricted)).toEqual({
      allowed: false,
      code: 803,
      message: "Insufficient permissions",
      hint: "Upgrade to unlock more features.",
    });
    expect(decideAccess("free", FRESH, { action: "list", window: "30d" }, restricted)).toMatchObject({ code: 803 });
    expect(code("free", { action: "list", window: "30d" })).toBe("ok");
    expect(code("free", { action: "list", window: "3d" })).toBe("ok");
    expect(code("free", { action: "trend", days: 7 })).toBe("ok");
    expect(code("free", { action: "trend", days: 30 })).toBe(803);
    expect(code("free", { action: "trend", custom: true })).toBe(803);
    expect(decideAccess("basic", FRESH, { action: "list", window: "30d" }, restricted)).toMatchObject({ code: 803 });
    expect(code("premium", { action: "list", window: "30d" })).toBe("ok");
    expect(code("premium", { action: "trend", custom: true })).toBe("ok");
  });

  it("gives paid plans unlimited details and searches, more rows and more monitored accounts", () => {
    for (const tier of ["basic", "premium", "pro"] as const) {
      expect(code(tier, { action: "detail" }, { detailViews: 100_000 })).toBe("ok");
      expect(code(tier, { action: "search" }, { searches: 100_000 })).toBe("ok");
    }
    const rows = (tier: PlanTier) => {
      const decision = decideAccess(tier, FRESH, { action: "list", window: "24h" });
      return decision.allowed ? decision.rowLimit : undefined;
    };
    expect([rows("free"), rows("basic"), rows("premium"), rows("pro")]).toEqual([50, 200, 500, null]);
    expect(code("free", { action: "monitor" }, { monitorAccounts: 1 })).toBe(60003);
    expect(code("basic", { action: "monitor" }, { monitorAccounts: 4 })).toBe("ok");
  });
});

describe("visiblePage", () => {
  it("cuts pages at the row limit and says so", () => {
    expect(visiblePage(10, 1, 20, 500)).toEqual({ offset: 0, count: 10, limited: true });
    expect(visiblePage(10, 2, 20, 500)).toEqual({ offset: 20, count: 0, limited: true });
    expect(visiblePage(10, 1, 5, 500)).toEqual({ offset: 0, count: 5, limited: false });
    expect(visiblePage(null, 3, 20, 50)).toEqual({ offset: 40, count: 10, limited: false });
    expect(visiblePage(100, 1, 20, 8)).toEqual({ offset: 0, count: 8, limited: false });
  });
});

describe("parsePlanMatrix", () => {
  it("overrides parts of the defaults from JSON", () => {
    const matrix = parsePlanMatrix(
      '{"free": {"dailySearches": 10, "windows": ["24h", "7d"]}, "pro": {"listRows": 2000}}',
    );
    expect(matrix.free.dailySearches).toBe(10);
    expect(matrix.free.windows).toEqual(["24h", "7d"]);
    expect(matrix.free.dailyDetailViews).toBe(DEFAULT_PLAN_MATRIX.free.dailyDetailViews);
    expect(matrix.pro.listRows).toBe(2000);
    expect(matrix.basic).toEqual(DEFAULT_PLAN_MATRIX.basic);
    expect(decideAccess("free", { ...FRESH, searches: 9 }, { action: "search" }, matrix).allowed).toBe(true);
    expect(decideAccess("free", FRESH, { action: "list", window: "7d" }, matrix).allowed).toBe(true);
    expect(DEFAULT_PLAN_MATRIX.free.windows).toEqual(["24h", "3d", "7d", "30d"]); // defaults untouched
  });

  it("explains what is wrong", () => {
    const error = (input: unknown) => {
      try {
        parsePlanMatrix(input);
      } catch (e) {
        expect(e).toBeInstanceOf(PlanMatrixError);
        return (e as Error).message;
      }
      throw new Error("expected an error");
    };
    expect(error("{oops")).toMatch(/^plans is not valid JSON/);
    expect(error("[]")).toBe("plans must be an object keyed by tier");
    expect(error({ gold: {} })).toBe("plans.gold is not a tier; tiers: anonymous, free, basic, premium, pro");
    expect(error({ free: { dailySearches: -1 } })).toBe(
      "plans.free.dailySearches must be a whole number >= 0 or null (unlimited)",
    );
    expect(error({ free: { monitorAccounts: null } })).toBe("plans.free.monitorAccounts must be a whole number >= 0");
    expect(error({ free: { windows: ["24h", "1y"] } })).toBe("plans.free.windows has '1y'; allowed: 24h, 3d, 7d, 30d");
    expect(error({ free: { features: ["teleport"] } })).toBe(
      "plans.free.features has 'teleport'; allowed: detail, search, favourites, monitor, custom-range, export",
    );
    expect(error({ free: { searches: 3 } })).toMatch(/^plans.free.searches is not a plan setting/);
  });
});
