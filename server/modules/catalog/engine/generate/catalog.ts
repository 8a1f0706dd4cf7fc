// Demo shops and goods, and the goods' organic daily sales (sales not driven by the dataset's
// videos; video-driven sales are added by videos.ts). Popularity is Pareto-distributed, so a
// few goods sell most units; 18 % of goods appear during the window rather than before it.
import type { Calendar } from "../dataset/dataset";
import { leafCategories, type Category } from "../model/categories";
import type { GoodsProfile, ShopProfile } from "../model/entities";
import { marketOf, type MarketCode } from "../model/markets";
import type { MetricOf } from "../model/metrics";
import type { SeriesBuilder } from "../series/series-table";
import { entityId, splitByMarket } from "./counts";
import { localPriceCents } from "./prices";
import type { Rng } from "./prng";
import { momentum, recentDay, type DayFactors } from "./shapes";
import { goodsTitle, pickBrand, shopName, variantNames } from "./text";
import { CATEGORY_PRICE_USD, productNouns } from "./words/products";

/** What videos.ts needs to know about a goods beyond its profile. */
export interface GoodsTraits {
  popularity: number;
  /** Day index from which it sells. */
  appearDay: number;
  priceUsd: number;
  /** Its product noun, so captions name the same thing as the title. */
  noun: string;
}

export interface Catalog {
  shops: ShopProfile[];
  goods: GoodsProfile[];
  traits: GoodsTraits[];
}

const COMMISSION_RATES = [0.02, 0.03, 0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25];

interface ShopDraft {
  profile: ShopProfile;
  brand: string;
}

function generateShops(rng: Rng, count: number, firstId: number, leaves: readonly Category[]): ShopDraft[] {
  const shops: ShopDraft[] = [];
  for (const [market, marketCount] of splitByMarket(count)) {
    const language = marketOf(market).language;
    for (let i = 0; i < marketCount; i++) {
      const brand = pickBrand(rng);
      const profile = {
        id: entityId("s", firstId + shops.length),
        market,
        name: shopName(rng, language, brand),
        categoryId: rng.pick(leaves).id,
      };
      shops.push({ profile, brand });
    }
  }
  return shops;
}

export function generateCatalog(
  rng: Rng,
  counts: { shops: number; goods: number },
  /** Index of the shard's first shop and goods in the whole dataset (their ids count on from it). */
  firstIds: { shops: number; goods: number },
  categories: readonly Category[],
  calendar: Calendar,
  factors: DayFactors,
  series: SeriesBuilder<MetricOf<"goods">>,
): Catalog {
  const leaves = leafCategories(categories);
  const shops = generateShops(rng.fork("shops"), counts.shops, firstIds.shops, leaves);
  const shopsByMarket = new Map<MarketCode, ShopDraft[]>();
  for (const shop of shops) {
    const list = shopsByMarket.get(shop.profile.market) ?? [];
    list.push(shop);
    shopsByMarket.set(shop.profile.market, list);
  }

  const goodsRng = rng.fork("goods");
  const goods: GoodsProfile[] = [];
  const traits: GoodsTraits[] = [];
  for (const [market, marketCount] of splitByMarket(counts.goods)) {
    const language = marketOf(market).language;
    const marketShops = shopsByMarket.get(market)!;
    for (let i = 0; i < marketCount; i++) {
      const row = goods.length;
      const id = entityId("g", firstIds.goods + row);
      const { profile: shop, brand } = goodsRng.pick(marketShops);
      const categoryId = goodsRng.chance(0.6) ? shop.categoryId : goodsRng.pick(leaves).id;
      const priceUsd = goodsRng.logNormal(CATEGORY_PRICE_USD[categoryId] ?? 10, 0.55);
      const price = localPriceCents(market, priceUsd);
      const noun = goodsRng.pick(productNouns(categoryId, language));
      const variantCount = goodsRng.int(0, 4);
      const variants = variantNames(goodsRng, categoryId, variantCount).map((name, k) => ({
        sku: `${id}-${k + 1}`,
        name,
        price: k === 0 ? price : localPriceCents(market, priceUsd * (1 + 0.12 * k)),
      }));
      goods.push({
        id,
        market,
        shopId: shop.id,
        categoryId,
        title: goodsTitle(goodsRng, language, brand, noun),
        price,
        commissionRate: goodsRng.pick(COMMISSION_RATES),
        variants,
      });
      const trait: GoodsTraits = {
        popularity: Math.min(goodsRng.pareto(1, 1.16), 4_000),
        appearDay: goodsRng.chance(0.18) ? recentDay(goodsRng, 1, calendar.days - 1) : 0,
        priceUsd,
        noun,
      };
      traits.push(trait);
      writeOrganicSales(goodsRng, row, trait, price, calendar, factors, series);
    }
  }
  return { shops: shops.map((shop) => shop.profile), goods, traits };
}

function writeOrganicSales(
  rng: Rng,
  row: number,
  trait: GoodsTraits,
  price: number,
  calendar: Calendar,
  factors: DayFactors,
  series: SeriesBuilder<MetricOf<"goods">>,
): void {
  const base = 0.35 * trait.popularity * Math.sqrt(10 / trait.priceUsd);
  const viewsPerSale = rng.logNormal(35, 0.5);
  const shape = momentum(rng, calendar.days, { breakoutChance: 0.05, trendSigma: 0.6 });
  for (let day = trait.appearDay; day < calendar.days; day++) {
    const units = rng.round(base * factors.shopping[day] * shape[day] * rng.logNormal(1, 0.35));
    const views = rng.round((units + 0.3) * viewsPerSale * factors.activity[day]);
    series.set("salesVolume", row, day, units);
    series.set("revenue", row, day, units * price);
    // At least one view on the day it is listed, so the first-seen date is the appear day.
    series.set("views", row, day, day === trait.appearDay ? Math.max(1, views) : views);
  }
}
