// The test oracle of detail pages: the detail services as they answered from the in-memory
// snapshot (dataset, rank index and link lookups, now the OracleSnapshot of helpers/oracle.ts)
// before they read the database (server/modules/catalog/services/details/*.ts through
// store/*-sql.ts), with the goods and video cards made from it. entity-sql.test.ts compares the
// database's answers with these for every entity of a seeded dataset.
import {
  addDays,
  daysBetween,
  SERIES_METRICS,
  type BusinessDate,
  type Dataset,
  type DateRange,
  type EntityKind,
  type Goods,
  type SeriesTable,
  type Video,
} from "../../../server/modules/catalog/engine";
import { rankDefinition } from "../oracle/rank";
import type { VideoFilter } from "../../../server/modules/catalog/store/related-sql";
import {
  apiFigures,
  goodsCardOf,
  hashtagCard,
  influencerCard,
  money,
  musicCard,
  influencerProfile,
  shopSummary,
  videoCardOf,
} from "../../../server/modules/catalog/services/present";
import { notFound } from "../../../server/modules/catalog/services/details/lookup";
import type { OracleSnapshot } from "../helpers/oracle";

/** Row of `id` in the snapshot, or the routes' 404. */
function rowOf(snapshot: OracleSnapshot, kind: EntityKind, id: string): number {
  const row = snapshot.rows[kind].get(id);
  if (row === undefined) throw notFound(kind, id);
  return row;
}

/** The goods card, with its shop's name from the oracle's shops. */
export function goodsCard(snapshot: OracleSnapshot, g: Goods) {
  return goodsCardOf(g, snapshot.shops.get(g.shopId)?.name ?? "");
}

/** The video card, with its author from the oracle's influencers. */
export function videoCard(snapshot: OracleSnapshot, v: Video) {
  const row = snapshot.rows.influencers.get(v.influencerId);
  return videoCardOf(v, row === undefined ? undefined : snapshot.dataset.influencers[row]);
}

/** The `count` rows with the largest key, largest first (ties by row). */
export function topRows(rows: readonly number[], key: (row: number) => number, count: number): number[] {
  return [...rows].sort((a, b) => key(b) - key(a) || a - b).slice(0, count);
}

const RELATED = 10;

export function goodsDetail(snapshot: OracleSnapshot, id: string, locale: string) {
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
    shop: shop ? shopSummary(shop) : null,
    specifications: {
      variants: goods.variants.map((v) => ({ sku: v.sku, name: v.name, price: money(v.price) })),
      category_path: [parent, category].filter((c) => c !== undefined).map((c) => ({ id: c.id, name: name(c) })),
    },
    related_videos: videos.map((v) => videoCard(snapshot, dataset.videos[v])),
    related_influencers: influencers.map((i) => influencerCard(dataset.influencers[i])),
  };
}

const ANALYSIS_DAYS = 30;
const PRODUCTS = 20;

export function influencerDetail(snapshot: OracleSnapshot, id: string) {
  const row = rowOf(snapshot, "influencers", id);
  const { dataset, rank } = snapshot;
  const influencer = dataset.influencers[row];
  const t = dataset.series.influencers;
  const to = t.days - 1;
  const from = to - ANALYSIS_DAYS + 1;
  const videos = rank.influencerVideos[row];
  const recent = videos.filter((v) => rank.videoPostDay[v] >= from && rank.videoPostDay[v] <= to);
  const views = t.sum("views", row, from, to);
  const engaged = recent.reduce(
    (n, v) => n + dataset.videos[v].stats.likes + dataset.videos[v].stats.comments + dataset.videos[v].stats.shares,
    0,
  );
  const recentViews = recent.reduce((n, v) => n + dataset.videos[v].stats.views, 0);
  const products = topRows(snapshot.influencerGoods[row], (g) => dataset.goods[g].stats.totalSales, PRODUCTS);
  return {
    profile: influencerProfile(influencer),
    basic_analysis: {
      days: ANALYSIS_DAYS,
      followers_gained: t.sum("followersGained", row, from, to),
      views,
      sales_volume: t.sum("salesVolume", row, from, to),
      revenue: money(t.sum("revenue", row, from, to)),
      videos_posted: recent.length,
      average_views: recent.length ? Math.round(recentViews / recent.length) : 0,
      engagement_rate: recentViews ? engaged / recentViews : null,
    },
    products: products.map((g) => goodsCard(snapshot, dataset.goods[g])),
  };
}

