// The tests' oracle (not production code; production computes lists in store/rank-sql.ts).
// Every rank definition by entity and rank type.
import type { EntityKind } from "../../../../../server/modules/catalog/engine/model/entities";
import type { RankTypeOf } from "../../../../../server/modules/catalog/engine/rank/types";
import type { RankDefinition } from "../types";
import { goodsBreakout, goodsHotPromoted, goodsNew, goodsTopSale } from "./goods";
import { influencerBreakout, influencerCommission, influencerFollowerGrowth, influencerSales } from "./influencers";
import { hashtagHot, hashtagRising, musicHot, musicRising } from "./usage";
import { videoHot, videoSales } from "./videos";

export const RANK_DEFINITIONS: { readonly [K in EntityKind]: { readonly [T in RankTypeOf<K>]: RankDefinition<K> } } = {
  goods: { "top-sale": goodsTopSale, breakout: goodsBreakout, new: goodsNew, "hot-promoted": goodsHotPromoted },
  influencers: {
    breakout: influencerBreakout,
    sales: influencerSales,
    "follower-growth": influencerFollowerGrowth,
    commission: influencerCommission,
  },
  videos: { hot: videoHot, sales: videoSales },
  music: { hot: musicHot, rising: musicRising },
  hashtags: { hot: hashtagHot, rising: hashtagRising },
};

export { BREAKOUT_MIN_BASE, NEW_GOODS_DAYS, RATE_ORDER_DECIMALS } from "./shared";
