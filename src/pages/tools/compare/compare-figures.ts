// What the comparison shows of each kind: the key figure rows (label, how to read the value
// from a detail, its kind for formatting, and which way is better), the trend metrics to
// overlay, and the rule that marks the best value of a row (pure, unit-tested).
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { GoodsDetail, InfluencerDetail } from "../../../api/details";
import type { FigureKind } from "../../../components/figures";
import type { CompareKind } from "../../../features/compare/compare-kinds";

/** One item as the page shows it: its head and its figures by row key. */
export interface ComparedItem {
  id: string;
  name: string;
  image: string;
  imageKind: "content" | "avatar";
  currency: string;
  figures: Record<string, number | null>;
}

export interface FigureRow {
  key: string;
  label: MessageDescriptor;
  kind: FigureKind;
  /** Which value is best; null: none is (a price is neither good nor bad). */
  better: "higher" | "lower" | null;
}

export interface TrendMetric {
  /** Key of the trend points (camelCase). */
  key: string;
  label: MessageDescriptor;
  kind: FigureKind;
}

const row = (key: string, label: MessageDescriptor, kind: FigureKind, better: FigureRow["better"] = "higher") => ({
  key,
  label,
  kind,
  better,
});

export const FIGURE_ROWS: Record<CompareKind, readonly FigureRow[]> = {
  goods: [
    row("price", msg`Price`, "money", null),
    row("commissionRate", msg`Commission rate`, "rate"),
    row("totalSales", msg`Total sales`, "count"),
    row("estimatedSalesVolume", msg`Est. sales (30 days)`, "count"),
    row("estimatedSalesAmount", msg`Est. revenue (30 days)`, "money"),
    row("salesGrowth", msg`Sales growth`, "rate"),
    row("conversionRate", msg`Conversion rate`, "rate"),
    row("views", msg`Views`, "count"),
  ],
  influencers: [
    row("followers", msg`Followers`, "count"),
    row("followersGained", msg`Followers gained`, "count"),
    row("totalSales", msg`Total sales`, "count"),
    row("totalRevenue", msg`Revenue`, "money"),
    row("videoCount", msg`Videos`, "count"),
    row("engagementRate", msg`Engagement rate`, "rate"),
    row("commissionRate", msg`Commission rate`, "rate"),
  ],
};

export const TREND_METRICS: Record<CompareKind, readonly TrendMetric[]> = {
  goods: [
    { key: "salesVolume", label: msg`Sales`, kind: "count" },
    { key: "revenue", label: msg`Revenue`, kind: "money" },
  ],
  influencers: [
    { key: "followers", label: msg`Followers`, kind: "count" },
    { key: "salesVolume", label: msg`Sales`, kind: "count" },
  ],
};

export function goodsItem(id: string, detail: GoodsDetail): ComparedItem {
  const goods = detail.overview;
  return {
    id,
    name: goods.title,
    image: goods.coverLargePrivatization,
    imageKind: "content",
    currency: goods.currency,
    figures: {
      price: goods.price,
      commissionRate: goods.commissionRate,
      totalSales: goods.totalSales,
      estimatedSalesVolume: goods.estimatedSalesVolume,
      estimatedSalesAmount: goods.estimatedSalesAmount,
      salesGrowth: goods.salesGrowth,
      conversionRate: goods.conversionRate,
      views: goods.views,
    },
  };
}

export function influencerItem(id: string, detail: InfluencerDetail): ComparedItem {
  const person = detail.profile;
  return {
    id,
    name: person.nickname,
    image: person.avatarLargerPrivatization,
    imageKind: "avatar",
    currency: person.market,
    figures: {
      followers: person.followers,
      followersGained: person.followersGained,
      totalSales: person.totalSales,
      totalRevenue: person.totalRevenue,
      videoCount: person.videoCount,
      engagementRate: detail.basicAnalysis.engagementRate,
      commissionRate: person.commissionRate,
    },
  };
}

/**
 * Indexes of the best values of a row (ties all win). Nothing is best with fewer than two
 * values, when all are equal, or for money in different currencies (`comparable` false).
 */
export function bestIndexes(
  values: readonly (number | null)[],
  better: FigureRow["better"],
  comparable = true,
): number[] {
  if (better === null || !comparable) return [];
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length < 2) return [];
  const best = better === "higher" ? Math.max(...known) : Math.min(...known);
  if (known.every((value) => value === best)) return [];
  return values.flatMap((value, index) => (value === best ? [index] : []));
}

/** The ids of a /compare address: trimmed, without repeats, at most `max`. */
export function compareIds(raw: string, max: number): string[] {
  const ids = raw
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, max);
}
