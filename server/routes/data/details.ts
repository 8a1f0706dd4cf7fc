// Detail pages: GET /api/v1/goods/{id}, /influencers/{id} (+ /videos and /calendar) and
// /videos/{id}. Each passes the detail gate first: 401 for visitors, 801 when a free user's
// daily detail views are used up (opening the same id again that day is free), 404 for an
// unknown id.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../http/api";
import { SELF_COMPRESSED, sendCached } from "./cached-body";
import {
  CalendarQuery, GoodsDetail, IdParams, InfluencerCalendar, InfluencerDetail, InfluencerVideos, VideoDetail, VideoFilterQuery,
} from "../../http/detail-schemas";
import { goodsDetail } from "../../data/service/details/goods";
import { influencerCalendar, influencerDetail, influencerVideos } from "../../data/service/details/influencers";
import { rowOf } from "../../data/service/details/lookup";
import { videoDetail } from "../../data/service/details/videos";
import { detailGate } from "../../data/service/gate";
import { localeOf } from "./categories";
import type { DataContext } from "./context";

export const detailRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  const tags = ["details"];

  app.get(
    "/api/v1/goods/:id",
    { ...SELF_COMPRESSED, schema: { tags, summary: "Goods detail", params: IdParams, response: envelopeResponses(GoodsDetail) } },
    async (request, reply) => {
      const snapshot = ctx.data.snapshot;
      const { id } = request.params;
      rowOf(snapshot, "goods", id);
      await detailGate(ctx, request, "goods", id);
      const locale = localeOf(request.headers["x-language"]);
      return sendCached(request, reply, ctx.lists.pages, `${snapshot.version}|goods/${id}|${locale}`, () => goodsDetail(snapshot, id, locale));
    },
  );

  app.get(
    "/api/v1/influencers/:id",
    { ...SELF_COMPRESSED, schema: { tags, summary: "Influencer detail", params: IdParams, response: envelopeResponses(InfluencerDetail) } },
    async (request, reply) => {
      const snapshot = ctx.data.snapshot;
      const { id } = request.params;
      rowOf(snapshot, "influencers", id);
      await detailGate(ctx, request, "influencer", id);
      return sendCached(request, reply, ctx.lists.pages, `${snapshot.version}|influencers/${id}`, () => influencerDetail(snapshot, id));
    },
  );

  app.get(
    "/api/v1/influencers/:id/videos",
    { schema: { tags, summary: "An influencer's videos", params: IdParams, querystring: VideoFilterQuery, response: envelopeResponses(InfluencerVideos) } },
    async (request) => {
      const snapshot = ctx.data.snapshot;
      rowOf(snapshot, "influencers", request.params.id);
      await detailGate(ctx, request, "influencer", request.params.id);
      const { filter, page, size } = request.query;
      return ok(influencerVideos(snapshot, request.params.id, filter, page, size) as never);
    },
  );

  app.get(
    "/api/v1/influencers/:id/calendar",
    { schema: { tags, summary: "An influencer's posts and sales per day of a month", params: IdParams, querystring: CalendarQuery, response: envelopeResponses(InfluencerCalendar) } },
    async (request) => {
      const snapshot = ctx.data.snapshot;
      rowOf(snapshot, "influencers", request.params.id);
      await detailGate(ctx, request, "influencer", request.params.id);
      return ok(influencerCalendar(snapshot, request.params.id, request.query.month));
    },
  );

  app.get(
    "/api/v1/videos/:id",
    { ...SELF_COMPRESSED, schema: { tags, summary: "Video detail", params: IdParams, response: envelopeResponses(VideoDetail) } },
    async (request, reply) => {
      const snapshot = ctx.data.snapshot;
      const { id } = request.params;
      rowOf(snapshot, "videos", id);
      await detailGate(ctx, request, "video", id);
      return sendCached(request, reply, ctx.lists.pages, `${snapshot.version}|videos/${id}`, () => videoDetail(snapshot, id));
    },
  );
};
