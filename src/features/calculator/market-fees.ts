// The dated table of TikTok Shop's seller fees per market (VN, ID, TH, MY, PH, SG) that the
// profit calculator applies: commission by fee group, the transaction (payment) fee and any fixed
// per-order fee, each in the market's currency. Sources, dates and the re-check rule are in
// docs/calculator.md. Rates are tax-inclusive and written in parts per 100,000 (5.35 % = 5350),
// so every published rate (down to 4.905 %) is an exact integer. Also: the fee groups, and the
// mapping from the catalogue's top-level categories (GET /api/v1/product/categories) to them.
import type { Market } from "../../api/entities";

/** One rate unit: parts per 100,000 (1 % = 1,000). */
export const RATE_SCALE = 100_000;

export const FEE_GROUPS = [
  "beauty",
  "fashion",
  "electronics",
  "home",
  "food",
  "mother-baby",
  "health-sports",
  "other",
] as const;
export type FeeGroup = (typeof FEE_GROUPS)[number];

export const isFeeGroup = (value: unknown): value is FeeGroup =>
  typeof value === "string" && (FEE_GROUPS as readonly string[]).includes(value);

export interface MarketFees {
  /** The day this row of the table applies from (YYYY-MM-DD, the newest dated source in it). */
  effectiveFrom: string;
  currency: "VND" | "IDR" | "THB" | "MYR" | "PHP" | "SGD";
  /** Decimals of the currency's minor unit (0: the dong and the rupiah have none). */
  minorDigits: 0 | 2;
  /** Platform commission on the item price, per fee group (parts per 100,000). */
  commission: Readonly<Record<FeeGroup, number>>;
  /** Transaction (payment) fee on what the buyer pays (parts per 100,000). */
  transaction: number;
  /** Fixed fee per delivered order, in minor units of the currency. */
  fixedPerOrderMinor: number;
}

/** Every group at `rate`, with the `overrides` the source lists for some groups. */
function commissionTable(rate: number, overrides: Partial<Record<FeeGroup, number>> = {}): Record<FeeGroup, number> {
  return Object.fromEntries(FEE_GROUPS.map((group) => [group, overrides[group] ?? rate])) as Record<FeeGroup, number>;
}

export const MARKET_FEES: Readonly<Record<Market, MarketFees>> = {
  VN: {
    effectiveFrom: "2026-03-02",
    currency: "VND",
    minorDigits: 0,
    commission: commissionTable(12_500, { fashion: 12_000 }),
    transaction: 5_000,
    fixedPerOrderMinor: 3_000,
  },
  ID: {
    effectiveFrom: "2025-08-11",
    currency: "IDR",
    minorDigits: 0,
    commission: commissionTable(6_500, { electronics: 4_000 }),
    transaction: 0,
    fixedPerOrderMinor: 500,
  },
  TH: {
    effectiveFrom: "2024-09-01",
    currency: "THB",
    minorDigits: 2,
    commission: commissionTable(5_350, { electronics: 4_280 }),
    transaction: 3_210,
    fixedPerOrderMinor: 0,
  },
  MY: {
    effectiveFrom: "2024-09-05",
    currency: "MYR",
    minorDigits: 2,
    commission: commissionTable(8_100),
    transaction: 2_160,
    fixedPerOrderMinor: 0,
  },
  PH: {
    effectiveFrom: "2025-12-01",
    currency: "PHP",
    minorDigits: 2,
    commission: commissionTable(7_000),
    transaction: 2_240,
    fixedPerOrderMinor: 300,
  },
  SG: {
    effectiveFrom: "2024-09-01",
    currency: "SGD",
    minorDigits: 2,
    commission: commissionTable(3_270, { electronics: 2_180 }),
    transaction: 2_180,
    fixedPerOrderMinor: 0,
  },
};

/** The fee group of each top-level category of the catalogue's tree. */
const CATALOGUE_TOP_LEVEL_GROUPS: Readonly<Record<number, FeeGroup>> = {
  1000: "beauty",
  2000: "fashion",
  3000: "fashion",
  4000: "electronics",
  5000: "home",
  6000: "food",
  7000: "mother-baby",
  8000: "health-sports",
};

/**
 * The fee group of a catalogue category id (a goods detail gives its leaf): the top-level id
 * itself, or the leaf's group (the catalogue numbers leaves under their group: 1001 is under
 * 1000). An id outside the tree (an imported category) is "other"; the user can pick the group.
 */
export function feeGroupOfCategory(categoryId: number): FeeGroup {
  if (!Number.isInteger(categoryId) || categoryId <= 0) return "other";
  return (
    CATALOGUE_TOP_LEVEL_GROUPS[categoryId] ??
    CATALOGUE_TOP_LEVEL_GROUPS[Math.floor(categoryId / 1000) * 1000] ??
    "other"
  );
}
