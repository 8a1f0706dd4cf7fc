// The daily metrics each entity kind records, one value per business day. All are
// non-negative integers (revenue in cents), so window sums are exact.
import type { EntityKind } from "./entities";

export const SERIES_METRICS = {
  goods: ["salesVolume", "revenue", "views", "likes", "comments"],
  influencers: ["followersGained", "salesVolume", "revenue", "views"],
  videos: ["views", "likes", "comments", "shares", "salesVolume", "revenue"],
  music: ["uses", "views"],
  hashtags: ["uses", "views"],
} as const satisfies Record<EntityKind, readonly string[]>;

export type MetricOf<K extends EntityKind> = (typeof SERIES_METRICS)[K][number];
export type GoodsMetric = MetricOf<"goods">;
export type InfluencerMetric = MetricOf<"influencers">;
export type VideoMetric = MetricOf<"videos">;
export type UsageMetric = MetricOf<"music">;

export function isMetricOf<K extends EntityKind>(kind: K, name: string): name is MetricOf<K> {
  return (SERIES_METRICS[kind] as readonly string[]).includes(name);
}
