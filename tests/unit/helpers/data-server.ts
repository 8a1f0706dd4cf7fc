// A fake data service on a real local HTTP server for the browsing screens' tests: the home
// sections, rank lists (paged, with the anonymous limit), categories, details, trends, search
// and favourites in the data service's wire shapes (snake_case, {code, msg, data}). A test can
// override any path's reply; every request is recorded.
import { configureApi } from "../../../src/api/client";
import { bindApiToStores } from "../../../src/boot/api-bindings";
import { sendJson, startTestServer, type RecordedRequest, type TestServer } from "./test-server";

type Reply = [number, unknown];
export const ok = (data: unknown): Reply => [200, { code: 0, msg: "success", data }];
export const fail = (status: number, code: number, msg: string): Reply => [status, { code, msg, data: null }];

const images = (kind: string, id: string) => ({
  cover_large: `/api/v1/images/${kind}/${id}.webp`,
  cover_large_privatization: `/api/v1/images/${kind}/${id}.webp`,
  origin_cover: `/api/v1/images/${kind}/${id}.webp`,
  origin_cover_privatization: `/api/v1/images/${kind}/${id}.webp`,
});

export const goodsCard = (n: number) => ({
  id: `g${n}`,
  title: `Product ${n}`,
  market: "VN",
  currency: "VND",
  price: 100_000 + n,
  commission_rate: 0.1,
  category_id: 1001,
  shop_id: "s1",
  shop_name: "Shop one",
  total_sales: 1000 * n,
  ...images("goods", `g${n}`),
});
export const influencerCard = (n: number) => ({
  id: `i${n}`,
  nickname: `Creator ${n}`,
  handle: `creator_${n}`,
  market: "VN",
  category_id: 1001,
  followers: 20_000 + n,
  avatar_larger: `/api/v1/images/influencer/i${n}.webp`,
  avatar_larger_privatization: `/api/v1/images/influencer/i${n}.webp`,
});
export const videoCard = (n: number) => ({
  id: `v${n}`,
  title: `Video ${n}`,
  market: "VN",
  posted_at: "2026-11-20T10:00:00.000Z",
  duration_seconds: 30,
  influencer_id: "i1",
  author_nickname: "Creator 1",
  author_handle: "creator_1",
  goods_id: n % 2 ? "g1" : null,
  views: 5000 * n,
  ...images("video", `v${n}`),
  author_avatar_larger_privatization: "/api/v1/images/influencer/i1.webp",
});
const musicCard = (n: number) => ({
  id: `m${n}`,
  title: `Song ${n}`,
  author: "Band",
  market: "VN",
  duration_seconds: 120,
  original: false,
  ...images("music", `m${n}`),
});
const hashtagCard = (n: number) => ({ id: `h${n}`, name: `tag${n}`, market: "VN" });

const CARDS: Record<string, (n: number) => Record<string, unknown>> = {
  goods: goodsCard,
  influencers: influencerCard,
  videos: videoCard,
  music: musicCard,
  hashtags: hashtagCard,
};

const UPDATED = { updated_at: "2026-11-22T11:00:00.000Z", next_update_at: "2026-11-22T15:00:00.000Z" };

/** Rank row n (1-based) of an entity's list. */
export const rankRow = (entity: string, n: number) => ({
  ...CARDS[entity](n),
  rank: n,
  rank_change: n % 3 === 0 ? null : n % 3 === 1 ? 2 : -1,
  sales_volume: 1000 - n,
  revenue: 50_000_000 - n,
  views: 10_000 - n,
  uses: 500 - n,
  follower_growth_rate: 0.05,
  followers_gained: 300,
  sold_count: 100,
});

export interface DataServerOptions {
  /** Rows in every rank list. */
  total?: number;
  /** Rows a visitor (no authorization header) may see. */
  anonymousRows?: number;
}

export interface DataServer extends TestServer {
  replies: Map<string, Reply | ((request: RecordedRequest) => Reply)>;
  /** The signed-in user's favourites as `${type}:${id}`, newest first. */
  favourites: string[];
  calls: (path: string) => RecordedRequest[];
  reset: () => void;
}

function rankPage(
  request: RecordedRequest,
  entity: string,
  { total = 120, anonymousRows = 10 }: DataServerOptions,
): Reply {
  const page = Number(request.query.get("page") ?? 1);
  const size = Number(request.query.get("size") ?? 20);
  const visible = request.headers.authorization ? total : Math.min(total, anonymousRows);
  const from = (page - 1) * size;
  const count = Math.max(0, Math.min(size, visible - from));
  return ok({
    list: Array.from({ length: count }, (_, i) => rankRow(entity, from + i + 1)),
    total,
    page,
    size,
    ...UPDATED,
    limited: visible < total,
  });
}

const homeSection = (entity: string, rankType: string, window: string, size: number) => ({
  entity,
  rank_type: rankType,
  window,
  cadence: "fresh",
  list: Array.from({ length: size }, (_, i) => rankRow(entity, i + 1)),
  total: 100,
  ...UPDATED,
  limited: false,
});

