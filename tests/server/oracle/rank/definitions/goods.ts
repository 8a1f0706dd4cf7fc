// The tests' oracle (not production code; production computes lists in store/rank-sql.ts).
// Goods lists: top-sale (units sold in the window), breakout (growth against the previous
// window, above a minimum base), new (first seen within the last 30 days, by units sold) and
// hot-promoted (videos promoting it posted in the window, then distinct creators, then units).
import { growthRate } from "../../../../../server/modules/catalog/engine/model/rates";
import type { RankDefinition } from "../types";
import { BREAKOUT_MIN_BASE, NEW_GOODS_DAYS, previousWindow } from "./shared";

export const goodsTopSale: RankDefinition<"goods"> = {
  entity: "goods",
  rankType: "top-sale",
  windowSums: { salesVolume: "salesVolume", revenue: "revenue", views: "views" },
  evaluate({ dataset }, row, w) {
    const t = dataset.series.goods;
    const salesVolume = t.sum("salesVolume", row, w.from, w.to);
    if (salesVolume <= 0) return null;
    const revenue = t.sum("revenue", row, w.from, w.to);
    const goods = dataset.goods[row];
    return {
      order: [salesVolume, revenue],
      metrics: {
        salesVolume,
        revenue,
        views: t.sum("views", row, w.from, w.to),
        price: goods.price,
        commissionRate: goods.commissionRate,
      },
    };
  },
};

export const goodsBreakout: RankDefinition<"goods"> = {
  entity: "goods",
  rankType: "breakout",
  windowSums: { salesVolume: "salesVolume", revenue: "revenue" },
  previousWindowSums: { previousSalesVolume: "salesVolume" },
  evaluate({ dataset }, row, w) {
    const t = dataset.series.goods;
    const before = previousWindow(w);
    const previousSalesVolume = t.sum("salesVolume", row, before.from, before.to);
    const salesVolume = t.sum("salesVolume", row, w.from, w.to);
    if (previousSalesVolume < BREAKOUT_MIN_BASE.goodsUnitsPerDay * w.days || salesVolume <= previousSalesVolume)
      return null;
    const salesGrowth = growthRate(salesVolume, previousSalesVolume)!;
    return {
      order: [salesGrowth, salesVolume],
      metrics: { salesVolume, previousSalesVolume, salesGrowth, revenue: t.sum("revenue", row, w.from, w.to) },
    };
  },
};

export const goodsNew: RankDefinition<"goods"> = {
  entity: "goods",
  rankType: "new",
  windowSums: { salesVolume: "salesVolume", revenue: "revenue" },
  evaluate(index, row, w) {
    const firstDay = index.goodsFirstDay[row];
    // First seen within the 30 days ending at the window end, and not on the calendar's first
    // day (that only says it existed before the data starts).
    if (firstDay <= 0 || firstDay > w.to || firstDay <= w.to - NEW_GOODS_DAYS) return null;
    const t = index.dataset.series.goods;
    const salesVolume = t.sum("salesVolume", row, w.from, w.to);
    if (salesVolume <= 0) return null;
    const revenue = t.sum("revenue", row, w.from, w.to);
    return { order: [salesVolume, revenue], metrics: { salesVolume, revenue, firstSeenDate: t.dateOf(firstDay) } };
  },
};

export const goodsHotPromoted: RankDefinition<"goods"> = {
  entity: "goods",
  rankType: "hot-promoted",
  windowSums: { salesVolume: "salesVolume", revenue: "revenue" },
  evaluate(index, row, w) {
    let promotingVideos = 0;
    const creators = new Set<number>();
    for (const video of index.goodsVideos[row]) {
      const day = index.videoPostDay[video];
      if (day < w.from || day > w.to) continue;
      promotingVideos++;
      creators.add(index.videoInfluencerRow[video]);
    }
    if (promotingVideos === 0) return null;
    const t = index.dataset.series.goods;
    const salesVolume = t.sum("salesVolume", row, w.from, w.to);
    return {
      order: [promotingVideos, creators.size, salesVolume],
      metrics: {
        promotingVideos,
        promotingInfluencers: creators.size,
        salesVolume,
        revenue: t.sum("revenue", row, w.from, w.to),
      },
    };
  },
};
