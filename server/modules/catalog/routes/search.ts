// GET /api/v1/search/videos, /search/influencers and /search/goods: typo-tolerant search
// answered by the database (store/search-sql.ts: captions; nicknames and handles; product titles
// and shop names), ranked by relevance then popularity, optionally in one market, each hit with
// its card read from the database (store/cards-sql.ts, one statement per page, its total the
// popularity the search read). Visitors get 401; a bad keyword (empty, over 100 characters) is a
// 400 that spends nothing; a valid search spends one of the day's searches (802 when used up).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses } from "../../../lib/api";
import { GoodsCard, InfluencerCard, Page, Size, StringEnum, VideoCard } from "../schemas";
import { MARKET_CODES } from "../engine";
import { searchAllowed, spendSearch } from "../services/gate";
import { readSearchHitCards } from "../store/cards-sql";
import { searchStoredDocuments } from "../store/search-sql";
import { WordTermsCache } from "../store/search-vocabulary";
import { SELF_COMPRESSED, sendCached } from "./cached-body";
import type { DataContext } from "./context";

const SearchQuery = Type.Object({
  // The engine answers an over-long keyword with a clear 400; this bound only stops huge inputs.
  keyword: Type.String({ maxLength: 10_000, description: "1-100 characters" }),
  country: Type.Optional(StringEnum(MARKET_CODES)),
  page: Page,
  size: Size,
});

function Results<T extends typeof VideoCard | typeof InfluencerCard | typeof GoodsCard>(card: T) {
  return Type.Object({
    list: Type.Array(Type.Object({ ...card.properties, score: Type.Number() })),
    total: Type.Integer(),
    page: Type.Integer(),
    size: Type.Integer(),
    keyword: Type.String(),
  });
}

export const searchRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  const typos = new WordTermsCache();
  const kinds = [
    { path: "videos", card: VideoCard },
    { path: "influencers", card: InfluencerCard },
    { path: "goods", card: GoodsCard },
  ] as const;
  for (const kind of kinds) {
    app.get(
      `/api/v1/search/${kind.path}`,
      {
        ...SELF_COMPRESSED,
        schema: {
          tags: ["search"],
          summary: `Search ${kind.path}`,
          querystring: SearchQuery,
          response: envelopeResponses(Results(kind.card)),
        },
      },
      async (request, reply) => {
        const tier = await searchAllowed(ctx, request);
        const { keyword, country, page, size } = request.query;
        const snapshot = ctx.data.snapshot;
        const key = [snapshot.version, "search", kind.path, keyword, country, page, size].join("|");
        const search = () =>
          searchStoredDocuments(
            ctx.db,
            kind.path,
            { keyword, market: country, page, size },
            { cache: typos, version: snapshot.dataVersion },
          );
        // Searching before spending also validates the keyword, so a bad one spends nothing; a
        // query answered before (same snapshot) is served from the body cache (searched after
        // all if the body left the cache meanwhile).
        let result = ctx.lists.pages.get(key) === undefined ? await search() : null;
        await spendSearch(ctx, request, tier);
        if (result === null && ctx.lists.pages.get(key) === undefined) result = await search();
        // The page's cards when its body is to be built (read only then: without a result there
        // is no await between the check above and sendCached, so the body found is the one
        // sent); a hit gone from the tables is left out.
        const hits = result?.hits ?? [];
        const cards: Map<string, object> = result
          ? await readSearchHitCards(
              ctx.db,
              snapshot.calendar,
              kind.path,
              new Map(hits.map((hit) => [hit.id, hit.popularity])),
            )
          : new Map<string, object>();
        return sendCached(request, reply, ctx.lists.pages, key, () => ({
          list: hits.filter((hit) => cards.has(hit.id)).map((hit) => ({ ...cards.get(hit.id)!, score: hit.score })),
          total: result!.total,
          page,
          size,
          keyword: keyword.trim(),
        }));
      },
    );
  }
};