const DATES = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 9, 23 + i)).toISOString().slice(0, 10));
export const LATEST_DATE = DATES.at(-1)!; // the data's yesterday: 2026-11-21

/** A trend over `days` days ending LATEST_DATE, or the custom start..end asked for. */
function trendReply(request: RecordedRequest): Reply {
  const days = Number(request.query.get("days") ?? 0);
  const start = request.query.get("start") ?? DATES[DATES.length - (days || 7)];
  const end = request.query.get("end") ?? LATEST_DATE;
  const span = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
  const points = Array.from({ length: span }, (_, i) => ({
    date: new Date(Date.parse(start) + i * 86_400_000).toISOString().slice(0, 10),
    sales_volume: i,
    revenue: i * 1000,
    views: 100 * i,
    followers: 20_000 + i,
  }));
  return ok({ range: { start, end, days: span }, points, totals: { sales_volume: 10, revenue: 10_000, views: 1000 } });
}

export const goodsDetailData = (id: string) => ({
  overview: {
    ...goodsCard(1),
    id,
    commission: 10_000,
    total_revenue: 5e8,
    estimated_sales_volume: 2000,
    estimated_sales_amount: 2e8,
    views: 5e6,
    likes: 3e5,
    comments: 1e4,
    related_videos: 1,
    related_influencers: 1,
    sales_growth: 0.25,
    conversion_rate: 0.0006,
    first_seen_date: "2026-11-16",
  },
  shop: {
    id: "s1",
    name: "Shop one",
    market: "VN",
    goods_count: 8,
    total_sales: 7000,
    total_revenue: 1e9,
    avatar_larger: "/api/v1/images/shop/s1.webp",
  },
  specifications: {
    variants: [{ sku: `${id}-1`, name: "Black", price: 100_001 }],
    category_path: [
      { id: 1000, name: "Beauty" },
      { id: 1001, name: "Skincare" },
    ],
  },
  related_videos: [videoCard(1)],
  related_influencers: [influencerCard(1)],
});

const influencerDetailData = (id: string) => ({
  profile: {
    ...influencerCard(1),
    id,
    bio: "Honest reviews",
    price: 150_000,
    followers_gained: 1000,
    product_count: 3,
    posted_count: 10,
    video_count: 12,
    play_count: 190_000,
    total_sales: 440,
    total_revenue: 1e8,
    commission_rate: 0.12,
  },
  basic_analysis: {
    days: 30,
    followers_gained: 700,
    views: 120_000,
    sales_volume: 300,
    revenue: 9e7,
    videos_posted: 12,
    average_views: 10_000,
    engagement_rate: 0.05,
  },
  products: [goodsCard(1), goodsCard(2)],
});

const videoDetailData = (id: string) => ({
  metrics: {
    ...videoCard(1),
    id,
    likes: 3e5,
    comments: 1.5e4,
    shares: 1.1e4,
    sales_volume: 2900,
    revenue: 7.6e8,
    engagement_rate: 0.071,
    commission_rate: 0.08,
    estimated_price: 259_000,
    sales_growth_rate: null,
    followers: 5.3e6,
  },
  author: influencerCard(1),
  product: goodsCard(1),
  sales: { sales_volume: 2900, revenue: 7.6e8, sales_growth_rate: null },
});

/** Influencer videos: 25 in all, odd ones with a product. */
function influencerVideosReply(request: RecordedRequest): Reply {
  const filter = request.query.get("filter") ?? "all";
  const page = Number(request.query.get("page") ?? 1);
  const size = Number(request.query.get("size") ?? 20);
  const all = Array.from({ length: 25 }, (_, i) => videoCard(i + 1)).filter((video) =>
    filter === "with_products"
      ? video.goods_id !== null
      : filter === "without_products"
        ? video.goods_id === null
        : true,
  );
  return ok({ list: all.slice((page - 1) * size, page * size), total: all.length, page, size, filter });
}

function calendarReply(request: RecordedRequest): Reply {
  const month = request.query.get("month") ?? "2026-11";
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: `${month}-${String(i + 1).padStart(2, "0")}`,
    posts: i % 4 === 0 ? 1 : 0,
    sales_volume: i,
    revenue: i * 1000,
  }));
  return ok({ month, days });
}

function detailReply(request: RecordedRequest): Reply | null {
  const match = /^\/api\/v1\/(goods|influencers|videos)\/([^/]+)(\/trend|\/videos|\/calendar)?$/.exec(request.path);
  if (!match) return null;
  const [, entity, id, rest] = match as unknown as [string, string, string, string | undefined];
  if (id === "missing") return fail(404, 404, "Not found");
  if (rest === "/trend") return trendReply(request);
  if (rest === "/videos") return influencerVideosReply(request);
  if (rest === "/calendar") return calendarReply(request);
  return ok(
    entity === "goods"
      ? goodsDetailData(id)
      : entity === "influencers"
        ? influencerDetailData(id)
        : videoDetailData(id),
  );
}

