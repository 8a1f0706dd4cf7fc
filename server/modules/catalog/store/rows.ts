// Entity profiles <-> table rows. Profiles already have the tables' column names (camelCase in
// Drizzle), so a row is the profile without derived stats and images; the one conversion is
// the video post time, an ISO instant in the engine and a timestamptz in the database.
import type {
  Category,
  GoodsProfile,
  HashtagProfile,
  InfluencerProfile,
  Market,
  MusicProfile,
  ShopProfile,
  ShowcaseLink,
  VideoProfile,
} from "../engine";
import type { ContentLanguage, MarketCode } from "../engine";
import {
  categories,
  goods,
  hashtags,
  influencers,
  markets,
  music,
  shops,
  showcaseLinks,
  videos,
} from "../../../db/schema";

type Row<T extends { $inferSelect: unknown }> = T["$inferSelect"];

/** Strips derived fields (stats, images) from a dataset entity. */
export function profileOf<T extends object>(entity: T): Omit<T, "stats" | "images"> {
  const { stats: _stats, images: _images, ...profile } = entity as T & { stats?: unknown; images?: unknown };
  return profile;
}

export const toRow = {
  market: (m: Market): Row<typeof markets> => ({ ...m }),
  category: (c: Category): Row<typeof categories> => ({ id: c.id, parentId: c.parentId, names: c.names }),
  shop: (s: ShopProfile): Row<typeof shops> => profileOf(s),
  goods: (g: GoodsProfile): Row<typeof goods> => profileOf(g),
  influencer: (i: InfluencerProfile): Row<typeof influencers> => profileOf(i),
  video: (v: VideoProfile): Row<typeof videos> => profileOf(v),
  music: (m: MusicProfile): Row<typeof music> => profileOf(m),
  hashtag: (h: HashtagProfile): Row<typeof hashtags> => profileOf(h),
  link: (l: ShowcaseLink): Row<typeof showcaseLinks> => ({ influencerId: l.influencerId, goodsId: l.goodsId }),
};

export const fromRow = {
  market: (r: Row<typeof markets>): Market => ({
    ...r,
    code: r.code as MarketCode,
    language: r.language as ContentLanguage,
  }),
  category: (r: Row<typeof categories>): Category => ({ id: r.id, parentId: r.parentId, names: r.names }),
  shop: (r: Row<typeof shops>): ShopProfile => ({ ...r, market: r.market as MarketCode }),
  goods: (r: Row<typeof goods>): GoodsProfile => ({ ...r, market: r.market as MarketCode }),
  influencer: (r: Row<typeof influencers>): InfluencerProfile => ({ ...r, market: r.market as MarketCode }),
  // timestamptz comes back as text in the database's format; the engine keeps ISO UTC.
  video: (r: Row<typeof videos>): VideoProfile => ({
    ...r,
    market: r.market as MarketCode,
    postedAt: new Date(r.postedAt).toISOString(),
  }),
  music: (r: Row<typeof music>): MusicProfile => ({ ...r, market: r.market as MarketCode }),
  hashtag: (r: Row<typeof hashtags>): HashtagProfile => ({ ...r, market: r.market as MarketCode }),
};
