// GET /api/v1/{goods|influencers|videos|music|hashtags}/{id}/trend: daily values over `days` (7, 15, 30) or a
// custom `start`..`end`, both counted back from the data's yesterday (engine trendRange; a bad
// range is a 400 saying why). Trend ranges are plan features (free: 7 days; custom ranges from
// Premium, else 803) and count as viewing that detail (free if it was opened today). Read from
// the database and kept per data version with the detail answers (detail-answers.ts).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { envelopeResponses } from "../../../lib/api";
import { IdParams, Trend, TrendQuery } from "../detail-schemas";
import { notFound, storedMarket } from "../services/details/lookup";
import { readTrend } from "../store/trend-sql";
import { SELF_COMPRESSED } from "./cached-body";
import type { DataContext } from "./context";
import { trendAccess, TREND_ROUTE_KINDS } from "./trend-request";

export const trendRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  for (const [kind, detailKind] of TREND_ROUTE_KINDS) {
    app.get(
      `/api/v1/${kind}/:id/trend`,
      {
        ...SELF_COMPRESSED,
        schema: {
          tags: ["details"],
          summary: `Daily trend of one of the ${kind}`,
          params: IdParams,
          querystring: TrendQuery,
          response: envelopeResponses(Trend),
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { snapshot, range, gate } = trendAccess(ctx, request, detailKind);
        return ctx.details.send(request, reply, snapshot, {
          key: `${kind}/${id}/trend|${range ? `${range.start}|${range.end}` : ""}`,
          exists: () => storedMarket(ctx.db, kind, id),
          gate,
          build: () => readTrend(ctx.db, snapshot.calendar, kind, id, range!),
          missing: () => notFound(kind, id),
        });
      },
    );
  }
};
