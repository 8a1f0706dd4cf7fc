// Rank facts shared by the server (which computes the lists) and the app (which offers them as
// filters): the entity kinds that have rank lists, the rank types of each kind with its default,
// the rank windows and the detail trend ranges. Pure data, no runtime-specific types.

/** Every kind of entity the data service ranks and describes. */
export const ENTITY_KINDS = ["goods", "influencers", "videos", "music", "hashtags"] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** Entities whose lists take a product-category filter (music and hashtags have none). */
export const CATEGORY_ENTITIES: readonly EntityKind[] = ["goods", "influencers", "videos"];

/** The rank types of each entity, the default first. */
export const RANK_TYPES = {
  goods: ["top-sale", "breakout", "new", "hot-promoted"],
  influencers: ["breakout", "sales", "follower-growth", "commission"],
  videos: ["hot", "sales"],
  music: ["hot", "rising"],
  hashtags: ["hot", "rising"],
} as const satisfies Record<EntityKind, readonly string[]>;
export type RankTypeOf<K extends EntityKind> = (typeof RANK_TYPES)[K][number];
export type RankType = RankTypeOf<EntityKind>;

/** The list shown when a request names no rank type (influencers default to breakout). */
export const DEFAULT_RANK_TYPE: { readonly [K in EntityKind]: RankTypeOf<K> } = {
  goods: "top-sale",
  influencers: "breakout",
  videos: "hot",
  music: "hot",
  hashtags: "hot",
};

/** The periods a rank list covers, and how many business days each spans. */
export const RANK_WINDOWS = ["24h", "3d", "7d", "30d"] as const;
export type RankWindow = (typeof RANK_WINDOWS)[number];
export const RANK_WINDOW_DAYS: Readonly<Record<RankWindow, number>> = { "24h": 1, "3d": 3, "7d": 7, "30d": 30 };

export function isRankWindow(value: unknown): value is RankWindow {
  return typeof value === "string" && (RANK_WINDOWS as readonly string[]).includes(value);
}

/** The preset trend ranges (days) of a detail page's charts; other ranges are custom. */
export const TREND_DAYS = [7, 15, 30] as const;
export type TrendDays = (typeof TREND_DAYS)[number];
