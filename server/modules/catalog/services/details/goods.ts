// The goods detail page: overview with every goods figure, the shop, specifications (variants,
// category path) and the related videos and influencers, read from the database (store/*-sql.ts).
// Undefined for an id not stored.
import { inArray, or, eq } from "drizzle-orm";
import { categories } from "../../../../db/schema";
import type { Calendar } from "../../engine";
import { readCards } from "../../store/cards-sql";
import { readEntity, readShops } from "../../store/entity-stats-sql";
import type { Queryable } from "../../store/meta";
import { goodsVideos, goodsInfluencers } from "../../store/related-sql";
import { apiFigures, goodsCardOf, money, shopSummary } from "../present";

/** The first page of a detail page's related lists (music and hashtag pages too). */
export const RELATED = { limit: 10, offset: 0 };

/** The category and its parent (top-level first), named in `locale` (English when missing). */
async function categoryPath(db: Queryable, categoryId: number, locale: string) {
  const parentOf = db.select({ id: categories.parentId }).from(categories).where(eq(categories.id, categoryId));
  const rows = await db
    .select()
    .from(categories)
    .where(or(eq(categories.id, categoryId), inArray(categories.id, parentOf)));
  const category = rows.find((c) => c.id === categoryId);
  const parent = category?.parentId == null ? undefined : rows.find((c) => c.id === category.parentId);
  return [parent, category]
    .filter((c) => c !== undefined)
    .map((c) => ({ id: c.id, name: c.names[locale] ?? c.names.en }));
}

export async function goodsDetail(db: Queryable, calendar: Calendar, id: string, locale: string) {
  const goods = await readEntity(db, calendar, "goods", id);
  if (!goods) return undefined;
  const [shops, categoryNames, videos, influencers] = await Promise.all([
    readShops(db, calendar, [goods.shopId]),
    categoryPath(db, goods.categoryId, locale),
    goodsVideos(db, id, RELATED).then((page) => readCards(db, calendar, "videos", page.ids)),
    goodsInfluencers(db, id, RELATED).then((page) => readCards(db, calendar, "influencers", page.ids)),
  ]);
  const shop = shops.get(goods.shopId);
  return {
    overview: { ...goodsCardOf(goods, shop?.name ?? ""), ...apiFigures(goods.stats) },
    shop: shop ? shopSummary(shop) : null,
    specifications: {
      variants: goods.variants.map((v) => ({ sku: v.sku, name: v.name, price: money(v.price) })),
      category_path: categoryNames,
    },
    related_videos: videos,
    related_influencers: influencers,
  };
}
