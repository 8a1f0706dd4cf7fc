// TypeBox schemas shared by the data routes (/api/v1/*): enums with readable errors, entity
// cards (display fields), rank rows per entity (card + rank + the list metrics, which depend on
// the rank type and so are optional) and the list envelope every list answers with. The same
// schemas feed the response serializers and the OpenAPI document.
import { Type, type Static, type TSchema } from "@fastify/type-provider-typebox";
import { ENTITY_KINDS, MARKET_CODES, RANK_WINDOWS } from "./engine";

/** A string limited to `values` (one JSON-schema enum, so errors list the allowed values). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
) {
  return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}

/** A primitive schema that also accepts null (a type array, cheap to serialize). */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [(schema as { type?: string }).type, "null"] });
}

export const Entity = StringEnum(ENTITY_KINDS);
export const Window = StringEnum(RANK_WINDOWS, { default: "24h" });
export const Country = StringEnum(MARKET_CODES, { default: "VN", description: "Market" });
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_.:-]+$" });
export const Page = Type.Integer({ minimum: 1, maximum: 100_000, default: 1 });
export const Size = Type.Integer({ minimum: 1, maximum: 100, default: 20 });
export const BusinessDate = Type.String({
  pattern: "^\\d{4}-\\d{2}-\\d{2}$",
  description: "Business date (London time + 1 h)",
});
export const Instant = Type.String({ format: "date-time" });
export const Num = Type.Number();
export const NullableNum = Nullable(Type.Number());

const CONTENT_IMAGES = {
  cover_large: Type.String(),
  cover_large_privatization: Type.String(),
  origin_cover: Type.String(),
  origin_cover_privatization: Type.String(),
};
const AVATAR_IMAGES = { avatar_larger: Type.String(), avatar_larger_privatization: Type.String() };

export const GoodsCard = Type.Object({
  id: Type.String(),
  title: Type.String(),
  market: Type.String(),
  currency: Type.String(),
  price: Num,
  commission_rate: Num,
  category_id: Type.Integer(),
  shop_id: Type.String(),
  shop_name: Type.String(),
  total_sales: Num,
  ...CONTENT_IMAGES,
});
export const InfluencerCard = Type.Object({
  id: Type.String(),
  nickname: Type.String(),
  handle: Type.String(),
  market: Type.String(),
  category_id: Type.Integer(),
  followers: Num,
  ...AVATAR_IMAGES,
});
export const VideoCard = Type.Object({
  id: Type.String(),
  title: Type.String(),
  market: Type.String(),
  posted_at: Instant,
  duration_seconds: Type.Integer(),
  influencer_id: Type.String(),
  author_nickname: Type.String(),
  author_handle: Type.String(),
  goods_id: Nullable(Type.String()),
  views: Num,
  ...CONTENT_IMAGES,
  author_avatar_larger_privatization: Type.String(),
});
export const MusicCard = Type.Object({
  id: Type.String(),
  title: Type.String(),
  author: Type.String(),
  market: Type.String(),
  duration_seconds: Type.Integer(),
  original: Type.Boolean(),
  ...CONTENT_IMAGES,
});
export const HashtagCard = Type.Object({ id: Type.String(), name: Type.String(), market: Type.String() });

/** Metrics of every rank type of an entity (money in major units, rates as fractions). */
const metrics = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, Type.Optional(NullableNum)]));
export const LIST_METRICS = {
  goods: [
    "sales_volume",
    "revenue",
    "views",
    "previous_sales_volume",
    "sales_growth",
    "promoting_videos",
    "promoting_influencers",
  ],
  influencers: [
    "follower_growth_rate",
    "followers_gained",
    "followers_at_start",
    "sales_volume",
    "revenue",
    "views",
    "weighted_commission_rate",
    "promoted_revenue",
    "promoted_goods",
  ],
  videos: [
    "likes",
    "comments",
    "shares",
    "engagement_rate",
    "sold_count",
    "revenue",
    "previous_sold_count",
    "sales_growth_rate",
    "estimated_price",
    "commission_rate",
  ],
  music: ["uses", "views", "related_videos", "previous_uses", "growth"],
  hashtags: ["uses", "views", "related_videos", "previous_uses", "growth"],
} as const;

const RANK = { rank: Type.Integer({ minimum: 1 }), rank_change: Nullable(Type.Integer()) };
export const RankRows = {
  goods: Type.Object({
    ...GoodsCard.properties,
    ...RANK,
    ...metrics(LIST_METRICS.goods),
    first_seen_date: Type.Optional(Nullable(Type.String())),
  }),
  influencers: Type.Object({ ...InfluencerCard.properties, ...RANK, ...metrics(LIST_METRICS.influencers) }),
  videos: Type.Object({ ...VideoCard.properties, ...RANK, ...metrics(LIST_METRICS.videos) }),
  music: Type.Object({ ...MusicCard.properties, ...RANK, ...metrics(LIST_METRICS.music) }),
  hashtags: Type.Object({ ...HashtagCard.properties, ...RANK, ...metrics(LIST_METRICS.hashtags) }),
};
export const DateRange = Type.Object({ start: BusinessDate, end: BusinessDate, days: Type.Integer() });

/** What every list answers (spec: list, total, page, size, updated_at, next_update_at, limited). */
export function ListData<T extends TSchema>(row: T) {
  return Type.Object({
    list: Type.Array(row),
    total: Type.Integer({ description: "Rows in the whole list (pages past the plan's visible part come back empty)" }),
    page: Type.Integer(),
    size: Type.Integer(),
    updated_at: Instant,
    next_update_at: Instant,
    limited: Type.Boolean({ description: "True when the plan hides rows the caller would otherwise get" }),
  });
}
