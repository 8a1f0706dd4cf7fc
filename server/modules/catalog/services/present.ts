// How entities leave the API: snake_case fields, money in major units of the market currency
// (cents / 100, with `currency`), rates as fractions, image fields as local paths.
// Cards are the display fields shared by list rows, detail blocks, search hits and favourites.
import {
  marketOf,
  type Goods,
  type Hashtag,
  type Influencer,
  type MarketCode,
  type Music,
  type RankMetrics,
  type Shop,
  type Video,
} from "../engine";

/** Row metrics of the rank lists that are money (cents in the engine). */
const MONEY_METRICS = new Set([
  "revenue",
  "price",
  "promotedRevenue",
  "estimatedPrice",
  "totalRevenue",
  "commission",
  "estimatedSalesAmount",
]);

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Cents to major units (two decimals at most); null stays null. */
export function money(cents: number): number;
export function money(cents: number | null): number | null;
export function money(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}

/** Engine figures (camelCase, money in cents) as API fields. */
export function apiFigures(figures: Readonly<Record<string, number>>): Record<string, number>;
export function apiFigures(figures: RankMetrics | object): Record<string, unknown>;
export function apiFigures(figures: RankMetrics | object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(figures)) {
    out[snakeCase(name)] = MONEY_METRICS.has(name) && typeof value === "number" ? money(value) : value;
  }
  return out;
}

/** camelCase to snake_case at the type level, as snakeCase does at run time. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

type SnakeCaseImages<T> = { [K in keyof T as SnakeCase<K & string>]: string };

function images<T extends object>(fields: T): SnakeCaseImages<T> {
  // The keys are renamed one by one, which TypeScript cannot follow through Object.fromEntries.
  return Object.fromEntries(
    Object.entries(fields).map(([name, path]) => [snakeCase(name), path as string]),
  ) as SnakeCaseImages<T>;
}

const currencyOf = (market: MarketCode) => marketOf(market).currency;

/** An entity with only the stats its card shows (store/cards-sql.ts reads no more). */
type WithStats<T extends { stats: object }, K extends keyof T["stats"]> = Omit<T, "stats"> & {
  stats: Pick<T["stats"], K>;
};
type GoodsCardFields = WithStats<Goods, "totalSales">;
type InfluencerCardFields = WithStats<Influencer, "followers">;
type VideoCardFields = WithStats<Video, "views">;

/** The goods card from the goods and its shop's name ("" when the shop is unknown). */
export function goodsCardOf(g: GoodsCardFields, shopName: string) {
  return {
    id: g.id,
    title: g.title,
    market: g.market,
    currency: currencyOf(g.market),
    price: money(g.price),
    commission_rate: g.commissionRate,
    category_id: g.categoryId,
    shop_id: g.shopId,
    shop_name: shopName,
    total_sales: g.stats.totalSales,
    ...images(g.images),
  };
}

export function influencerCard(i: InfluencerCardFields) {
  return {
    id: i.id,
    nickname: i.nickname,
    handle: i.handle,
    market: i.market,
    category_id: i.categoryId,
    followers: i.stats.followers,
    ...images(i.images),
  };
}

/** The video card from the video and its author (undefined when the author is unknown). */
export function videoCardOf(v: VideoCardFields, author: Pick<Influencer, "nickname" | "handle"> | undefined) {
  return {
    id: v.id,
    title: v.title,
    market: v.market,
    posted_at: v.postedAt,
    duration_seconds: v.durationSeconds,
    influencer_id: v.influencerId,
    author_nickname: author?.nickname ?? "",
    author_handle: author?.handle ?? "",
    goods_id: v.goodsId,
    views: v.stats.views,
    ...images(v.images),
  };
}

export function musicCard(m: Omit<Music, "stats">) {
  return {
    id: m.id,
    title: m.title,
    author: m.author,
    market: m.market,
    duration_seconds: m.durationSeconds,
    original: m.original,
    ...images(m.images),
  };
}

export function hashtagCard(h: Omit<Hashtag, "stats">) {
  return { id: h.id, name: h.name, market: h.market };
}

/** A goods page's shop block. */
export function shopSummary(shop: Shop) {
  return {
    id: shop.id,
    name: shop.name,
    market: shop.market,
    goods_count: shop.stats.goodsCount,
    total_sales: shop.stats.totalSales,
    total_revenue: money(shop.stats.totalRevenue),
    avatar_larger: shop.images.avatarLarger,
  };
}

/** An influencer page's profile block: the card, bio, price and every figure. */
export function influencerProfile(influencer: InfluencerCardFields & Pick<Influencer, "bio" | "price" | "stats">) {
  return {
    ...influencerCard(influencer),
    bio: influencer.bio,
    price: money(influencer.price),
    ...apiFigures(influencer.stats),
  };
}
