// Turns a DatasetCore (profiles, links, series) into a Dataset: every total is
// computed here from the daily series and the links, and nowhere else, so a total always
// equals the sum of its daily values. Windows for "estimated" and "growth" figures are fixed:
// the last 30 days of the series, and the last 7 days against the 7 before.
import { avatarImages, contentImages, videoImages } from "../model/images";
import { growthRate, ratio } from "../model/rates";
import type { SeriesTable } from "../series/series-table";
import { rowIndex, type Dataset, type DatasetCore } from "./dataset";

export const ESTIMATE_DAYS = 30;
export const GROWTH_DAYS = 7;

/** Sum of a metric over the last `days` days of the series. */
function lastDays<M extends string>(table: SeriesTable<M>, metric: M, row: number, days: number, skip = 0): number {
  const to = table.days - 1 - skip;
  return table.sum(metric, row, to - days + 1, to);
}

function weekGrowth<M extends string>(table: SeriesTable<M>, metric: M, row: number): number | null {
  return growthRate(lastDays(table, metric, row, GROWTH_DAYS), lastDays(table, metric, row, GROWTH_DAYS, GROWTH_DAYS));
}

interface LinkCounts {
  goodsVideos: Uint32Array;
  goodsInfluencers: Set<string>[];
  influencerGoods: Set<string>[];
  influencerVideos: Uint32Array;
  influencerPosted: Uint32Array;
  musicVideos: Uint32Array;
  hashtagVideos: Uint32Array;
}

function countLinks(core: DatasetCore): LinkCounts {
  const goodsRow = rowIndex(core.goods);
  const influencerRow = rowIndex(core.influencers);
  const musicRow = rowIndex(core.music);
  const hashtagRow = rowIndex(core.hashtags);
  const counts: LinkCounts = {
    goodsVideos: new Uint32Array(core.goods.length),
    goodsInfluencers: core.goods.map(() => new Set<string>()),
    influencerGoods: core.influencers.map(() => new Set<string>()),
    influencerVideos: new Uint32Array(core.influencers.length),
    influencerPosted: new Uint32Array(core.influencers.length),
    musicVideos: new Uint32Array(core.music.length),
    hashtagVideos: new Uint32Array(core.hashtags.length),
  };
  const pair = (influencerId: string, goodsId: string) => {
    const g = goodsRow.get(goodsId);
    const i = influencerRow.get(influencerId);
    if (g === undefined || i === undefined) return;
    counts.goodsInfluencers[g].add(influencerId);
    counts.influencerGoods[i].add(goodsId);
  };
  for (const video of core.videos) {
    const i = influencerRow.get(video.influencerId);
    if (i !== undefined) counts.influencerVideos[i]++;
    if (video.goodsId !== null) {
      const g = goodsRow.get(video.goodsId);
      if (g !== undefined) counts.goodsVideos[g]++;
      if (i !== undefined) counts.influencerPosted[i]++;
      pair(video.influencerId, video.goodsId);
    }
    const m = video.musicId === null ? undefined : musicRow.get(video.musicId);
    if (m !== undefined) counts.musicVideos[m]++;
    for (const hashtagId of video.hashtagIds) {
      const h = hashtagRow.get(hashtagId);
      if (h !== undefined) counts.hashtagVideos[h]++;
    }
  }
  for (const link of core.showcase) pair(link.influencerId, link.goodsId);
  return counts;
}

/**
 * `{...profile, ...derived}` built with Object.assign: in this V8 a spread of one object
 * into a literal, repeated over thousands of entities, gives each result a hidden class of its
 * own (~400 bytes each, ~14 MB at scale 1); assigning onto `{}` shares one per entity kind.
 */
function withDerived<P extends object, D extends object>(profile: P, derived: D): P & D {
  return Object.assign({}, profile, derived);
}

