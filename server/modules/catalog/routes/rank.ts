// GET /api/v1/rank/{entity}: one rank list, paged, cut to the caller's plan (anonymous visitors
// get the top rows with `limited: true`), optionally sorted by a figure and filtered by number
// ranges (services/list-view.ts) within the rows the plan shows, so no sort or filter reveals
// more. One route per entity, each with its own row schema; any other entity answers a 400
// naming the valid ones. The serialized page is cached, so a
// repeated query costs a tier lookup and a map hit; a visitor's repeated URL is answered before
// validation and the handler (VisitorAnswers, cached-body.ts).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ErrorEnvelope } from "../../../lib/api";
import { DomainError } from "../../../lib/domain-error";
import { Country, ListData, Page, RankRows, Size, StringEnum, Window } from "../schemas";
import { isDefaultView, parseListView, viewKey } from "../services/list-view";
import { requireAccess, tierOf } from "../services/access";
import { cadenceForWindow, ENTITY_KINDS, visiblePage } from "../engine";
import { slotTimes } from "../services/slots";
import { SELF_COMPRESSED, sendCached, VisitorAnswers } from "./cached-body";
import type { DataContext } from "./context";

const RangeBound = (description: string) => Type.Optional(Type.Number({ minimum: -1e15, maximum: 1e15, description }));

export const RankQuery = Type.Object({
  rank_type: Type.Optional(
    Type.String({ maxLength: 40, description: "Default per entity: goods top-sale, influencers breakout, others hot" }),
  ),
  window: Window,
  country: Country,
  category_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  page: Page,
  size: Size,
  sort: Type.Optional(
    Type.String({
      maxLength: 40,
      description: "A number field of the list's rows (price, sales_volume, ...); default rank",
    }),
  ),
  order: Type.Optional(
    StringEnum(["desc", "asc"] as const, { description: "Default desc (for rank: the rank order)" }),
  ),
  min_price: RangeBound("Lowest price (major units)"),
  max_price: RangeBound("Highest price (major units)"),
  min_sales: RangeBound("Fewest units sold"),
  max_sales: RangeBound("Most units sold"),
  min_growth: RangeBound("Lowest growth (a fraction: 0.5 is 50 %)"),
  max_growth: RangeBound("Highest growth (a fraction)"),
});

export const rankRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  const visitors = new VisitorAnswers(ctx.lists.pages, ctx.now);
  for (const entity of ENTITY_KINDS) {
    app.get(
      `/api/v1/rank/${entity}`,
      {
        ...SELF_COMPRESSED,
        onRequest: visitors.answer,
        schema: {
          tags: ["rank"],
          summary: `Rank list of ${entity}`,
          querystring: RankQuery,
          response: envelopeResponses(ListData(RankRows[entity])),
        },
      },
      async (request, reply) => {
        const query = request.query;
        const view = parseListView(entity, query);
        const now = ctx.now();
        const tier = await tierOf(request, ctx, now);
        const { rowLimit } = requireAccess(tier, { action: "list", window: query.window }, ctx.config.planMatrix);
        const times = slotTimes(cadenceForWindow(query.window), now);
        // Before the first generation of the lists is published (a first start): wait for it.
        const preparing = ctx.lists.ready();
        if (preparing) await preparing;
        const snapshot = ctx.data.snapshot;
        const key = [
          snapshot.version,
          entity,
          query.rank_type,
          query.window,
          query.country,
          query.category_id,
          query.page,
          query.size,
          viewKey(view),
          rowLimit,
          times.updated_at,
        ].join("|");
        // A visitor's list is the same for every visitor until the slot ends.
        visitors.remember(request, key, times.until);
        return sendCached(request, reply, ctx.lists.pages, key, async () => {
          const ranked = {
            entity,
            rankType: query.rank_type,
            window: query.window,
            market: query.country,
            categoryId: query.category_id ?? null,
            visibleRows: rowLimit,
          };
          const page = { page: query.page, size: query.size, ...times };
          if (isDefaultView(view)) {
            // Kept as the serialized body only (sendCached), not as the page's objects too.
            const { rows, total, limited } = await ctx.lists.page(
              { ...ranked, page: query.page, size: query.size },
              snapshot,
              { keep: false },
            );
            return { list: rows, total, ...page, limited };
          }
          const { rows, hiddenByPlan = 0 } = await ctx.lists.list({ ...ranked, view }, snapshot);
          const visible = visiblePage(rowLimit, query.page, query.size, rows.length);
          // A view is made of the plan's rows only: its last page says the plan hides more.
          const viewEnd = hiddenByPlan > 0 && visible.offset + visible.count >= rows.length;
          return {
            list: rows.slice(visible.offset, visible.offset + visible.count),
            total: rows.length,
            ...page,
            limited: visible.limited || viewEnd,
          };
        });
      },
    );
  }

  // Static paths win over this one, so it only sees entities that do not exist.
  app.get(
    "/api/v1/rank/:entity",
    { schema: { hide: true, params: Type.Object({ entity: Type.String() }), response: { "4xx": ErrorEnvelope } } },
    async (request) => {
      throw new DomainError(
        400,
        `Unknown entity '${request.params.entity.slice(0, 40)}'; use one of ${ENTITY_KINDS.join(", ")}`,
      );
    },
  );
};