/** Search: 30 videos / influencers whose names contain the keyword; visitors get 401. */
function searchReply(request: RecordedRequest, kind: "videos" | "influencers" | "goods"): Reply {
  if (!request.headers.authorization) return fail(401, 401, "Dear, Please register or login to unlock more features!");
  const keyword = (request.query.get("keyword") ?? "").trim();
  const page = Number(request.query.get("page") ?? 1);
  const size = Number(request.query.get("size") ?? 20);
  const card = { videos: videoCard, influencers: influencerCard, goods: goodsCard }[kind];
  const all = Array.from({ length: 30 }, (_, i) => ({
    ...card(i + 1),
    [kind === "influencers" ? "nickname" : "title"]: `${keyword} result ${i + 1}`,
    score: 1,
  }));
  const hits = keyword === "nothing" ? [] : all;
  return ok({ list: hits.slice((page - 1) * size, page * size), total: hits.length, page, size, keyword });
}

const FAVOURITE_CARDS: Record<string, [string, (n: number) => Record<string, unknown>]> = {
  goods: ["goods", goodsCard],
  influencer: ["influencer", influencerCard],
  video: ["video", videoCard],
  music: ["music", musicCard],
  hashtag: ["hashtag", hashtagCard],
};

/** Favourites of the signed-in user, kept in `favourites` (newest first). */
function favouriteReply(request: RecordedRequest, favourites: string[]): Reply {
  if (!request.headers.authorization) return fail(401, 401, "Dear, Please register or login to unlock more features!");
  if (request.method === "GET") {
    const type = request.query.get("type");
    const page = Number(request.query.get("page") ?? 1);
    const size = Number(request.query.get("size") ?? 20);
    const items = favourites
      .map((key) => key.split(":") as [string, string])
      .filter(([kind]) => !type || kind === type)
      .map(([kind, id]) => {
        const [field, card] = FAVOURITE_CARDS[kind];
        return { type: kind, id, created_at: "2026-11-22T10:00:00.000Z", available: true, [field]: { ...card(1), id } };
      });
    return ok({ list: items.slice((page - 1) * size, page * size), total: items.length, page, size });
  }
  const { type, id } = JSON.parse(request.rawBody) as { type: string; id: string };
  const key = `${type}:${id}`;
  const at = favourites.indexOf(key);
  if (at >= 0) favourites.splice(at, 1);
  if (request.method === "PUT") favourites.unshift(key);
  return ok({ type, id, liked: request.method === "PUT" });
}

function defaultReply(request: RecordedRequest, options: DataServerOptions, favourites: string[]): Reply {
  if (request.path === "/api/v1/tikmeta/portal/like") return favouriteReply(request, favourites);
  // The footer's contact form (docs/api.md "Contact Us").
  if (request.path === "/api/v1/portal/contact" && request.method === "POST") return ok(null);
  if (request.path === "/api/v1/search/videos") return searchReply(request, "videos");
  if (request.path === "/api/v1/search/influencers") return searchReply(request, "influencers");
  if (request.path === "/api/v1/search/goods") return searchReply(request, "goods");
  const rank = /^\/api\/v1\/rank\/(goods|influencers|videos|music|hashtags)$/.exec(request.path);
  if (rank) return rankPage(request, rank[1], options);
  const detail = detailReply(request);
  if (detail) return detail;
  switch (request.path) {
    case "/api/v1/home": {
      const size = Number(request.query.get("size") ?? 10);
      return ok({
        country: request.query.get("country") ?? "VN",
        product_ranking: homeSection("goods", "top-sale", "24h", size),
        top_sale: homeSection("videos", "sales", "24h", size),
        weekly_trend: homeSection("goods", "breakout", "7d", size),
        follower_growth: homeSection("influencers", "follower-growth", "24h", size),
      });
    }
    case "/api/v1/product/categories":
      return ok([
        { id: 1000, parent_id: null, name: "Beauty", children: [{ id: 1001, parent_id: 1000, name: "Skincare" }] },
        { id: 2000, parent_id: null, name: "Womenswear", children: [] },
      ]);
    default:
      return fail(404, 404, "Not found");
  }
}

export async function startDataServer(options: DataServerOptions = {}): Promise<DataServer> {
  const replies: DataServer["replies"] = new Map();
  const favourites: string[] = [];
  const server = await startTestServer((request, response) => {
    const reply = replies.get(request.path);
    const [status, body] =
      typeof reply === "function" ? reply(request) : (reply ?? defaultReply(request, options, favourites));
    sendJson(response, status, body);
  });
  bindApiToStores();
  configureApi({ baseURL: server.url });
  return {
    ...server,
    replies,
    favourites,
    calls: (path: string) => server.requests.filter((request) => request.path === path),
    reset() {
      replies.clear();
      favourites.length = 0;
      server.requests.length = 0;
    },
  };
}
