// GET /api/v1/home: the four home sections in one call, each a short rank list with
// the update times of its own cadence: the 24h product ranking (home ranking, every
// 6 h), the top-sale videos (fresh, every 4 h), the weekly trend (breakout goods over 7 days,
// every 12 h at 12:00) and follower growth (fresh). Rows are cut to the caller's plan.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { Country, Instant, RankRows, StringEnum } from "../schemas";
import { requireAccess, tierOf } from "../services/access";
import { CADENCES, RANK_WINDOWS, type Cadence, type EntityKind, type RankWindow } from "../engine";
import { slotTimes } from "../services/slots";
import type { DataContext } from "./context";

interface SectionDefinition {
  entity: EntityKind;
  rankType: string;
  window: RankWindow;
  cadence: Cadence;
}

export const HOME_SECTIONS = {
  product_ranking: { entity: "goods", rankType: "top-sale", window: "24h", cadence: "home" },
  top_sale: { entity: "videos", rankType: "sales", window: "24h", cadence: "fresh" },
  weekly_trend: { entity: "goods", rankType: "breakout", window: "7d", cadence: "weekly-trend" },
  follower_growth: { entity: "influencers", rankType: "follower-growth", window: "24h", cadence: "fresh" },
} as const satisfies Record<string, SectionDefinition>;

function Section<T extends (typeof RankRows)[EntityKind]>(row: T) {
  return Type.Object({
    entity: Type.String(),
    rank_type: Type.String(),
    window: StringEnum(RANK_WINDOWS),
    cadence: StringEnum(Object.keys(CADENCES) as Cadence[]),
    list: Type.Array(row),
    total: Type.Integer(),
    updated_at: Instant,
    next_update_at: Instant,
    limited: Type.Boolean(),
  });
}

const HomeData = Type.Object({
  country: Type.String(),
  product_ranking: Section(RankRows.goods),
  top_sale: Section(RankRows.videos),
  weekly_trend: Section(RankRows.goods),
  follower_growth: Section(RankRows.influencers),
});

export const homeRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  app.get(
    "/api/v1/home",
    {
      schema: {
        tags: ["rank"],
        summary: "The four home sections",
        querystring: Type.Object({ country: Country, size: Type.Integer({ minimum: 1, maximum: 50, default: 10 }) }),
        response: envelopeResponses(HomeData),
      },
    },
    async (request) => {
      const { country, size } = request.query;
      const now = ctx.now();
      const tier = await tierOf(request, ctx, now);
      // Before the first generation of the lists is published (a first start): wait for it.
      const preparing = ctx.lists.ready();
      if (preparing) await preparing;
      const snapshot = ctx.data.snapshot;
      const section = async <K extends EntityKind>(definition: SectionDefinition & { entity: K }) => {
        const { rowLimit } = requireAccess(tier, { action: "list", window: definition.window }, ctx.config.planMatrix);
        const { rows, total, limited } = await ctx.lists.page(
          {
            entity: definition.entity,
            rankType: definition.rankType,
            window: definition.window,
            market: country,
            visibleRows: rowLimit,
            page: 1,
            size,
          },
          snapshot,
        );
        return {
          entity: definition.entity,
          rank_type: definition.rankType,
          window: definition.window,
          cadence: definition.cadence,
          list: rows,
          total,
          ...slotTimes(definition.cadence, now),
          limited,
        };
      };
      const [productRanking, topSale, weeklyTrend, followerGrowth] = await Promise.all([
        section(HOME_SECTIONS.product_ranking),
        section(HOME_SECTIONS.top_sale),
        section(HOME_SECTIONS.weekly_trend),
        section(HOME_SECTIONS.follower_growth),
      ]);
      return ok({
        country,
        product_ranking: productRanking,
        top_sale: topSale,
        weekly_trend: weeklyTrend,
        follower_growth: followerGrowth,
      });
    },
  );
};