/** The influencer's videos, newest first, optionally only those with (or without) a product. */
export function influencerVideos(
  snapshot: OracleSnapshot,
  id: string,
  filter: VideoFilter,
  page: number,
  size: number,
) {
  const row = rowOf(snapshot, "influencers", id);
  const { dataset, rank } = snapshot;
  const keep = (v: number) => filter === "all" || (filter === "with_products") === rank.videoGoodsRow[v] >= 0;
  const rows = rank.influencerVideos[row]
    .filter(keep)
    .sort((a, b) => (dataset.videos[b].postedAt < dataset.videos[a].postedAt ? -1 : 1));
  return {
    list: rows.slice((page - 1) * size, page * size).map((v) => videoCard(snapshot, dataset.videos[v])),
    total: rows.length,
    page,
    size,
    filter,
  };
}

/** Posts and sales per day of a month (`YYYY-MM`, default the month of the last data day). */
export function influencerCalendar(snapshot: OracleSnapshot, id: string, month: string | undefined) {
  const row = rowOf(snapshot, "influencers", id);
  const { dataset, rank } = snapshot;
  const t = dataset.series.influencers;
  const first: BusinessDate = `${month ?? dataset.calendar.endDate.slice(0, 7)}-01`;
  const posts = new Map<number, number>();
  for (const v of rank.influencerVideos[row])
    posts.set(rank.videoPostDay[v], (posts.get(rank.videoPostDay[v]) ?? 0) + 1);
  const days = [];
  for (let date = first; date.slice(0, 7) === first.slice(0, 7); date = addDays(date, 1)) {
    const day = daysBetween(t.startDate, date);
    days.push({
      date,
      posts: posts.get(day) ?? 0,
      sales_volume: t.sum("salesVolume", row, day, day),
      revenue: money(t.sum("revenue", row, day, day)),
    });
  }
  return { month: first.slice(0, 7), days };
}

export function videoDetail(snapshot: OracleSnapshot, id: string) {
  const row = rowOf(snapshot, "videos", id);
  const { dataset, rank } = snapshot;
  const video = dataset.videos[row];
  const author = rank.videoInfluencerRow[row] >= 0 ? dataset.influencers[rank.videoInfluencerRow[row]] : null;
  const goods = rank.videoGoodsRow[row] >= 0 ? dataset.goods[rank.videoGoodsRow[row]] : null;
  return {
    metrics: { ...videoCard(snapshot, video), ...apiFigures(video.stats), followers: author?.stats.followers ?? null },
    author: author ? influencerCard(author) : null,
    product: goods ? goodsCard(snapshot, goods) : null,
    sales: {
      sales_volume: video.stats.salesVolume,
      revenue: video.stats.revenue / 100,
      sales_growth_rate: video.stats.salesGrowthRate,
    },
  };
}

type UsageKind = "music" | "hashtags";

const RANK_HISTORY_DAYS = 30;

/** Video rows using each music / hashtag row, built once per dataset. */
const usersByDataset = new WeakMap<Dataset, Record<UsageKind, number[][]>>();

function videoUsers(snapshot: OracleSnapshot): Record<UsageKind, number[][]> {
  const { dataset } = snapshot;
  let users = usersByDataset.get(dataset);
  if (!users) {
    const music: number[][] = dataset.music.map(() => []);
    const hashtags: number[][] = dataset.hashtags.map(() => []);
    dataset.videos.forEach((video, v) => {
      const m = video.musicId === null ? undefined : snapshot.rows.music.get(video.musicId);
      if (m !== undefined) music[m].push(v);
      for (const tag of video.hashtagIds) {
        const h = snapshot.rows.hashtags.get(tag);
        if (h !== undefined) hashtags[h].push(v);
      }
    });
    users = { music, hashtags };
    usersByDataset.set(dataset, users);
  }
  return users;
}

