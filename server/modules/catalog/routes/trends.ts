// GET /api/v1/{goods|influencers|videos}/{id}/trend: daily values over `days` (7, 15, 30) or a
// custom `start`..`end`, both counted back from the data's yesterday (engine trendRange; a bad
// range is a 400 saying why). Trend ranges are plan features (free: 7 days; custom ranges from
// Premium, else 803) and count as viewing that detail (free if it was opened today).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { IdParams, Trend, TrendQuery } from "../detail-schemas";
import { trendRange } from "../engine";
import { rowOf } from "../services/details/lookup";
import { trend, type TrendKind } from "../services/details/trend";
import { detailGate, type DetailKind } from "../services/gate";
import type { DataContext } from "./context";

const KINDS: Array<[TrendKind, DetailKind]> = [
  ["goods", "goods"],
  ["influencers", "influencer"],
  ["videos", "video"],
];

export const trendRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  for (const [kind, detailKind] of KINDS) {
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
      async (request) => {
        const snapshot = ctx.data.snapshot;
        const { id } = request.params;
        rowOf(snapshot, kind, id);
        const custom =
          request.query.days === undefined && (request.query.start !== undefined || request.query.end !== undefined);
        const range = trendRange(request.query, snapshot.today);
        await detailGate(
          ctx,
          request,
          detailKind,
          id,
          custom ? { action: "trend", custom: true } : { action: "trend", days: range.days },
        );
        return ok(trend(snapshot, kind, id, range));
      },
    );
  }
};
