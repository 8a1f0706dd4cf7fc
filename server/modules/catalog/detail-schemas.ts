// TypeBox schemas of the detail routes (goods, influencers, videos, music, hashtags) and their
// trend and list sub-routes: cards from data-schemas.ts plus each page's own blocks.
import { Type } from "@fastify/type-provider-typebox";
import { VIDEO_FILTERS } from "./services/details/influencers";
import {
  BusinessDate,
  DateRange,
  GoodsCard,
  HashtagCard,
  InfluencerCard,
  MusicCard,
  Nullable,
  NullableNum,
  Num,
  Page,
  Size,
  StringEnum,
  VideoCard,
} from "./schemas";

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

const nums = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, Num]));
const nullableNums = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, NullableNum]));

export const GoodsDetail = Type.Object({
  overview: Type.Object({
    ...GoodsCard.properties,
    ...nums([
      "commission",
      "total_revenue",
      "estimated_sales_volume",
      "estimated_sales_amount",
      "views",
      "likes",
      "comments",
      "related_videos",
      "related_influencers",
    ]),
    ...nullableNums(["sales_growth", "conversion_rate"]),
    first_seen_date: Nullable(Type.String()),
  }),
  shop: Type.Union([
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      market: Type.String(),
      goods_count: Num,
      total_sales: Num,
      total_revenue: Num,
      avatar_larger: Type.String(),
    }),
    Type.Null(),
  ]),
  specifications: Type.Object({
    variants: Type.Array(Type.Object({ sku: Type.String(), name: Type.String(), price: Num })),
    category_path: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  }),
  related_videos: Type.Array(VideoCard),
  related_influencers: Type.Array(InfluencerCard),
});

export const InfluencerDetail = Type.Object({
  profile: Type.Object({
    ...InfluencerCard.properties,
    bio: Type.String(),
    price: Num,
    ...nums([
      "followers_gained",
      "product_count",
      "posted_count",
      "video_count",
      "play_count",
      "total_sales",
      "total_revenue",
    ]),
    commission_rate: NullableNum,
  }),
  basic_analysis: Type.Object({
    ...nums(["days", "followers_gained", "views", "sales_volume", "revenue", "videos_posted", "average_views"]),
    engagement_rate: NullableNum,
  }),
  products: Type.Array(GoodsCard),
});

export const VideoFilterQuery = Type.Object({
  filter: StringEnum(VIDEO_FILTERS, { default: "all" }),
  page: Page,
  size: Size,
});
export const InfluencerVideos = Type.Object({
  list: Type.Array(VideoCard),
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
  filter: Type.String(),
});

export const CalendarQuery = Type.Object({
  month: Type.Optional(Type.String({ pattern: "^\\d{4}-(0[1-9]|1[0-2])$", description: "YYYY-MM" })),
});
export const InfluencerCalendar = Type.Object({
  month: Type.String(),
  days: Type.Array(Type.Object({ date: BusinessDate, posts: Type.Integer(), sales_volume: Num, revenue: Num })),
});

export const VideoDetail = Type.Object({
  metrics: Type.Object({
    ...VideoCard.properties,
    ...nums(["likes", "comments", "shares", "sales_volume", "revenue"]),
    ...nullableNums(["engagement_rate", "commission_rate", "estimated_price", "sales_growth_rate", "followers"]),
  }),
  author: Type.Union([InfluencerCard, Type.Null()]),
  product: Type.Union([GoodsCard, Type.Null()]),
  sales: Type.Object({ sales_volume: Num, revenue: Num, sales_growth_rate: NullableNum }),
});

/** Music and hashtag pages: usage figures, the videos using it and what they link, the daily hot-list rank. */
function usageDetail<C extends typeof MusicCard | typeof HashtagCard>(card: C) {
  return Type.Object({
    overview: Type.Object({ ...card.properties, ...nums(["uses", "views", "related_videos"]), growth: NullableNum }),
    top_videos: Type.Array(VideoCard),
    related_goods: Type.Array(GoodsCard),
    related_influencers: Type.Array(InfluencerCard),
    rank_history: Type.Array(Type.Object({ date: BusinessDate, rank: Nullable(Type.Integer()) })),
  });
}
export const MusicDetail = usageDetail(MusicCard);
export const HashtagDetail = usageDetail(HashtagCard);

export const TrendQuery = Type.Object({
  days: Type.Optional(Type.Integer({ description: "7, 15 or 30 (ending yesterday)" })),
  start: Type.Optional(Type.String({ maxLength: 10, description: "Custom range start, YYYY-MM-DD" })),
  end: Type.Optional(Type.String({ maxLength: 10, description: "Custom range end, YYYY-MM-DD (at most yesterday)" })),
});

/** Points carry the kind's daily metrics (see docs/api.md), money in major units. */
export const Trend = Type.Object({
  range: DateRange,
  points: Type.Array(Type.Object({ date: BusinessDate }, { additionalProperties: Type.Number() })),
  totals: Type.Record(Type.String(), Type.Number()),
});