/** Rank (1-based; null when not listed that day) in the market's hot list of each of the last days. */
export function rankHistory(snapshot: OracleSnapshot, kind: UsageKind, row: number, days = RANK_HISTORY_DAYS) {
  const { dataset, rank } = snapshot;
  const hot = rankDefinition(kind, "hot");
  const market = rank.rowsByMarket[kind].get(dataset[kind][row].market) ?? [];
  const last = dataset.calendar.days - 1;
  const history = [];
  for (let day = Math.max(0, last - days + 1); day <= last; day++) {
    const window = { from: day, to: day, days: 1 };
    const own = hot.evaluate(rank, row, window);
    let position: number | null = null;
    if (own) {
      position = 1;
      const id = dataset[kind][row].id;
      for (const other of market) {
        if (other === row) continue;
        const theirs = hot.evaluate(rank, other, window);
        if (theirs && ahead(theirs.order, own.order, dataset[kind][other].id, id)) position++;
      }
    }
    history.push({ date: dataset.series[kind].dateOf(day), rank: position });
  }
  return history;
}

function ahead(a: readonly number[], b: readonly number[], idA: string, idB: string): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return idA < idB;
}

export function usageDetail(snapshot: OracleSnapshot, kind: UsageKind, id: string) {
  const row = rowOf(snapshot, kind, id);
  const { dataset, rank } = snapshot;
  const videos = videoUsers(snapshot)[kind][row];
  const goods = new Set<number>();
  const influencers = new Set<number>();
  for (const v of videos) {
    if (rank.videoGoodsRow[v] >= 0) goods.add(rank.videoGoodsRow[v]);
    if (rank.videoInfluencerRow[v] >= 0) influencers.add(rank.videoInfluencerRow[v]);
  }
  const card = kind === "music" ? musicCard(dataset.music[row]) : hashtagCard(dataset.hashtags[row]);
  return {
    overview: { ...card, ...apiFigures({ ...dataset[kind][row].stats }) },
    top_videos: topRows(videos, (v) => dataset.videos[v].stats.views, RELATED).map((v) =>
      videoCard(snapshot, dataset.videos[v]),
    ),
    related_goods: topRows([...goods], (g) => dataset.goods[g].stats.totalSales, RELATED).map((g) =>
      goodsCard(snapshot, dataset.goods[g]),
    ),
    related_influencers: topRows([...influencers], (i) => dataset.influencers[i].stats.followers, RELATED).map((i) =>
      influencerCard(dataset.influencers[i]),
    ),
    rank_history: rankHistory(snapshot, kind, row),
  };
}

export function trend(snapshot: OracleSnapshot, kind: EntityKind, id: string, range: DateRange) {
  const row = rowOf(snapshot, kind, id);
  const table = snapshot.dataset.series[kind] as SeriesTable;
  const metrics: readonly string[] = SERIES_METRICS[kind];
  const from = table.dayIndex(range.start);
  const points = [];
  const totals: Record<string, number> = Object.fromEntries(metrics.map((m) => [m, 0]));
  const influencer = kind === "influencers" ? snapshot.dataset.influencers[row] : null;
  for (let k = 0; k < range.days; k++) {
    const day = from + k;
    const values: Record<string, number> = {};
    for (const metric of metrics) {
      values[metric] = table.sum(metric, row, day, day);
      totals[metric] += values[metric];
    }
    if (influencer) values.followers = influencer.initialFollowers + table.sum("followersGained", row, 0, day);
    points.push({ date: table.dateOf(day), ...apiFigures(values) });
  }
  return { range, points, totals: apiFigures(totals) };
}