export function deriveStats(core: DatasetCore): Dataset {
  const { series } = core;
  const links = countLinks(core);
  const goodsById = new Map(core.goods.map((g) => [g.id, g]));

  const goods = core.goods.map((profile, row) => {
    const t = series.goods;
    const totalSales = t.total("salesVolume", row);
    const views = t.total("views", row);
    const firstDay = t.firstActiveDay(row);
    return withDerived(profile, {
      images: contentImages("goods", profile.id),
      stats: {
        commission: Math.round(profile.price * profile.commissionRate),
        totalSales,
        totalRevenue: t.total("revenue", row),
        estimatedSalesVolume: lastDays(t, "salesVolume", row, ESTIMATE_DAYS),
        estimatedSalesAmount: lastDays(t, "revenue", row, ESTIMATE_DAYS),
        views,
        likes: t.total("likes", row),
        comments: t.total("comments", row),
        salesGrowth: weekGrowth(t, "salesVolume", row),
        conversionRate: ratio(totalSales, views),
        firstSeenDate: firstDay < 0 ? null : t.dateOf(firstDay),
        relatedVideos: links.goodsVideos[row],
        relatedInfluencers: links.goodsInfluencers[row].size,
      },
    });
  });

  const influencers = core.influencers.map((profile, row) => {
    const t = series.influencers;
    const followersGained = t.total("followersGained", row);
    const rates = [...links.influencerGoods[row]].map((id) => goodsById.get(id)!.commissionRate);
    return withDerived(profile, {
      images: avatarImages("influencer", profile.id),
      stats: {
        followers: profile.initialFollowers + followersGained,
        followersGained,
        commissionRate: rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : null,
        productCount: rates.length,
        postedCount: links.influencerPosted[row],
        videoCount: links.influencerVideos[row],
        playCount: t.total("views", row),
        totalSales: t.total("salesVolume", row),
        totalRevenue: t.total("revenue", row),
      },
    });
  });

  const videos = core.videos.map((profile, row) => {
    const t = series.videos;
    const views = t.total("views", row);
    const likes = t.total("likes", row);
    const comments = t.total("comments", row);
    const shares = t.total("shares", row);
    const linked = profile.goodsId === null ? undefined : goodsById.get(profile.goodsId);
    return withDerived(profile, {
      images: videoImages(profile.id, profile.influencerId),
      stats: {
        views,
        likes,
        comments,
        shares,
        engagementRate: ratio(likes + comments + shares, views),
        salesVolume: t.total("salesVolume", row),
        revenue: t.total("revenue", row),
        commissionRate: linked?.commissionRate ?? null,
        estimatedPrice: linked?.price ?? null,
        salesGrowthRate: weekGrowth(t, "salesVolume", row),
      },
    });
  });

  const usageStats = (t: DatasetCore["series"]["music"], row: number, relatedVideos: number) => ({
    uses: t.total("uses", row),
    views: t.total("views", row),
    growth: weekGrowth(t, "uses", row),
    relatedVideos,
  });
  const music = core.music.map((profile, row) =>
    withDerived(profile, {
      images: contentImages("music", profile.id),
      stats: usageStats(series.music, row, links.musicVideos[row]),
    }),
  );
  const hashtags = core.hashtags.map((profile, row) =>
    withDerived(profile, {
      stats: usageStats(series.hashtags, row, links.hashtagVideos[row]),
    }),
  );

  const shopTotals = new Map(core.shops.map((s) => [s.id, { goodsCount: 0, totalSales: 0, totalRevenue: 0 }]));
  for (const g of goods) {
    const totals = shopTotals.get(g.shopId);
    if (!totals) continue;
    totals.goodsCount++;
    totals.totalSales += g.stats.totalSales;
    totals.totalRevenue += g.stats.totalRevenue;
  }
  const shops = core.shops.map((profile) =>
    withDerived(profile, {
      images: avatarImages("shop", profile.id),
      stats: shopTotals.get(profile.id)!,
    }),
  );

  return { ...core, shops, goods, influencers, videos, music, hashtags };
}
