// CSV exports of catalog data (issue 15), for plans with the `export` feature (visitors 401,
// others 803, as JSON envelopes): GET /api/v1/export/rank/{entity} (the rows of the list the
// plan shows, with the rank route's query: sort, filters, market, window), /export/favourites
// (one type, newest first) and /export/trend/{kind}/{id} (the trend route's range rules and
// detail-view quota). Tables: services/export-tables.ts; writing: server/lib/csv.ts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { ErrorEnvelope } from "../../../lib/api";
import { sendCsv } from "../../../lib/csv";
import { IdParams, TrendQuery } from "../detail-schemas";
import { ENTITY_KINDS } from "../engine";
import { StringEnum } from "../schemas";
import { requireAccess, tierOf } from "../services/access";
import {
  FAVOURITE_CARDS,
  favouritesTable,
  rankTable,
  trendTable,
  type FavouriteExportType,
} from "../services/export-tables";
import { listFavourites } from "../services/favourites";
import { parseListView } from "../services/list-view";
import type { DataContext } from "./context";
import { RankQuery } from "./rank";
import { gatedTrend, TREND_ROUTE_KINDS } from "./trend-request";

/** Favourites are few; this bounds a file all the same. */
const MAX_FAVOURITE_ROWS = 10_000;

const CSV_RESPONSES = {
  200: Type.String({ description: "text/csv; charset=utf-8 with a UTF-8 BOM, as an attachment" }),
  "4xx": ErrorEnvelope,
  "5xx": ErrorEnvelope,
};
const tags = ["export"];

export const exportRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  /** 401 for visitors, 803 without the export feature; the caller's tier otherwise. */
  const exportAllowed = async (request: Parameters<typeof tierOf>[0]) => {
    const tier = await tierOf(request, ctx, ctx.now());
    requireAccess(tier, { action: "export" }, ctx.config.planMatrix);
    return tier;
  };

  // Page and size of the rank query are ignored: the file holds every row the plan shows.
  const { page: _page, size: _size, ...rankExportFields } = RankQuery.properties;
  const RankExportQuery = Type.Object(rankExportFields);

  for (const entity of ENTITY_KINDS) {
    app.get(
      `/api/v1/export/rank/${entity}`,
      {
        schema: {
          tags,
          summary: `The ${entity} rank list as CSV`,
          querystring: RankExportQuery,
          response: CSV_RESPONSES,
        },
      },
      async (request, reply) => {
        const query = request.query;
        const view = parseListView(entity, query);
        const tier = await exportAllowed(request);
        const { rowLimit } = requireAccess(tier, { action: "list", window: query.window }, ctx.config.planMatrix);
        // Before the first generation of the lists is published (a first start): wait for it.
        const preparing = ctx.lists.ready();
        if (preparing) await preparing;
        const { rows } = await ctx.lists.list({
          entity,
          rankType: query.rank_type,
          window: query.window,
          market: query.country,
          categoryId: query.category_id ?? null,
          view,
          visibleRows: rowLimit,
        });
        const shown = rowLimit === null ? rows : rows.slice(0, rowLimit);
        const name = ["shopradar", entity, query.rank_type ?? "", query.country, query.window]
          .filter(Boolean)
          .join("-");
        return sendCsv(reply, name, rankTable(entity, shown));
      },
    );
  }

  app.get(
    "/api/v1/export/favourites",
    {
      schema: {
        tags,
        summary: "The user's favourites of one type as CSV",
        querystring: Type.Object({ type: StringEnum(ENTITY_KINDS) }),
        response: CSV_RESPONSES,
      },
    },
    async (request, reply) => {
      await exportAllowed(request);
      const type: FavouriteExportType = request.query.type;
      const { kind } = FAVOURITE_CARDS[type];
      const snapshot = ctx.data.snapshot;
      const { list } = await listFavourites(ctx.db, snapshot, request.user!.id, kind, 1, MAX_FAVOURITE_ROWS);
      const entries = list.map((item) => ({
        id: item.id,
        created_at: item.created_at,
        available: item.available,
        card: (item as Record<string, unknown>)[kind] as Record<string, unknown> | undefined,
      }));
      return sendCsv(reply, `shopradar-favourites-${type}`, favouritesTable(type, entries));
    },
  );

  for (const [kind, detailKind] of TREND_ROUTE_KINDS) {
    app.get(
      `/api/v1/export/trend/${kind}/:id`,
      {
        schema: {
          tags,
          summary: `The daily trend of one of the ${kind} as CSV`,
          params: IdParams,
          querystring: TrendQuery,
          response: CSV_RESPONSES,
        },
      },
      async (request, reply) => {
        await exportAllowed(request);
        const { market, values, range } = await gatedTrend(ctx, request, kind, detailKind);
        return sendCsv(
          reply,
          `shopradar-${kind}-${request.params.id}-trend-${range.start}-${range.end}`,
          trendTable(values, market),
        );
      },
    );
  }
};
