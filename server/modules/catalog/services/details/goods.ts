// The goods detail page: overview with every goods figure, the shop,
// specifications (variants, category path) and the related videos and influencers.
import { apiFigures, goodsCard, influencerCard, money, videoCard } from "../present";
import type { DataSnapshot } from "../snapshot";
import { rowOf, topRows } from "./lookup";

const RELATED = 10;

export function goodsDetail(snapshot: DataSnapshot, id: string, locale: string) {
  const row = rowOf(snapshot, "goods", id);
  const { dataset, rank } = snapshot;
  const goods = dataset.goods[row];
  const shop = snapshot.shops.get(goods.shopId);
  const category = snapshot.categories.get(goods.categoryId);
  const parent = category?.parentId == null ? undefined : snapshot.categories.get(category.parentId);
  const name = (c: typeof category) => (c ? ((c.names as Record<string, string>)[locale] ?? c.names.en) : "");
  const videos = topRows(rank.goodsVideos[row], (v) => dataset.videos[v].stats.views, RELATED);
  const influencers = topRows(snapshot.goodsInfluencers[row], (i) => dataset.influencers[i].stats.followers, RELATED);
  return {
    overview: { ...goodsCard(snapshot, goods), ...apiFigures(goods.stats) },
    shop: shop
      ? {
          id: shop.id,
          name: shop.name,
          market: shop.market,
          goods_count: shop.stats.goodsCount,
          total_sales: shop.stats.totalSales,
          total_revenue: money(shop.stats.totalRevenue),
          avatar_larger: shop.images.avatarLarger,
        }
      : null,
    specifications: {
      variants: goods.variants.map((v) => ({ sku: v.sku, name: v.name, price: money(v.price) })),
      category_path: [parent, category].filter((c) => c !== undefined).map((c) => ({ id: c.id, name: name(c) })),
    },
    related_videos: videos.map((v) => videoCard(snapshot, dataset.videos[v])),
    related_influencers: influencers.map((i) => influencerCard(dataset.influencers[i])),
  };
}
