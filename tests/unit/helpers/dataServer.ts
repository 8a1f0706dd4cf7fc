// A fake data service on a real local HTTP server for the browsing screens' tests: the home
// sections, rank lists (paged, with the anonymous limit), categories, details, trends, search
// and favourites in the data service's wire shapes (snake_case, {code, msg, data}). A test can
// override any path's reply; every request is recorded.
import { configureApi } from "../../../src/api/client";
import { bindApiToStores } from "../../../src/app/apiBindings";
import { sendJson, startTestServer, type RecordedRequest, type TestServer } from "./testServer";

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
const musicCard = (n: number) => ({ id: `m${n}`, title: `Song ${n}`, author: "Band", market: "VN", duration_seconds: 120, original: false, ...images("music", `m${n}`) });
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
  ...CARDS[entity]!(n),
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
  calls(path: string): RecordedRequest[];
  reset(): void;
}

function rankPage(request: RecordedRequest, entity: string, { total = 120, anonymousRows = 10 }: DataServerOptions): Reply {
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

function defaultReply(request: RecordedRequest, options: DataServerOptions): Reply {
  const rank = /^\/api\/v1\/rank\/(goods|influencers|videos|music|hashtags)$/.exec(request.path);
  if (rank) return rankPage(request, rank[1]!, options);
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
  const server = await startTestServer((request, response) => {
    const reply = replies.get(request.path);
    const [status, body] = typeof reply === "function" ? reply(request) : (reply ?? defaultReply(request, options));
    sendJson(response, status, body);
  });
  bindApiToStores();
  configureApi({ baseURL: server.url });
  return {
    ...server,
    replies,
    calls: (path: string) => server.requests.filter((request) => request.path === path),
    reset() {
      replies.clear();
      server.requests.length = 0;
    },
  };
}
