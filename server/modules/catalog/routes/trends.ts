// GET /api/v1/{goods|influencers|videos|music|hashtags}/{id}/trend: daily values over `days` (7, 15, 30) or a
// custom `start`..`end`, both counted back from the data's yesterday (engine trendRange; a bad
// range is a 400 saying why). Trend ranges are plan features (free: 7 days; custom ranges from
// Premium, else 803) and count as viewing that detail (free if it was opened today).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { IdParams, Trend, TrendQuery } from "../detail-schemas";
import type { DataContext } from "./context";
import { gatedTrend, TREND_ROUTE_KINDS } from "./trend-request";

export const trendRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  for (const [kind, detailKind] of TREND_ROUTE_KINDS) {
    app.get(
      `/api/v1/${kind}/:id/trend`,
      {
        schema: {
          tags: ["details"],
          summary: `Daily trend of one of the ${kind}`,
          params: IdParams,
          querystring: TrendQuery,
          response: envelopeResponses(Trend),
        },
      },
      async (request) => ok((await gatedTrend(ctx, request, kind, detailKind)).values),
    );
  }
};
