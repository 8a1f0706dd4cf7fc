// The goods detail page: overview with every goods figure, the shop, specifications (variants,
// category path) and the related videos and influencers, read from the database (store/*-sql.ts)
// in three statements run side by side: the goods with its shop and category path
// (readGoodsPage), and each related list's first page with its cards (readRelatedCards).
// Undefined for an id not stored.
import type { Calendar } from "../../engine";
import { readRelatedCards } from "../../store/cards-sql";
import { readGoodsPage } from "../../store/entity-stats-sql";
import type { Queryable } from "../../store/meta";
import { goodsVideos, goodsInfluencers } from "../../store/related-sql";
import { apiFigures, goodsCardOf, money, shopSummary } from "../present";

/** The first page of a detail page's related lists (music and hashtag pages too). */
export const RELATED = { limit: 10, offset: 0 };

export async function goodsDetail(db: Queryable, calendar: Calendar, id: string, locale: string) {
  const [page, videos, influencers] = await Promise.all([
    readGoodsPage(db, calendar, id),
    readRelatedCards(db, calendar, goodsVideos(id), RELATED),
    readRelatedCards(db, calendar, goodsInfluencers(id), RELATED),
  ]);
  if (!page) return undefined;
  const { goods, shop } = page;
  // The category and its parent, top-level first, named in `locale` (English when missing).
  const categoryPath = [page.parent, page.category]
    .filter((c) => c !== undefined)
    .map((c) => ({ id: c.id, name: c.names[locale as keyof typeof c.names] ?? c.names.en }));
  return {
    overview: { ...goodsCardOf(goods, shop?.name ?? ""), ...apiFigures(goods.stats) },
    shop: shop ? shopSummary(shop) : null,
    specifications: {
      variants: goods.variants.map((v) => ({ sku: v.sku, name: v.name, price: money(v.price) })),
      category_path: categoryPath,
    },
    related_videos: videos.cards,
    related_influencers: influencers.cards,
  };
}
